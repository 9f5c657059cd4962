import { ACTION_ITEM_ENDPOINTS } from '@commons/contract';
import { ACTION_ITEMS, ACTION_ITEM_TYPES, shouldShowActionItem, type TActionItemType } from '@commons/domain';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { tenantRoute } from '../../plugins/route.js';
import { presentFollowUpItems } from '../advising/advising.presenter.js';
import { openFollowUps } from '../advising/advising.queries.js';
import { requireHubReader } from '../content/content.policy.js';
import { hasReceivedAutoGreeting } from '../hub-welcome/hub-welcome.queries.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import {
  completeActionItem,
  IMPRESSION_INTERVAL_MS,
  recordActionItemImpressions,
  saveActionItemReflection,
  updateActionItemSetting,
} from './action-items.commands.js';
import {
  isActionItemFeatureOn,
  isActionItemForUserType,
  isActionItemOffered,
  MANUAL_ACTION_ITEMS,
} from './action-items.policy.js';
import { presentActionItem, presentActionItemAdminEntry } from './action-items.presenter.js';
import {
  actionItemShowings,
  completedActionItems,
  type TActionItemShowings,
} from './action-items.queries.js';

/**
 * GET /api/action-items with the reflection prompts to answer, the manual completion, the reflection answer,
 * and the admins' list and edit of the banners (issue #18 item 4, spec 3 Action items).
 */
export const actionItemRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, ACTION_ITEM_ENDPOINTS.list, async (ctx) => {
    requireHubReader(ctx);
    const hub = ctx.requireHub();
    const viewer = ctx.requireViewer();
    const settings = await getHubSettings(ctx.tx, hub.id);
    const completed = await completedActionItems(ctx.tx, { hubId: hub.id, userId: viewer.user.id });
    const userType = ctx.membership?.userType ?? null;
    const offered = ACTION_ITEM_TYPES.filter(
      (type) =>
        isActionItemOffered(settings, type) &&
        isActionItemForUserType(settings, userType, type) &&
        !completed.has(type),
    );
    // The welcome item points at the auto-greeting: only members who received one are asked to open it.
    const hasGreeting =
      offered.includes('auto_greeting_welcome') &&
      (await hasReceivedAutoGreeting(ctx.tx, { hubId: hub.id, userId: viewer.user.id }));
    const candidates = offered.filter((type) => type !== 'auto_greeting_welcome' || hasGreeting);
    const limited = candidates.filter((type) => ACTION_ITEMS[type].showLimit !== null);
    const showings =
      limited.length > 0
        ? await actionItemShowings(ctx.tx, {
            hubId: hub.id,
            userId: viewer.user.id,
            now: ctx.now,
            sameVisitMs: IMPRESSION_INTERVAL_MS,
          })
        : new Map<TActionItemType, TActionItemShowings>();
    const types = candidates.filter((type) =>
      shouldShowActionItem({
        type,
        timesShown: showings.get(type)?.earlierVisits ?? 0,
        isCompleted: false,
      }),
    );
    // Only a new visit's showings are written: refetches within the hour change nothing.
    await recordActionItemImpressions(ctx, {
      hubId: hub.id,
      types: types.filter((type) => limited.includes(type) && showings.get(type)?.isCounted !== true),
    });
    const reflections = [...completed.values()].flatMap(({ type, isReflected }) => {
      if (isReflected || !isActionItemOffered(settings, type)) return [];
      const banner = presentActionItem(settings, type);
      return banner.reflectionPrompt === null
        ? []
        : [{ type, title: banner.title, prompt: banner.reflectionPrompt }];
    });
    const followUps = presentFollowUpItems(
      await openFollowUps(ctx.tx, { hubId: hub.id, userId: viewer.user.id }),
    );
    return { items: types.map((type) => presentActionItem(settings, type)), reflections, followUps };
  });

  tenantRoute(app, ACTION_ITEM_ENDPOINTS.saveReflection, async (ctx, { params, body }) => {
    requireHubReader(ctx);
    return saveActionItemReflection(ctx, { type: params.type, reflection: body.reflection });
  });

  tenantRoute(app, ACTION_ITEM_ENDPOINTS.listSettings, async (ctx) => {
    ctx.requireViewer();
    const hub = ctx.requireHub();
    ctx.requireRight('branding-settings');
    const settings = await getHubSettings(ctx.tx, hub.id);
    return {
      items: ACTION_ITEM_TYPES.filter((type) => isActionItemFeatureOn(settings, type)).map((type) =>
        presentActionItemAdminEntry(settings, type),
      ),
    };
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
