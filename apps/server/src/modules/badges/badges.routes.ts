import { BADGE_ENDPOINTS } from '@commons/contract';
import { isHubFeatureOn } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { tenantRoute } from '../../plugins/route.js';
import { requireHubReader } from '../content/content.policy.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { loadViewedProfile } from '../profiles/profiles.access.js';
import { createBadge, deleteBadge, updateBadge } from './badges.commands.js';
import { mayManageBadges, requireBadgeManager } from './badges.policy.js';
import { presentBadge, presentEarnedBadge } from './badges.presenter.js';
import { listEarnedBadges, listHubBadges } from './badges.queries.js';

/**
 * Badges (issue #18 item 5): the hub's list, the profile section badges, admin create/edit/delete. While the
 * hub's compass and achievements feature is off (spec 6), members see no badge; the admins' screen stays.
 */
export const badgeRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, BADGE_ENDPOINTS.list, async (ctx, { query }) => {
    requireHubReader(ctx);
    const hub = ctx.requireHub();
    const canEdit = mayManageBadges(ctx);
    if (!canEdit) {
      const settings = await getHubSettings(ctx.tx, hub.id);
      if (!isHubFeatureOn(settings.featureFlags, 'compassAndAchievements'))
        return { items: [], nextCursor: null };
    }
    const page = await listHubBadges(ctx.tx, {
      hubId: hub.id,
      viewerId: ctx.requireViewer().user.id,
      only: query.isEarned === 'true' ? 'earned' : canEdit ? 'all' : 'enabled',
      page: query,
    });
    return {
      items: page.rows.map((r) => presentBadge(r.badge, { earnedAt: r.earnedAt, canEdit })),
      nextCursor: page.nextCursor,
    };
  });

  tenantRoute(app, BADGE_ENDPOINTS.profileBadges, async (ctx, { params, query }) => {
    const viewed = await loadViewedProfile(ctx, params.identifier);
    const hubId = viewed.access.membership?.membership.hubId;
    if (!viewed.access.sections.has('badges')) throw notFound('Badges');
    if (hubId === undefined) return { items: [], nextCursor: null, isEnabled: true };
    // viewed.settings are those of the hub that decides the profile (hubId).
    if (!isHubFeatureOn(viewed.settings?.featureFlags, 'compassAndAchievements'))
      return { items: [], nextCursor: null, isEnabled: false };
    const page = await listEarnedBadges(ctx.tx, { hubId, userId: viewed.record.user.id, page: query });
    return {
      items: page.rows.map((r) => presentEarnedBadge(r.badge, r.earnedAt)),
      nextCursor: page.nextCursor,
      isEnabled: true,
    };
  });

  tenantRoute(app, BADGE_ENDPOINTS.create, async (ctx, { body }) => {
    requireBadgeManager(ctx);
    return presentBadge(await createBadge(ctx, body), { earnedAt: null, canEdit: true });
  });

  tenantRoute(app, BADGE_ENDPOINTS.update, async (ctx, { params, body }) => {
    requireBadgeManager(ctx);
    const row = await updateBadge(ctx, { id: params.id, body });
    return presentBadge(row, { earnedAt: null, canEdit: true });
  });

  tenantRoute(app, BADGE_ENDPOINTS.remove, async (ctx, { params }) => {
    requireBadgeManager(ctx);
    await deleteBadge(ctx, params.id);
    return { id: params.id };
  });
};
