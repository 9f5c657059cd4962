import type { TNotificationType } from '@commons/contract';
import { eq, inArray } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { threads, users } from '../../db/schema/index.js';
import { notifyUsers } from './notifications.commands.js';

/** Web paths a thread notification opens (spec 2): the thread, or a meeting by its token. */
function threadUrl(
  identifier: string,
  options: { threadId: string; meetingToken?: string | undefined },
): string {
  const address = encodeURIComponent(identifier);
  return options.meetingToken
    ? `/inbox/${address}/meeting/${encodeURIComponent(options.meetingToken)}`
    : `/inbox/${address}/thread/${encodeURIComponent(options.threadId)}`;
}

/** The full name of a user for notification titles. */
export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * Notifies the participants of a thread other than the actor (inbox and meetings, issue #5 item 4). An
 * actor who is not a participant (a hub admin, a job) notifies both. Works in the command's transaction.
 */
export async function notifyThreadParticipants(
  tx: TTx,
  options: {
    clusterId: string;
    now: Date;
    threadId: string;
    actorUserId: string | null;
    type: TNotificationType;
    title: string;
    messageId?: string;
    meeting?: { id: string; meetingToken: string };
  },
): Promise<void> {
  const [thread] = await tx
    .select({
      hubId: threads.hubId,
      fromUserId: threads.fromUserId,
      toUserId: threads.toUserId,
      messageType: threads.messageType,
    })
    .from(threads)
    .where(eq(threads.id, options.threadId))
    .limit(1);
  if (!thread) return;
  const recipients = [thread.fromUserId, thread.toUserId].filter((id) => id !== options.actorUserId);
  if (recipients.length === 0) return;
  const people = await tx
    .select({ id: users.id, identifier: users.identifier })
    .from(users)
    .where(inArray(users.id, recipients));
  const identifiers = new Map(people.map((p) => [p.id, p.identifier]));
  await notifyUsers(tx, {
    clusterId: options.clusterId,
    now: options.now,
    actorUserId: options.actorUserId,
    userIds: recipients,
    hubId: thread.hubId,
    type: options.type,
    title: options.title,
    url: (userId) =>
      threadUrl(identifiers.get(userId) ?? userId, {
        threadId: options.threadId,
        meetingToken: options.meeting?.meetingToken,
      }),
    payload: {
      threadId: options.threadId,
      messageType: thread.messageType,
      ...(options.messageId ? { messageId: options.messageId } : {}),
      ...(options.meeting ? { meetingId: options.meeting.id } : {}),
    },
  });
}
