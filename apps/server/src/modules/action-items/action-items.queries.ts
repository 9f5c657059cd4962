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

/** How often a banner with a showLimit was shown to the user in a hub (spec 3 showLimit). */
export interface TActionItemShowings {
  /** Visits before the current one that showed it. */
  earlierVisits: number;
  /** Whether the current visit (a showing within the last `sameVisitMs`) already counted it. */
  isCounted: boolean;
}

/**
 * The showings of each banner with a showLimit to the user in the hub: a showing within the last
 * `sameVisitMs` is the current visit, so its refetches still show the banner and count nothing new.
 */
export async function actionItemShowings(
  tx: TTx,
  options: { hubId: number; userId: string; now: Date; sameVisitMs: number },
): Promise<Map<TActionItemType, TActionItemShowings>> {
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
    rows.map((r) => {
      const isCounted = r.lastShownAt.getTime() > visitStart;
      return [r.type, { earlierVisits: isCounted ? r.timesShown - 1 : r.timesShown, isCounted }];
    }),
  );
}
