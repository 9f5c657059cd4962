import { eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { realtimeStreams, userPresence } from '../../db/schema/index.js';

/** Whether the user chose to appear offline to everyone (spec 4 Presence); false until they choose. */
export async function isAlwaysOfflineOf(tx: TTx, userId: string): Promise<boolean> {
  const [row] = await tx.select().from(userPresence).where(eq(userPresence.userId, userId));
  return row?.isAlwaysOffline ?? false;
}

/** The last sequence number of the user's event stream; 0 before their first event. */
export async function streamPositionOf(tx: TTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ lastSeq: realtimeStreams.lastSeq })
    .from(realtimeStreams)
    .where(eq(realtimeStreams.userId, userId));
  return row?.lastSeq ?? 0;
}
