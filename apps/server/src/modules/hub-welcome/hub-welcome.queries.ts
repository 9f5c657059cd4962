import { EMAIL_DIGEST_DEFAULT, type TEmailDigestFrequency } from '@commons/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  autoGreetingDeliveries,
  hubAutoGreetings,
  hubMemberships,
  hubNotificationDefaults,
  users,
} from '../../db/schema/index.js';

/** The hub's auto-greeting sender and text, or null while the hub never saved one. */
export async function findAutoGreeting(
  tx: TTx,
  hubId: number,
): Promise<typeof hubAutoGreetings.$inferSelect | null> {
  const [row] = await tx.select().from(hubAutoGreetings).where(eq(hubAutoGreetings.hubId, hubId)).limit(1);
  return row ?? null;
}

/** The hub's admins, who may send its greeting, by name. */
export async function listGreetingSenders(
  tx: TTx,
  hubId: number,
): Promise<Array<{ id: string; firstName: string; lastName: string; email: string }>> {
  return tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .where(and(eq(hubMemberships.hubId, hubId), eq(hubMemberships.isAdmin, true)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Whether the member received the hub's auto-greeting. */
export async function hasReceivedAutoGreeting(
  tx: TTx,
  options: { hubId: number; userId: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: autoGreetingDeliveries.id })
    .from(autoGreetingDeliveries)
    .where(
      and(eq(autoGreetingDeliveries.hubId, options.hubId), eq(autoGreetingDeliveries.userId, options.userId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The hub of the auto-greeting a thread carries to this member, or null when it is another conversation. */
export async function greetingHubOfThread(
  tx: TTx,
  options: { threadId: string; userId: string },
): Promise<number | null> {
  const [row] = await tx
    .select({ hubId: autoGreetingDeliveries.hubId })
    .from(autoGreetingDeliveries)
    .where(
      and(
        eq(autoGreetingDeliveries.threadId, options.threadId),
        eq(autoGreetingDeliveries.userId, options.userId),
      ),
    )
    .limit(1);
  return row?.hubId ?? null;
}

/** How many members of the hub received its greeting. */
export async function countGreetingDeliveries(tx: TTx, hubId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(autoGreetingDeliveries)
    .where(eq(autoGreetingDeliveries.hubId, hubId));
  return row?.n ?? 0;
}

/** The email digest frequency the hub's new members start with, and whether the hub chose it. */
export async function notificationDefaultsOf(
  tx: TTx,
  hubId: number,
): Promise<{ emailDigestFrequency: TEmailDigestFrequency; isSet: boolean }> {
  const [row] = await tx
    .select({ frequency: hubNotificationDefaults.emailDigestFrequency })
    .from(hubNotificationDefaults)
    .where(eq(hubNotificationDefaults.hubId, hubId))
    .limit(1);
  return row
    ? { emailDigestFrequency: row.frequency, isSet: true }
    : { emailDigestFrequency: EMAIL_DIGEST_DEFAULT, isSet: false };
}
