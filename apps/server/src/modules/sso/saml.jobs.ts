import { lt } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { ssoLoginAttempts, ssoUsedAssertions } from '../../db/schema/index.js';
import { listClusterIds, withTenant } from '../../db/tenant.js';

/**
 * Drops what single sign-on keeps only for a while, cluster by cluster: sign-in attempts past their ten minutes
 * (used or not, they can no longer be consumed) and SAML assertion ids past their NotOnOrAfter (an assertion that
 * old is refused by its time conditions, so the replay guard needs it no more).
 */
export async function pruneExpiredSsoRecords(db: TDb, now: Date): Promise<number> {
  let pruned = 0;
  for (const clusterId of await listClusterIds(db)) {
    pruned += await withTenant(db, { clusterId, isClusterScope: true }, async (tx) => {
      const attempts = await tx
        .delete(ssoLoginAttempts)
        .where(lt(ssoLoginAttempts.expiresAt, now))
        .returning({ id: ssoLoginAttempts.id });
      const assertions = await tx
        .delete(ssoUsedAssertions)
        .where(lt(ssoUsedAssertions.expiresAt, now))
        .returning({ id: ssoUsedAssertions.assertionId });
      return attempts.length + assertions.length;
    });
  }
  return pruned;
}
