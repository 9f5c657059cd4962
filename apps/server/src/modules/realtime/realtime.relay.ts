import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type TDb } from '../../db/client.js';
import { realtimeEvents } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { createKickedRunner, type TKickedRunner } from '../../lib/kicked-runner.js';
import { clusterTopic, type TBusEvent, type TRealtimeBus } from './realtime.bus.js';

const BATCH_SIZE = 500;

/** Publishes what is committed and unpublished: kicked after a commit that emitted, swept every 5 s, drained by tests. */
export type TRealtimeRelay = TKickedRunner;

type TClaimedRow = {
  id: number;
  user_id: string;
  seq: number | string;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date | string;
};

/**
 * Moves committed events from realtime_events to the bus, outside any request transaction (the mail
 * delivery pattern). Rows are claimed with FOR UPDATE SKIP LOCKED, so several processes relay without
 * publishing a row twice; a failed publish releases the claim and the timer retries.
 */
export function createRealtimeRelay(deps: {
  db: TDb;
  bus: TRealtimeBus;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): TRealtimeRelay {
  async function relayCluster(clusterId: string): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await withTenant(deps.db, { clusterId, isClusterScope: true }, (tx) =>
        queryRows<TClaimedRow>(
          tx,
          sql`UPDATE realtime_events SET published_at = now()
              WHERE id IN (SELECT id FROM realtime_events WHERE published_at IS NULL AND cluster_id = ${clusterId}
                           ORDER BY id LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED)
              RETURNING id, user_id, seq, type, payload, created_at`,
        ),
      );
      if (rows.length === 0) return total;
      rows.sort((a, b) => Number(a.id) - Number(b.id));
      const events: TBusEvent[] = rows.map((r) => ({
        userId: r.user_id,
        seq: Number(r.seq),
        type: r.type,
        payload: r.payload,
        createdAt: new Date(r.created_at).toISOString(),
      }));
      try {
        await deps.bus.publish(clusterTopic(clusterId), { kind: 'events', events });
      } catch (error) {
        deps.log.warn(
          { err: error instanceof Error ? error.message : String(error), clusterId },
          'realtime publish failed; will retry',
        );
        await withTenant(deps.db, { clusterId, isClusterScope: true }, (tx) =>
          tx
            .update(realtimeEvents)
            .set({ publishedAt: null })
            .where(
              inArray(
                realtimeEvents.id,
                rows.map((r) => Number(r.id)),
              ),
            ),
        );
        return total;
      }
      total += rows.length;
      if (rows.length < BATCH_SIZE) return total;
    }
  }

  async function relayOnce(): Promise<number> {
    const clusters = await queryRows<{ id: string }>(
      deps.db,
      sql`SELECT app_realtime_pending_clusters() AS id`,
    );
    let total = 0;
    for (const { id } of clusters) total += await relayCluster(id);
    return total;
  }

  return createKickedRunner({
    runOnce: relayOnce,
    intervalMs: deps.intervalMs ?? 5_000,
    log: deps.log,
    name: 'realtime relay',
  });
}
