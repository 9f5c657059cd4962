import {
  ACTION_ITEM_IMAGE_MAX_BYTES,
  ACTION_ITEM_IMAGE_TOO_LARGE,
  ACTION_ITEM_IMAGE_UNKNOWN,
  type THubSettings,
  type TUpdateActionItemSettingRequest,
} from '@commons/contract';
import { actionItemBanner, type TActionItemType } from '@commons/domain';
import type { TTx } from '../../db/client.js';
import { actionItemCompletions, type TActionItemCompletedBy } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { uploadedHubImageErrors } from '../files/hub-images.js';
import { saveModuleSetting } from '../hubs/hubs.commands.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { emitToUsers } from '../realtime/realtime.events.js';
import { actionItemSettingOf, AVAILABLE_ACTION_ITEMS } from './action-items.policy.js';

/**
 * Completes an action item of a user in the given hubs, inside the caller's transaction (the event's own):
 * insert … on conflict do nothing, so a repeated or concurrent event completes it exactly once, and the
 * realtime 'action-item.completed' event (spec 4) is written only for the rows actually inserted.
 * Answers the hubs in which it was newly completed.
 */
export async function completeActionItem(
  tx: TTx,
  options: {
    clusterId: string;
    userId: string;
    hubIds: readonly number[];
    type: TActionItemType;
    completedBy: TActionItemCompletedBy;
    now: Date;
  },
): Promise<number[]> {
  const hubIds = [...new Set(options.hubIds)].sort((a, b) => a - b);
  if (hubIds.length === 0 || !AVAILABLE_ACTION_ITEMS.includes(options.type)) return [];
  const inserted = await tx
    .insert(actionItemCompletions)
    .values(
      hubIds.map((hubId) => ({
        clusterId: options.clusterId,
        hubId,
        userId: options.userId,
        type: options.type,
        completedAt: options.now,
        completedBy: options.completedBy,
      })),
    )
    .onConflictDoNothing({
      target: [actionItemCompletions.userId, actionItemCompletions.hubId, actionItemCompletions.type],
    })
    .returning({ hubId: actionItemCompletions.hubId });
  // One after another: a transaction's queries share one connection.
  for (const { hubId } of inserted) {
    const settings = await getHubSettings(tx, hubId);
    const banner = actionItemBanner({
      type: options.type,
      overrides: actionItemSettingOf(settings, options.type),
    });
    await emitToUsers(tx, options.clusterId, [options.userId], {
      type: 'action-item.completed',
      payload: { hubId: String(hubId), actionItem: options.type, title: banner.title },
    });
  }
  return inserted.map((r) => r.hubId);
}

/** The hubs of the viewer an event about them counts in: every hub they belong to, and the request's hub. */
export function viewerHubIds(ctx: TRequestContext): number[] {
  const viewer = ctx.requireViewer();
  return [...viewer.memberships.map((m) => m.hubId), ...(ctx.hub ? [ctx.hub.id] : [])];
}

/**
 * Completes an item of the viewer that their own action fulfilled (a user-level fact: the profile, their
 * documents, a career story), in every hub of theirs.
 */
export async function completeViewerActionItem(
  ctx: TRequestContext,
  type: TActionItemType,
): Promise<number[]> {
  const viewer = ctx.requireViewer();
  return completeActionItem(ctx.tx, {
    clusterId: ctx.clusterId,
    userId: viewer.user.id,
    hubIds: viewerHubIds(ctx),
    type,
    completedBy: 'event',
    now: ctx.now,
  });
}

/** The storage key of an uploaded rich-text image URL (/api/rich-text/images/{key}). */
function imageKeyOf(url: string | null): string | null {
  return url === null ? null : (/^\/api\/rich-text\/images\/([a-f0-9]{32})$/.exec(url)?.[1] ?? null);
}

/**
 * Stores a hub admin's edits of one action item in hub moduleSettings.actionItems[type] (spec 3). Each image
 * must be an image uploaded to this hub through the rich-text endpoint, of at most 120 kB.
 */
export async function updateActionItemSetting(
  ctx: TRequestContext,
  options: { type: TActionItemType; setting: TUpdateActionItemSettingRequest },
): Promise<THubSettings> {
  const hubId = ctx.requireHub().id;
  const { setting } = options;
  const fields = await uploadedHubImageErrors(ctx.tx, {
    hubId,
    images: { imageUrl: setting.imageUrl, mobileImageUrl: setting.mobileImageUrl },
    maxBytes: ACTION_ITEM_IMAGE_MAX_BYTES,
    messages: { unknown: ACTION_ITEM_IMAGE_UNKNOWN, tooLarge: ACTION_ITEM_IMAGE_TOO_LARGE },
  });
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const settings = await getHubSettings(ctx.tx, hubId);
  const current = settings.moduleSettings['actionItems'];
  const actionItems = {
    ...(typeof current === 'object' && current !== null ? current : {}),
    [options.type]: setting,
  };
  return saveModuleSetting(ctx, {
    hubId,
    settings,
    key: 'actionItems',
    value: actionItems,
    audit: { action: 'action_item.setting_updated', data: { type: options.type } },
  });
}
