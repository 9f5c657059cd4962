import type { TRealtimeEventInput } from '@commons/contract';
import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { realtimeEvents, realtimeStreams } from '../../db/schema/index.js';

/**
 * Writes `event` to the event log of each user, inside the caller's transaction (an outbox, like
 * enqueueMail): a rolled-back request emits nothing, and what commits is published by the realtime relay
 * after commit (the app kicks it after every successful write request; jobs call deps.realtime.kick()).
 * Each user's sequence is bumped under a row lock taken in user-id order, so sequences are gap-free and
 * commit in order, and concurrent emitters cannot deadlock on them.
 */
export async function emitToUsers(
  tx: TTx,
  clusterId: string,
  userIds: readonly string[],
  event: TRealtimeEventInput,
): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  const seqs = await tx
    .insert(realtimeStreams)
    .values(ids.map((userId) => ({ userId, clusterId, lastSeq: 1 })))
    .onConflictDoUpdate({
      target: realtimeStreams.userId,
      set: { lastSeq: sql`${realtimeStreams.lastSeq} + 1` },
    })
    .returning({ userId: realtimeStreams.userId, lastSeq: realtimeStreams.lastSeq });
  // No RETURNING here: the rows belong to other users, whom the writer may not read (RLS).
  await tx.insert(realtimeEvents).values(
    seqs.map((s) => ({
      clusterId,
      userId: s.userId,
      seq: s.lastSeq,
      type: event.type,
      payload: event.payload as Record<string, unknown>,
    })),
  );
}
