import { ACCOUNT_DELETION_GRACE_DAYS } from '@commons/contract';
import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { auditLog, mailOutbox, users } from '../db/schema/index.js';
import { listClusterIds, withTenant } from '../db/tenant.js';

/**
 * Erases accounts whose deletion was requested more than the grace period ago. Rows that belong to the
 * user cascade away with the user; the audit log keeps only that an erasure happened.
 */
export async function eraseDeletedAccounts(db: TDb, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000);
  let erased = 0;
  for (const clusterId of await listClusterIds(db)) {
    erased += await withTenant(db, { clusterId, isClusterScope: true }, async (tx) => {
      const gone = await tx
        .delete(users)
        .where(and(isNotNull(users.deleteRequestedAt), lt(users.deleteRequestedAt, cutoff)))
        .returning({ id: users.id, email: users.email });
      if (gone.length > 0) {
        const ids = gone.map((u) => u.id);
        // What the user did stays as an anonymous fact; their address and mail go.
        await tx.update(auditLog).set({ ip: null, data: {} }).where(inArray(auditLog.actorUserId, ids));
        await tx.delete(mailOutbox).where(inArray(mailOutbox.toAddress, gone.map((u) => u.email)));
        await tx.insert(auditLog).values(gone.map((u) => ({ clusterId, action: 'account.erased', targetType: 'user', targetId: u.id })));
      }
      return gone.length;
    });
  }
  return erased;
}
