import { COMPLETED_MENTORSHIP_STATUSES, HELD_MEETING_STATUS, type TBadgeRuleKind } from '@commons/domain';
import { and, count, desc, eq, inArray, isNotNull, notExists, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  answers,
  badges,
  earnedBadges,
  groupMemberships,
  meetings,
  pathwayResponses,
  questions,
  threads,
} from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import { hubFeatureOnSql } from '../hubs/feature-flags.queries.js';

export type TBadgeRow = typeof badges.$inferSelect;
type TPage = { cursor?: string | undefined; limit: number };

/**
 * One page of a hub's badges, newest first, with when the viewer earned each: every badge (admins), the
 * enabled ones (members), or only the viewer's earned ones (`only: 'earned'`, disabled ones included).
 */
export async function listHubBadges(
  tx: TTx,
  options: { hubId: number; viewerId: string; only: 'all' | 'enabled' | 'earned'; page: TPage },
) {
  const rows = await tx
    .select({ badge: badges, earnedAt: earnedBadges.earnedAt })
    .from(badges)
    .leftJoin(
      earnedBadges,
      and(eq(earnedBadges.badgeId, badges.id), eq(earnedBadges.userId, options.viewerId)),
    )
    .where(
      and(
        eq(badges.hubId, options.hubId),
        options.only === 'enabled' ? eq(badges.isEnabled, true) : undefined,
        options.only === 'earned' ? isNotNull(earnedBadges.id) : undefined,
        keysetAfter(decodeCursor(options.page.cursor), {
          sortKey: badges.createdAt,
          id: badges.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(badges.createdAt), desc(badges.id))
    .limit(options.page.limit + 1);
  return keysetPage(rows, options.page.limit, (r) => ({
    at: r.badge.createdAt.toISOString(),
    id: r.badge.id,
  }));
}

/** One page of the badges a member earned in a hub, newest first (the profile section badges). */
export async function listEarnedBadges(tx: TTx, options: { hubId: number; userId: string; page: TPage }) {
  const rows = await tx
    .select({ id: earnedBadges.id, earnedAt: earnedBadges.earnedAt, badge: badges })
    .from(earnedBadges)
    .innerJoin(badges, eq(badges.id, earnedBadges.badgeId))
    .where(
      and(
        eq(earnedBadges.userId, options.userId),
        eq(earnedBadges.hubId, options.hubId),
        keysetAfter(decodeCursor(options.page.cursor), {
          sortKey: earnedBadges.earnedAt,
          id: earnedBadges.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(earnedBadges.earnedAt), desc(earnedBadges.id))
    .limit(options.page.limit + 1);
  return keysetPage(rows, options.page.limit, (r) => ({ at: r.earnedAt.toISOString(), id: r.id }));
}

/** A badge of the hub, or undefined. */
export async function findHubBadge(tx: TTx, options: { hubId: number; id: string }) {
  const [row] = await tx
    .select()
    .from(badges)
    .where(and(eq(badges.hubId, options.hubId), eq(badges.id, options.id)))
    .limit(1);
  return row;
}

/**
 * The enabled badges of the given hubs and rule kinds that the user has not earned yet (one statement), in
 * the hubs whose compass and achievements feature is on (spec 6): a hub that turned it off awards none.
 */
export async function unearnedBadges(
  tx: TTx,
  options: { userId: string; hubIds: readonly number[]; kinds: readonly TBadgeRuleKind[] },
): Promise<TBadgeRow[]> {
  if (options.hubIds.length === 0 || options.kinds.length === 0) return [];
  return tx
    .select()
    .from(badges)
    .where(
      and(
        inArray(badges.hubId, [...options.hubIds]),
        inArray(badges.ruleKind, [...options.kinds]),
        eq(badges.isEnabled, true),
        hubFeatureOnSql(badges.hubId, 'compassAndAchievements'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(earnedBadges)
            .where(and(eq(earnedBadges.badgeId, badges.id), eq(earnedBadges.userId, options.userId))),
        ),
      ),
    );
}

/** The user's count of one rule kind in a hub, as the request sees it (packages/domain BADGE_RULE_KINDS). */
export async function countBadgeKind(
  tx: TTx,
  options: { kind: Exclude<TBadgeRuleKind, 'profile_complete'>; userId: string; hubId: number },
): Promise<number> {
  const { userId, hubId } = options;
  const query = () => tx.select({ n: count() });
  let rows: Array<{ n: number }>;
  switch (options.kind) {
    case 'answers_given':
      rows = await query()
        .from(answers)
        .where(and(eq(answers.authorId, userId), eq(answers.hubId, hubId)));
      break;
    case 'questions_asked':
      rows = await query()
        .from(questions)
        .where(
          and(eq(questions.authorId, userId), eq(questions.hubId, hubId), eq(questions.status, 'approved')),
        );
      break;
    case 'meetings_held':
      rows = await query()
        .from(meetings)
        .where(
          and(
            eq(meetings.hubId, hubId),
            eq(meetings.status, HELD_MEETING_STATUS),
            or(eq(meetings.fromUserId, userId), eq(meetings.toUserId, userId)),
          ),
        );
      break;
    case 'mentorships_completed':
      rows = await query()
        .from(threads)
        .where(
          and(
            eq(threads.hubId, hubId),
            eq(threads.messageType, 'longTermMentorship'),
            inArray(threads.mentorshipStatus, [...COMPLETED_MENTORSHIP_STATUSES]),
            or(eq(threads.fromUserId, userId), eq(threads.toUserId, userId)),
          ),
        );
      break;
    case 'groups_joined':
      rows = await query()
        .from(groupMemberships)
        .where(
          and(
            eq(groupMemberships.userId, userId),
            eq(groupMemberships.hubId, hubId),
            eq(groupMemberships.approved, true),
          ),
        );
      break;
    case 'pathways_completed':
      rows = await query()
        .from(pathwayResponses)
        .where(
          and(
            eq(pathwayResponses.userId, userId),
            eq(pathwayResponses.hubId, hubId),
            eq(pathwayResponses.progress, 'completed'),
          ),
        );
      break;
  }
  return rows[0]?.n ?? 0;
}
