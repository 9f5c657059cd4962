import { and, isNotNull, lt } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { realtimeEvents } from '../db/schema/index.js';
import { listClusterIds, withTenant } from '../db/tenant.js';

/** Published realtime events are kept this long for reconnect catch-up; an older client resyncs. */
export const REALTIME_EVENT_RETENTION_DAYS = 14;

/** Deletes published events past the retention window, cluster by cluster. */
export async function pruneRealtimeEvents(db: TDb, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - REALTIME_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let pruned = 0;
  for (const clusterId of await listClusterIds(db)) {
    pruned += await withTenant(db, { clusterId, isClusterScope: true }, async (tx) => {
      const gone = await tx
        .delete(realtimeEvents)
        .where(and(isNotNull(realtimeEvents.publishedAt), lt(realtimeEvents.createdAt, cutoff)))
        .returning({ id: realtimeEvents.id });
      return gone.length;
    });
  }
  return pruned;
}
