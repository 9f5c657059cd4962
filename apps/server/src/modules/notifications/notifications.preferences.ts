import { EMAIL_DIGEST_DEFAULT, type TEmailDigestFrequency } from '@commons/contract';
import { eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema/index.js';

/** The user's email digest frequency (issue #5 item 4); daily until they choose. */
export async function emailDigestFrequencyOf(tx: TTx, userId: string): Promise<TEmailDigestFrequency> {
  const [row] = await tx
    .select({ frequency: notificationPreferences.emailDigestFrequency })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row?.frequency ?? EMAIL_DIGEST_DEFAULT;
}

/** Saves the user's email digest frequency (settings, or one-click unsubscribe: never). */
export async function setEmailDigestFrequency(
  tx: TTx,
  options: { clusterId: string; userId: string; frequency: TEmailDigestFrequency; now: Date },
): Promise<void> {
  await tx
    .insert(notificationPreferences)
    .values({
      userId: options.userId,
      clusterId: options.clusterId,
      emailDigestFrequency: options.frequency,
      updatedAt: options.now,
    })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { emailDigestFrequency: options.frequency, updatedAt: options.now },
    });
}
