import type { ZAccountSettings } from '@commons/contract';
import type { z } from 'zod';
import type { TTx } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { emailDigestFrequencyOf } from '../notifications/notifications.preferences.js';

/** The settings the account page shows, with the email digest preference (issue #5 item 4). */
export async function presentSettings(
  tx: TTx,
  user: typeof users.$inferSelect,
): Promise<z.output<typeof ZAccountSettings>> {
  const emailDigestFrequency = await emailDigestFrequencyOf(tx, user.id);
  return {
    timezone: user.timezone,
    isAlwaysOffline: user.isAlwaysOffline,
    email: user.email,
    emailVerified: user.emailVerified,
    emailDigestFrequency,
  };
}
