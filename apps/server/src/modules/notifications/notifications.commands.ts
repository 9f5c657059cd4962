import { randomUUID } from 'node:crypto';
import {
  type TMarkAllNotificationsReadRequest,
  type TNotification,
  type TNotificationCategory,
  type TNotificationGroup,
  type TNotificationType,
} from '@commons/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.js';
import { notifications, users, type TNotificationPayload } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { notFound } from '../../lib/app-error.js';
import { setEmailDigestFrequency } from './notifications.preferences.js';
import { countUnreadNotifications, findNotification, typeFilter } from './notifications.queries.js';
import { verifyUnsubscribeToken } from './notifications.tokens.js';
import { emitToUsers } from '../realtime/realtime.events.js';

/**
 * Types whose notifications wait for the email digest (issue #5 item 4: digests of unread messages), mailed
 * per the recipient's preference (immediately, daily, never). The application notices (issue #19 item 3) are
 * system messages of a conversation, so they are mailed like messages; one without a message is not mailed.
 */
const EMAILED_TYPES: ReadonlySet<TNotificationType> = new Set([
  'inbox.message',
  'inbox.mentorship-requested',
  'job.application-received',
  'job.application-updated',
]);

export type TNotifyOptions = {
  clusterId: string;
  now: Date;
  /** Who caused it; never notified about their own action. */
  actorUserId: string | null;
  userIds: readonly string[];
  hubId: number | null;
  type: TNotificationType;
  title: string;
  /** Web path it opens, per recipient when it depends on them (inbox paths carry the user's identifier). */
  url: string | null | ((userId: string) => string | null);
  payload?: TNotificationPayload;
};

/**
 * Stores a notification for each recipient (except the actor) in the caller's transaction and pushes
 * `notification.created` through the realtime outbox, so nothing is sent when the command rolls back.
 * This is the one place every area writes notifications. Answers the number of recipients.
 */
export async function notifyUsers(tx: TTx, options: TNotifyOptions): Promise<number> {
  const recipients = [...new Set(options.userIds)].filter((id) => id !== options.actorUserId);
  if (recipients.length === 0) return 0;
  // Ids are made here: the rows belong to other users, whom the writer may not read back (RLS).
  const rows = recipients.map((userId) => ({
    id: randomUUID(),
    clusterId: options.clusterId,
    userId,
    hubId: options.hubId,
    actorUserId: options.actorUserId,
    type: options.type,
    title: options.title,
    url: typeof options.url === 'function' ? options.url(userId) : options.url,
    payload: options.payload ?? {},
    isEmailPending: EMAILED_TYPES.has(options.type),
    createdAt: options.now,
  }));
  await tx.insert(notifications).values(rows);
  for (const row of rows) {
    await emitToUsers(tx, options.clusterId, [row.userId], {
      type: 'notification.created',
      payload: { notificationId: row.id, notificationType: options.type, isToastForced: false },
    });
  }
  return rows.length;
}

/**
 * Marks the user's unread notifications read: the given ids, or all of a category or type, or all; tells
 * the user's other tabs (`notification.read`). Answers the ids it changed.
 */
export async function markNotificationsRead(
  tx: TTx,
  options: {
    clusterId: string;
    userId: string;
    now: Date;
    ids?: readonly string[];
    category?: TNotificationCategory | undefined;
    type?: TNotificationType | undefined;
    group?: TNotificationGroup | undefined;
    threadId?: string;
  },
): Promise<string[]> {
  const changed = await tx
    .update(notifications)
    .set({ readAt: options.now, isEmailPending: false })
    .where(
      and(
        eq(notifications.userId, options.userId),
        isNull(notifications.readAt),
        options.ids ? inArray(notifications.id, [...options.ids]) : undefined,
        typeFilter(options),
        options.threadId ? sql`${notifications.payload}->>'threadId' = ${options.threadId}` : undefined,
      ),
    )
    .returning({ id: notifications.id });
  const ids = changed.map((r) => r.id);
  if (ids.length > 0) {
    await emitToUsers(tx, options.clusterId, [options.userId], {
      type: 'notification.read',
      payload: { notificationIds: ids.slice(0, 100), isAll: !options.ids && !options.threadId },
    });
  }
  return ids;
}

/** Marks one of the user's notifications read; answers it as it reads now (404 when not theirs). */
export async function markNotificationRead(
  tx: TTx,
  options: { clusterId: string; userId: string; now: Date; id: string },
): Promise<TNotification> {
  const before = await findNotification(tx, { userId: options.userId, id: options.id });
  if (!before) throw notFound('Notification');
  await markNotificationsRead(tx, {
    clusterId: options.clusterId,
    userId: options.userId,
    now: options.now,
    ids: [before.id],
  });
  const notification = await findNotification(tx, { userId: options.userId, id: before.id });
  if (!notification) throw notFound('Notification');
  return notification;
}

/** Marks all the user's notifications read (or those of a category, type or group); answers how many, and what stays unread. */
export async function markAllNotificationsRead(
  tx: TTx,
  options: { clusterId: string; userId: string; now: Date; filter: TMarkAllNotificationsReadRequest },
): Promise<{ markedCount: number; unreadCount: number }> {
  const ids = await markNotificationsRead(tx, {
    clusterId: options.clusterId,
    userId: options.userId,
    now: options.now,
    ...options.filter,
  });
  return {
    markedCount: ids.length,
    unreadCount: await countUnreadNotifications(tx, { userId: options.userId }),
  };
}

/** Turns email digests off for an unsubscribe token's user; null when the token is not valid, expired or its user gone. */
export async function unsubscribeEmailDigests(
  db: TDb,
  options: { token: string; secret: Uint8Array; now: Date },
) {
  const target = verifyUnsubscribeToken(options.token, { secret: options.secret, now: options.now });
  if (!target || target.groupId !== null) return null;
  return withTenant(db, { clusterId: target.clusterId, userId: target.userId }, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, target.userId)).limit(1);
    if (!user) return null;
    await setEmailDigestFrequency(tx, { ...target, frequency: 'never', now: options.now });
    return { emailDigestFrequency: 'never' as const };
  });
}
