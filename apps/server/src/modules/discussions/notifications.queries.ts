import type { TContentNotification } from '@commons/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { contentNotifications, users } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { authorColumns } from './discussions.queries.js';
import { presentAuthor } from './discussions.presenter.js';

/** The user's content notifications in the hub, newest first, with the unread count. */
export async function listContentNotifications(
  tx: TTx,
  options: { userId: string; hubId: number; cursor?: string | undefined; limit: number },
): Promise<{ items: TContentNotification[]; nextCursor: string | null; unreadCount: number }> {
  const cursor = decodeCursor(options.cursor);
  const mine = and(eq(contentNotifications.userId, options.userId), eq(contentNotifications.hubId, options.hubId));
  const rows = await tx
    .select({ notification: contentNotifications, actor: authorColumns })
    .from(contentNotifications)
    .leftJoin(users, eq(users.id, contentNotifications.actorUserId))
    .where(and(mine, cursor ? sql`(${contentNotifications.createdAt}, ${contentNotifications.id}) < (${new Date(cursor.at)}, ${cursor.id}::uuid)` : undefined))
    .orderBy(desc(contentNotifications.createdAt), desc(contentNotifications.id))
    .limit(options.limit + 1);
  const [unread] = await tx.select({ n: sql<number>`count(*)::int` }).from(contentNotifications).where(and(mine, isNull(contentNotifications.readAt)));
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ notification, actor }) => ({
      id: notification.id,
      kind: notification.kind,
      title: notification.title,
      url: notification.url,
      actor: presentAuthor(actor),
      isRead: notification.readAt !== null,
      createdAt: notification.createdAt.toISOString(),
    })),
    nextCursor: rows.length > options.limit && last ? encodeCursor({ at: last.notification.createdAt.toISOString(), id: last.notification.id }) : null,
    unreadCount: unread?.n ?? 0,
  };
}

/** Marks the user's notifications of the hub read: the given ids, or all. */
export async function markContentNotificationsRead(tx: TTx, options: { userId: string; hubId: number; ids?: string[] | undefined; now: Date }): Promise<void> {
  await tx
    .update(contentNotifications)
    .set({ readAt: options.now })
    .where(
      and(
        eq(contentNotifications.userId, options.userId),
        eq(contentNotifications.hubId, options.hubId),
        isNull(contentNotifications.readAt),
        options.ids ? inArray(contentNotifications.id, options.ids) : undefined,
      ),
    );
}
