import { ACCOUNT_DELETION_GRACE_DAYS } from '@commons/contract';
import { isDataRegion } from '@commons/domain';
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { auditLog, careerStories, mailOutbox, userFiles, users } from '../db/schema/index.js';
import { uuidArray } from '../db/typo-search.js';
import { messageAttachments, threads } from '../db/schema/index.js';
import { listClusterIds, withTenant } from '../db/tenant.js';
import type { TFileStorage } from '../lib/storage.js';
import { storedObjectKeys } from '../modules/files/uploads.js';

/**
 * Erases accounts whose deletion was requested more than the grace period ago. Their uploaded bytes are
 * removed from storage first (outside any transaction); a failure there leaves the rows for the next
 * run. Rows that belong to the user then cascade away with the user; the audit log keeps only that an
 * erasure happened.
 */
export async function eraseDeletedAccounts(db: TDb, now: Date, storage: TFileStorage): Promise<number> {
  const cutoff = new Date(now.getTime() - ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000);
  const isDue = and(isNotNull(users.deleteRequestedAt), lt(users.deleteRequestedAt, cutoff));
  let erased = 0;
  for (const clusterId of await listClusterIds(db)) {
    const due = await withTenant(db, { clusterId, isClusterScope: true }, async (tx) => {
      const rows = await tx.select({ id: users.id }).from(users).where(isDue);
      const ids = rows.map((u) => u.id);
      const files = ids.length ? await tx.select().from(userFiles).where(inArray(userFiles.userId, ids)) : [];
      // Threads go with either participant, and their attachments with them (issue #5).
      const attachments = ids.length
        ? await tx
            .select({ region: messageAttachments.region, storageKey: messageAttachments.storageKey })
            .from(messageAttachments)
            .innerJoin(threads, eq(threads.id, messageAttachments.threadId))
            .where(or(inArray(threads.fromUserId, ids), inArray(threads.toUserId, ids)))
        : [];
      // Career story audio (issue #4 careerAdvice); the rows cascade with the user.
      const audio = ids.length
        ? await tx
            .select({ region: careerStories.audioRegion, storageKey: careerStories.audioKey })
            .from(careerStories)
            .where(and(inArray(careerStories.userId, ids), isNotNull(careerStories.audioKey)))
        : [];
      return { ids, files, attachments, audio };
    });
    if (due.ids.length === 0) continue;
    for (const file of due.files) {
      if (!isDataRegion(file.region)) continue;
      for (const key of storedObjectKeys(file)) await storage.remove(file.region, key);
    }
    for (const file of due.attachments) {
      if (isDataRegion(file.region)) await storage.remove(file.region, file.storageKey);
    }
    for (const file of due.audio) {
      if (file.region !== null && file.storageKey !== null && isDataRegion(file.region))
        await storage.remove(file.region, file.storageKey);
    }
    erased += await withTenant(db, { clusterId, isClusterScope: true }, async (tx) => {
      const gone = await tx
        .delete(users)
        .where(and(inArray(users.id, due.ids), isDue))
        .returning({ id: users.id, email: users.email });
      if (gone.length > 0) {
        const ids = gone.map((u) => u.id);
        // What the user did stays as an anonymous fact; their address and mail go.
        // (the log is append-only for the app role: app_scrub_audit_log, migration 0042, is the one way to change it)
        await tx.execute(sql`SELECT app_scrub_audit_log(${uuidArray(ids)})`);
        await tx.delete(mailOutbox).where(
          inArray(
            mailOutbox.toAddress,
            gone.map((u) => u.email),
          ),
        );
        await tx
          .insert(auditLog)
          .values(
            gone.map((u) => ({ clusterId, action: 'account.erased', targetType: 'user', targetId: u.id })),
          );
      }
      return gone.length;
    });
  }
  return erased;
}
