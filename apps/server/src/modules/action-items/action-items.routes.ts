import { ACTION_ITEM_ENDPOINTS } from '@commons/contract';
import { ACTION_ITEM_TYPES, shouldShowActionItem } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { tenantRoute } from '../../plugins/route.js';
import { requireHubReader } from '../content/content.policy.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { mayHaveCareerStories } from '../profiles/career-stories.policy.js';
import { completeActionItem, updateActionItemSetting } from './action-items.commands.js';
import { isActionItemOffered, MANUAL_ACTION_ITEMS } from './action-items.policy.js';
import { presentActionItem } from './action-items.presenter.js';
import { completedActionItemTypes } from './action-items.queries.js';

/** GET /api/action-items and the manual completion (issue #18 item 4, spec 3 Action items). */
export const actionItemRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, ACTION_ITEM_ENDPOINTS.list, async (ctx) => {
    requireHubReader(ctx);
    const hub = ctx.requireHub();
    const viewer = ctx.requireViewer();
    const settings = await getHubSettings(ctx.tx, hub.id);
    const completed = await completedActionItemTypes(ctx.tx, { hubId: hub.id, userId: viewer.user.id });
    // The items offered today have no showLimit, so no show counter is kept yet (timesShown 0).
    const userType = ctx.membership?.userType ?? null;
    const types = ACTION_ITEM_TYPES.filter(
      (type) =>
        isActionItemOffered(settings, type) &&
        (type !== 'career_stories' || mayHaveCareerStories(userType, settings)) &&
        shouldShowActionItem({ type, timesShown: 0, isCompleted: completed.has(type) }),
    );
    return { items: types.map((type) => presentActionItem(settings, type)) };
  });

  tenantRoute(app, ACTION_ITEM_ENDPOINTS.complete, async (ctx, { params }) => {
    requireHubReader(ctx);
    const hub = ctx.requireHub();
    const viewer = ctx.requireViewer();
    const settings = await getHubSettings(ctx.tx, hub.id);
    if (!MANUAL_ACTION_ITEMS.includes(params.type) || !isActionItemOffered(settings, params.type))
      throw notFound('Action item');
    const hubIds = await completeActionItem(ctx.tx, {
      clusterId: ctx.clusterId,
      userId: viewer.user.id,
      hubIds: [hub.id],
      type: params.type,
      completedBy: 'manual',
      now: ctx.now,
    });
    if (hubIds.length > 0)
      await ctx.audit({ action: 'action_item.complete', targetType: 'action_item', targetId: params.type });
    return { type: params.type, isNewlyCompleted: hubIds.length > 0 };
  });

  tenantRoute(app, ACTION_ITEM_ENDPOINTS.updateSetting, async (ctx, { params, body }) => {
    ctx.requireViewer();
    ctx.requireHub();
    ctx.requireRight('branding-settings');
    const settings = await updateActionItemSetting(ctx, { type: params.type, setting: body });
    return presentActionItem(settings, params.type);
  });
};
