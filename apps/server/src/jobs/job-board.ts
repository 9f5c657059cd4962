import type { TDb } from '../db/client.js';
import { listClusterIds, withTenant } from '../db/tenant.js';
import { mailDueJobAlerts } from '../modules/jobs/jobs.alerts.js';
import { markExpiredJobPosts } from '../modules/jobs/jobs.commands.js';

/**
 * Marks the job and project posts whose expiry passed, cluster by cluster (issue #19 item 4). They left the
 * board at their expiry instant already; idempotent, and safe when several processes run it (jobs.commands).
 */
export async function expireJobPosts(db: TDb, now: Date): Promise<number> {
  let total = 0;
  for (const clusterId of await listClusterIds(db)) {
    total += await withTenant(db, { clusterId, isClusterScope: true }, (tx) => markExpiredJobPosts(tx, now));
  }
  return total;
}

/** Mails the job alerts that are due, cluster by cluster (issue #19 item 4); each alert once per period. */
export async function mailJobAlerts(db: TDb, now: Date, publicUrl: string): Promise<number> {
  let total = 0;
  for (const clusterId of await listClusterIds(db)) {
    total += await withTenant(db, { clusterId, isClusterScope: true }, (tx) =>
      mailDueJobAlerts(tx, { clusterId, now, publicUrl }),
    );
  }
  return total;
}
