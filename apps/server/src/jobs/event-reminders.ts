import type { TDb } from '../db/client.js';
import { listClusterIds, withTenant } from '../db/tenant.js';
import { sendEventReminders } from '../modules/events/events.commands.js';

/** Queues reminder mails for events starting within a day, cluster by cluster (issue #7 item 4). */
export async function remindEventAttendees(db: TDb, now: Date, publicUrl: string): Promise<number> {
  let total = 0;
  for (const clusterId of await listClusterIds(db)) {
    total += await withTenant(db, { clusterId, isClusterScope: true }, (tx) =>
      sendEventReminders(tx, { clusterId, now, publicUrl }),
    );
  }
  return total;
}
