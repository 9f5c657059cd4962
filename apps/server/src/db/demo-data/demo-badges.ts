import { isBadgeEarned, type TBadgeCounts, type TBadgeRuleKind } from '@commons/domain';
import { eq } from 'drizzle-orm';
import type { TTx } from '../client.js';
import { countBadgeKind } from '../../modules/badges/badges.queries.js';
import { badges, earnedBadges, hubMemberships } from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

type TDemoBadge = { title: string; description: string; kind: TBadgeRuleKind; threshold: number };

/** Northfield's badges (issue #18 item 5); none has an uploaded image, so they show the medal. */
const NORTHFIELD_BADGES: readonly TDemoBadge[] = [
  {
    title: 'Conversation starter',
    description: 'You asked the community your first question.',
    kind: 'questions_asked',
    threshold: 1,
  },
  {
    title: 'First answer',
    description: 'You shared what you know by answering a question.',
    kind: 'answers_given',
    threshold: 1,
  },
  {
    title: 'Profile pro',
    description: 'Your profile is complete, so the right people can find you.',
    kind: 'profile_complete',
    threshold: 1,
  },
  {
    title: 'Helping hand',
    description: 'You answered ten questions of the community.',
    kind: 'answers_given',
    threshold: 10,
  },
  {
    title: 'Well connected',
    description: 'You held five meetings with members of the community.',
    kind: 'meetings_held',
    threshold: 5,
  },
];

/** Riverside's one badge: a newcomer who completes their profile earns it live (the new-student E2E). */
const RIVERSIDE_BADGES: readonly TDemoBadge[] = NORTHFIELD_BADGES.filter(
  (b) => b.kind === 'profile_complete',
);

/** The demo badges of each demo hub. */
export const DEMO_BADGES: Readonly<Record<string, readonly TDemoBadge[]>> = {
  northfield: NORTHFIELD_BADGES,
  riverside: RIVERSIDE_BADGES,
};

/**
 * A demo hub's badges (issue #18 items 5 and 8), already earned by the members whose demo activity meets
 * their rule (the demo answers, questions, groups and meetings), so the seed reads as if they had been
 * there all along and the demo student holds exactly one, "Conversation starter" (they asked the demo
 * questions; they have answered nothing yet, so answering earns "First answer" live). profile_complete
 * is left to the member's next profile save: the health score is computed where profiles are presented.
 * Runs once, inside the demo seed's transaction (cluster-wide scope, so the counts are complete).
 */
export async function seedDemoBadges(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const definitions = DEMO_BADGES[hub.identifier] ?? [];
  if (definitions.length === 0) return;
  const createdAt = new Date(now.getTime() - 60 * DAY_MS);
  const rows = await tx
    .insert(badges)
    .values(
      definitions.map((badge, index) => ({
        clusterId,
        hubId: hub.id,
        title: badge.title,
        description: badge.description,
        ruleKind: badge.kind,
        threshold: badge.threshold,
        // Newest first in lists: the order above.
        createdAt: new Date(createdAt.getTime() - index * 60_000),
        updatedAt: createdAt,
      })),
    )
    .returning();
  const members = await tx
    .select({ userId: hubMemberships.userId })
    .from(hubMemberships)
    .where(eq(hubMemberships.hubId, hub.id));
  const earnedAt = new Date(now.getTime() - 20 * DAY_MS);
  for (const { userId } of members) {
    const counts: TBadgeCounts = {};
    for (const badge of rows) {
      const kind = badge.ruleKind;
      if (kind === 'profile_complete') continue;
      counts[kind] ??= await countBadgeKind(tx, { kind, userId, hubId: hub.id });
      if (!isBadgeEarned({ kind, threshold: badge.threshold }, counts)) continue;
      await tx.insert(earnedBadges).values({ clusterId, hubId: hub.id, badgeId: badge.id, userId, earnedAt });
    }
  }
}
