import { AVAILABILITY_ENDPOINTS, type TAvailability } from '@commons/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { userAvailability, users } from '../../db/schema/index.js';
import { feedTokenHash, feedTokenOf } from '../../lib/feed-tokens.js';
import { lastAvailabilityDay } from '../meetings/meetings.commands.js';

/** What the feed URL is made of: PUBLIC_URL and the secret its tokens are derived from. */
export type TFeedUrlDeps = { publicUrl: string; secret: Uint8Array };

/** Private ICS feed URL under PUBLIC_URL (never a host taken from request headers). */
function feedUrl(deps: TFeedUrlDeps, salt: string | null): string | null {
  if (!salt) return null;
  return `${deps.publicUrl}${AVAILABILITY_ENDPOINTS.feed.path.replace(':token', `${feedTokenOf(deps.secret, 'meetings-feed', salt)}.ics`)}`;
}

/** A user's availability for meetings, with the URL of their private feed. */
export async function readAvailability(
  tx: TTx,
  options: { user: { id: string; timezone: string; lastAvailabilityDate: Date | null }; feed: TFeedUrlDeps },
): Promise<TAvailability> {
  const [user] = await tx.select().from(users).where(eq(users.id, options.user.id)).limit(1);
  const [row] = await tx
    .select()
    .from(userAvailability)
    .where(eq(userAvailability.userId, options.user.id))
    .limit(1);
  const current = user ?? options.user;
  return {
    timezone: current.timezone,
    lastAvailabilityDate: lastAvailabilityDay(current.lastAvailabilityDate),
    weeklyHours: row?.weeklyHours ?? [],
    slotMinutes: row?.slotMinutes === 15 ? 15 : 30,
    feedUrl: feedUrl(options.feed, row?.feedSalt ?? null),
  };
}

/** The owner of a feed token, while their account is active: a deleted account's feed ends with it. */
export async function findFeedOwner(tx: TTx, token: string): Promise<string | null> {
  const [owner] = await tx
    .select({ userId: userAvailability.userId })
    .from(userAvailability)
    .innerJoin(users, eq(users.id, userAvailability.userId))
    .where(and(eq(userAvailability.feedTokenHash, feedTokenHash(token)), isNull(users.deleteRequestedAt)))
    .limit(1);
  return owner?.userId ?? null;
}
