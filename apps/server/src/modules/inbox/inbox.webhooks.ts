import { eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { hubs } from '../../db/schema/index.js';
import { enqueueWebhookEvent } from '../webhooks/webhooks.events.js';

/**
 * The inbox's outgoing webhooks (issue #23 item 3), each queued in the transaction of the write it reports. A
 * message event names the message and its people, never its text: admins' systems may not read members'
 * conversations (the hub admins' own rule).
 */

/** message.sent: a member's message (system messages, such as 'accepted', are not messages sent). */
export async function queueMessageSent(
  tx: TTx,
  options: { messageId: string; threadId: string; fromUserId: string; type: string; now: Date },
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    type: 'message.sent',
    data: {
      messageId: options.messageId,
      threadId: options.threadId,
      fromUserId: options.fromUserId,
      type: options.type,
    },
    now: options.now,
  });
}

/** The long-term mentorship a thread holds, as mentorship events describe it. */
type TMentorshipThread = { id: string; hubId: number; fromUserId: string; toUserId: string };

async function mentorshipData(tx: TTx, thread: TMentorshipThread) {
  const [hub] = await tx.select({ identifier: hubs.identifier }).from(hubs).where(eq(hubs.id, thread.hubId));
  return {
    threadId: thread.id,
    menteeUserId: thread.fromUserId,
    mentorUserId: thread.toUserId,
    hub: hub?.identifier ?? null,
  };
}

/** mentorship.started: the mentor accepted a long-term mentorship request. */
export async function queueMentorshipStarted(tx: TTx, options: { thread: TMentorshipThread; now: Date }) {
  await enqueueWebhookEvent(tx, {
    type: 'mentorship.started',
    data: await mentorshipData(tx, options.thread),
    now: options.now,
  });
}

/** mentorship.closed: by the mentor, the mentee, an admin or its length running out (spec 4 closing states). */
export async function queueMentorshipClosed(
  tx: TTx,
  options: { thread: TMentorshipThread; status: string; now: Date },
) {
  await enqueueWebhookEvent(tx, {
    type: 'mentorship.closed',
    data: { ...(await mentorshipData(tx, options.thread)), status: options.status },
    now: options.now,
  });
}
