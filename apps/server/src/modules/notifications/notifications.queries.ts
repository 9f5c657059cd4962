import {
  NOTIFICATION_CATEGORIES,
  notificationTypesOfGroup,
  type TNotification,
  type TNotificationCategory,
  type TNotificationGroup,
  type TNotificationType,
} from '@commons/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import { presentNotification } from './notifications.presenter.js';

/** The filter of a category, a type or a group (each optional; given together, all apply). */
export function typeFilter(options: {
  category?: TNotificationCategory | undefined;
  type?: TNotificationType | undefined;
  group?: TNotificationGroup | undefined;
}) {
  return and(
    options.category
      ? inArray(notifications.type, [...NOTIFICATION_CATEGORIES[options.category]])
      : undefined,
    options.type ? eq(notifications.type, options.type) : undefined,
    options.group ? inArray(notifications.type, notificationTypesOfGroup(options.group)) : undefined,
  );
}

const actorColumns = {
  id: users.id,
  identifier: users.identifier,
  firstName: users.firstName,
  lastName: users.lastName,
  photoUrl: users.photoUrl,
};

type TFilter = {
  userId: string;
  category?: TNotificationCategory | undefined;
  type?: TNotificationType | undefined;
  group?: TNotificationGroup | undefined;
};

/** Unread notifications of the user under the filter (spec 7: read where unread is true). */
export async function countUnreadNotifications(tx: TTx, filter: TFilter): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, filter.userId), isNull(notifications.readAt), typeFilter(filter)));
  return row?.n ?? 0;
}

/** One page of the user's notifications, newest first (keyset on created_at, id), with the unread count. */
export async function listNotifications(
  tx: TTx,
  options: TFilter & { isUnreadOnly?: boolean | undefined; cursor?: string | undefined; limit: number },
): Promise<{ items: TNotification[]; nextCursor: string | null; unreadCount: number }> {
  const cursor = decodeCursor(options.cursor);
  const rows = await tx
    .select({ notification: notifications, actor: actorColumns })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorUserId))
    .where(
      and(
        eq(notifications.userId, options.userId),
        options.isUnreadOnly ? isNull(notifications.readAt) : undefined,
        typeFilter(options),
        keysetAfter(cursor, {
          sortKey: notifications.createdAt,
          id: notifications.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit + 1);
  const page = keysetPage(rows, options.limit, (r) => ({
    at: r.notification.createdAt.toISOString(),
    id: r.notification.id,
  }));
  return {
    items: page.rows.map((r) => presentNotification(r.notification, r.actor)),
    nextCursor: page.nextCursor,
    unreadCount: await countUnreadNotifications(tx, options),
  };
}

/** One notification of the user with its actor, or null (someone else's is invisible under RLS too). */
export async function findNotification(
  tx: TTx,
  options: { userId: string; id: string },
): Promise<TNotification | null> {
  const [row] = await tx
    .select({ notification: notifications, actor: actorColumns })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorUserId))
    .where(and(eq(notifications.userId, options.userId), eq(notifications.id, options.id)))
    .limit(1);
  return row ? presentNotification(row.notification, row.actor) : null;
}
