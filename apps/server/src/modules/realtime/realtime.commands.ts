import type { TTx } from '../../db/client.js';
import { userPresence } from '../../db/schema/index.js';

/** Saves the user's always-offline flag (spec 4: it forces offline). */
export async function setAlwaysOffline(
  tx: TTx,
  options: { clusterId: string; userId: string; isAlwaysOffline: boolean },
): Promise<void> {
  await tx
    .insert(userPresence)
    .values({
      userId: options.userId,
      clusterId: options.clusterId,
      isAlwaysOffline: options.isAlwaysOffline,
    })
    .onConflictDoUpdate({ target: userPresence.userId, set: { isAlwaysOffline: options.isAlwaysOffline } });
}
