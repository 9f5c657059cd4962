import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { contentNotifications, hubMemberships, users } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { emitToUsers } from '../realtime/realtime.events.js';

/** The approved members of the hub among the mentioned identifiers (a mention never reaches outsiders). */
export async function mentionedMemberIds(ctx: TRequestContext, options: { hubId: number; identifiers: string[] }): Promise<string[]> {
  if (options.identifiers.length === 0) return [];
  const rows = await ctx.tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(hubMemberships, and(eq(hubMemberships.userId, users.id), eq(hubMemberships.hubId, options.hubId)))
    .where(and(inArray(users.identifier, options.identifiers.slice(0, 50)), eq(hubMemberships.approved, true)));
  return rows.map((r) => r.id);
}

/**
 * Records a content notification for each recipient except the actor, once per recipient, and emits
 * `notification.created` to each through the realtime outbox (published after commit). The web app
 * lists them from GET /api/notifications/content.
 */
export async function notifyUsers(
  ctx: TRequestContext,
  options: { hubId: number; userIds: string[]; kind: string; targetType: string; targetId: string; title: string; url: string },
): Promise<number> {
  const actorId = ctx.viewer?.user.id ?? null;
  const recipients = [...new Set(options.userIds)].filter((id) => id !== actorId);
  if (recipients.length === 0) return 0;
  // Ids are made here: the rows belong to other users, whom the writer may not read back (RLS).
  const rows = recipients.map((userId) => ({ id: randomUUID(), userId }));
  await ctx.tx.insert(contentNotifications).values(
    rows.map(({ id, userId }) => ({
      id,
      clusterId: ctx.clusterId,
      hubId: options.hubId,
      userId,
      actorUserId: actorId,
      kind: options.kind,
      targetType: options.targetType,
      targetId: options.targetId,
      title: options.title,
      url: options.url,
      createdAt: ctx.now,
    })),
  );
  for (const row of rows) {
    await emitToUsers(ctx.tx, ctx.clusterId, [row.userId], {
      type: 'notification.created',
      payload: { notificationId: row.id, notificationType: options.kind, isToastForced: false },
    });
  }
  return recipients.length;
}
