import type { TActionItemType } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { actionItemCompletions, actionItemImpressions } from '../../db/schema/index.js';

/** One of the user's completed items in a hub, and whether its reflection prompt was answered or skipped. */
export interface TCompletedActionItem {
  type: TActionItemType;
  isReflected: boolean;
}

/** The action items a user completed in a hub. */
export async function completedActionItems(
  tx: TTx,
  options: { hubId: number; userId: string },
): Promise<Map<TActionItemType, TCompletedActionItem>> {
  const rows = await tx
    .select({ type: actionItemCompletions.type, reflectedAt: actionItemCompletions.reflectedAt })
    .from(actionItemCompletions)
    .where(
      and(eq(actionItemCompletions.userId, options.userId), eq(actionItemCompletions.hubId, options.hubId)),
    );
  return new Map(rows.map((r) => [r.type, { type: r.type, isReflected: r.reflectedAt !== null }]));
}

/**
 * How many earlier visits showed each banner with a showLimit to the user in the hub (spec 3 showLimit): a
 * showing within the last `sameVisitMs` is the current visit, so its refetches still show the banner.
 */
export async function actionItemTimesShown(
  tx: TTx,
  options: { hubId: number; userId: string; now: Date; sameVisitMs: number },
): Promise<Map<TActionItemType, number>> {
  const rows = await tx
    .select({
      type: actionItemImpressions.type,
      timesShown: actionItemImpressions.timesShown,
      lastShownAt: actionItemImpressions.lastShownAt,
    })
    .from(actionItemImpressions)
    .where(
      and(eq(actionItemImpressions.userId, options.userId), eq(actionItemImpressions.hubId, options.hubId)),
    );
  const visitStart = options.now.getTime() - options.sameVisitMs;
  return new Map(
    rows.map((r) => [r.type, r.lastShownAt.getTime() > visitStart ? r.timesShown - 1 : r.timesShown]),
  );
}
