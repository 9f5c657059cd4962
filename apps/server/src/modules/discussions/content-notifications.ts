import type { TNotificationType } from '@commons/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { hubMemberships, users } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { notifyUsers as notifyUsersOfType } from '../notifications/notifications.commands.js';

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

const CONTENT_TYPES = {
  mention: 'discussion.mention',
  answer: 'discussion.answer',
  comment: 'discussion.comment',
  event_registration_accepted: 'event.registration-accepted',
  question_approved: 'discussion.question-approved',
  question_rejected: 'discussion.question-rejected',
  event_approved: 'event.approved',
  event_rejected: 'event.rejected',
} as const satisfies Record<string, TNotificationType>;

/**
 * Records a content notification for each recipient except the actor in the one notifications store
 * (modules/notifications), which pushes `notification.created` through the realtime outbox.
 */
export async function notifyUsers(
  ctx: TRequestContext,
  options: {
    hubId: number;
    userIds: string[];
    kind: keyof typeof CONTENT_TYPES;
    targetType: string;
    targetId: string;
    title: string;
    url: string;
  },
): Promise<number> {
  return notifyUsersOfType(ctx.tx, {
    clusterId: ctx.clusterId,
    now: ctx.now,
    actorUserId: ctx.viewer?.user.id ?? null,
    userIds: options.userIds,
    hubId: options.hubId,
    type: CONTENT_TYPES[options.kind],
    title: options.title,
    url: options.url,
    payload: { targetType: options.targetType, targetId: options.targetId },
  });
}
