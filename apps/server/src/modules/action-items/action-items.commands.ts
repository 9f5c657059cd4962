import {
  ACTION_ITEM_IMAGE_MAX_BYTES,
  ACTION_ITEM_IMAGE_TOO_LARGE,
  ACTION_ITEM_IMAGE_UNKNOWN,
  ACTION_ITEM_LINK_REQUIRED,
  type THubSettings,
  type TSaveActionItemReflectionResponse,
  type TUpdateActionItemSettingRequest,
} from '@commons/contract';
import { actionItemBanner, type TActionItemType } from '@commons/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  actionItemCompletions,
  actionItemImpressions,
  type TActionItemCompletedBy,
} from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
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

/** Rows an INSERT without RETURNING wrote: node-postgres answers rowCount, PGlite affectedRows. */
function insertedRowCount(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}

/**
 * Completes an action item of another person the event concerns (the other participant of an accepted
 * meeting), in those of the given hubs the request may see. Their rows cannot be read back (RLS: only an
 * insert is allowed, migration 0031), so each hub is one insert whose row count says whether it was new;
 * the realtime event goes to that person only then. Answers the hubs in which it was newly completed.
 */
export async function completeOtherUserActionItem(
  ctx: TRequestContext,
  options: { userId: string; hubIds: readonly number[]; type: TActionItemType },
): Promise<number[]> {
  if (!AVAILABLE_ACTION_ITEMS.includes(options.type)) return [];
  const visible = new Set(viewerHubIds(ctx));
  const hubIds = [...new Set(options.hubIds)].filter((hubId) => visible.has(hubId)).sort((a, b) => a - b);
  const completed: number[] = [];
  for (const hubId of hubIds) {
    const result = await ctx.tx
      .insert(actionItemCompletions)
      .values({
        clusterId: ctx.clusterId,
        hubId,
        userId: options.userId,
        type: options.type,
        completedAt: ctx.now,
        completedBy: 'event',
      })
      // No conflict target: naming one needs SELECT on the row, which RLS refuses for another user's row.
      .onConflictDoNothing();
    if (insertedRowCount(result) === 0) continue;
    completed.push(hubId);
    const settings = await getHubSettings(ctx.tx, hubId);
    const banner = actionItemBanner({
      type: options.type,
      overrides: actionItemSettingOf(settings, options.type),
    });
    await emitToUsers(ctx.tx, ctx.clusterId, [options.userId], {
      type: 'action-item.completed',
      payload: { hubId: String(hubId), actionItem: options.type, title: banner.title },
    });
  }
  return completed;
}

/** The hubs of the viewer an event about them counts in: every hub they belong to, and the request's hub. */
export function viewerHubIds(ctx: TRequestContext): number[] {
  const viewer = ctx.requireViewer();
  return [...viewer.memberships.map((m) => m.hubId), ...(ctx.hub ? [ctx.hub.id] : [])];
}

/**
 * Completes an item of the viewer that their own action fulfilled (a user-level fact: the profile, their
 * documents, a career story), in every hub of theirs, or only in `hubIds` of theirs when the act belongs
 * to a hub (joining a group of it).
 */
export async function completeViewerActionItem(
  ctx: TRequestContext,
  type: TActionItemType,
  options: { hubIds?: readonly number[] } = {},
): Promise<number[]> {
  const viewer = ctx.requireViewer();
  const mine = viewerHubIds(ctx);
  const only = options.hubIds;
  return completeActionItem(ctx.tx, {
    clusterId: ctx.clusterId,
    userId: viewer.user.id,
    hubIds: only === undefined ? mine : mine.filter((hubId) => only.includes(hubId)),
    type,
    completedBy: 'event',
    now: ctx.now,
  });
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
  // The manual item is offered only with a link (isActionItemOffered): on without one, it would show nothing.
  if (options.type === 'custom_manual_action' && setting.isEnabled && !setting.link?.trim())
    fields['link'] = ACTION_ITEM_LINK_REQUIRED;
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

/** A refetch within this time is the same showing of a banner, not a new one (spec 3 showLimit). */
export const IMPRESSION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Counts one showing of each listed banner that has a showLimit (spec 3), at most once an hour per banner,
 * so the home's prefetch and refetches count as one visit. One statement for all of them.
 */
export async function recordActionItemImpressions(
  ctx: TRequestContext,
  options: { hubId: number; types: readonly TActionItemType[] },
): Promise<void> {
  if (options.types.length === 0) return;
  const userId = ctx.requireViewer().user.id;
  await ctx.tx
    .insert(actionItemImpressions)
    .values(
      options.types.map((type) => ({
        clusterId: ctx.clusterId,
        hubId: options.hubId,
        userId,
        type,
        timesShown: 1,
        lastShownAt: ctx.now,
      })),
    )
    .onConflictDoUpdate({
      target: [actionItemImpressions.userId, actionItemImpressions.hubId, actionItemImpressions.type],
      set: { timesShown: sql`${actionItemImpressions.timesShown} + 1`, lastShownAt: ctx.now },
      setWhere: lt(actionItemImpressions.lastShownAt, new Date(ctx.now.getTime() - IMPRESSION_INTERVAL_MS)),
    });
}

/**
 * Keeps the viewer's answer to the reflection prompt of an item they completed in the hub, or their skip
 * (null); either way the prompt is not shown again. 404 when the item is not completed there.
 */
export async function saveActionItemReflection(
  ctx: TRequestContext,
  options: { type: TActionItemType; reflection: string | null },
): Promise<TSaveActionItemReflectionResponse> {
  const hubId = ctx.requireHub().id;
  const userId = ctx.requireViewer().user.id;
  const reflection = options.reflection?.trim() || null;
  const [row] = await ctx.tx
    .update(actionItemCompletions)
    .set({ reflection, reflectedAt: ctx.now })
    .where(
      and(
        eq(actionItemCompletions.userId, userId),
        eq(actionItemCompletions.hubId, hubId),
        eq(actionItemCompletions.type, options.type),
      ),
    )
    .returning({
      reflection: actionItemCompletions.reflection,
      reflectedAt: actionItemCompletions.reflectedAt,
    });
  if (!row?.reflectedAt) throw notFound('Action item');
  return { type: options.type, reflection: row.reflection, reflectedAt: row.reflectedAt.toISOString() };
}
