import type { TBadgeRuleKind } from '@commons/domain';
import { eq } from 'drizzle-orm';
import type { TTx } from '../client.js';
import { badges, earnedBadges, users } from '../schema/index.js';
import { DAY_MS } from './demo-content.js';

/** Northfield's badges (issue #18 item 5); none has an uploaded image, so they show the medal. */
const NORTHFIELD_BADGES: ReadonlyArray<{
  title: string;
  description: string;
  kind: TBadgeRuleKind;
  threshold: number;
}> = [
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

/**
 * Northfield's badges, and the one the demo student earned by asking the demo questions (issue #18 item 8:
 * the demo student has one badge): their demo profile is not complete and they have answered nothing
 * yet, so answering a question earns "First answer" live. Runs once, inside the demo seed's transaction.
 */
export async function seedDemoBadges(
  tx: TTx,
  options: { clusterId: string; now: Date; hub: { id: number; identifier: string } },
): Promise<void> {
  const { clusterId, now, hub } = options;
  const createdAt = new Date(now.getTime() - 60 * DAY_MS);
  const rows = await tx
    .insert(badges)
    .values(
      NORTHFIELD_BADGES.map((badge, index) => ({
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
    .returning({ id: badges.id, title: badges.title });
  const starter = rows.find((row) => row.title === 'Conversation starter');
  const [student] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `student@${hub.identifier}.example.edu`));
  if (!starter || !student) throw new Error('demo badges: the badge or the demo student is missing');
  await tx.insert(earnedBadges).values({
    clusterId,
    hubId: hub.id,
    badgeId: starter.id,
    userId: student.id,
    earnedAt: new Date(now.getTime() - 20 * DAY_MS),
  });
}
