import { eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { threads } from '../../db/schema/index.js';
import { emitToUsers } from './realtime.events.js';

export type TInboxThreadChange = 'created' | 'accepted' | 'rejected' | 'closed' | 'archived' | 'unarchived';

type TInboxEvent =
  | { kind: 'message'; messageId: string; fromUserId: string }
  | { kind: 'thread'; change: TInboxThreadChange }
  | { kind: 'unread-removed' }
  | { kind: 'meeting'; meetingId: string };

/**
 * Emits an inbox event in the command's transaction: messages and status changes go to both
 * participants (the sender's other tabs too); `onlyUserId` limits it to one of them (archive, read).
 */
export async function emitInboxEvent(
  tx: TTx,
  options: { clusterId: string; threadId: string; event: TInboxEvent; onlyUserId?: string },
): Promise<void> {
  const [thread] = await tx
    .select({ hubId: threads.hubId, fromUserId: threads.fromUserId, toUserId: threads.toUserId })
    .from(threads)
    .where(eq(threads.id, options.threadId))
    .limit(1);
  if (!thread) return;
  const userIds = options.onlyUserId ? [options.onlyUserId] : [thread.fromUserId, thread.toUserId];
  const ref = { threadId: options.threadId, hubId: String(thread.hubId) };
  const { event } = options;
  if (event.kind === 'message') {
    await emitToUsers(tx, options.clusterId, userIds, {
      type: 'inbox.message',
      payload: { ...ref, messageId: event.messageId, fromUserId: event.fromUserId },
    });
  } else if (event.kind === 'thread') {
    await emitToUsers(tx, options.clusterId, userIds, {
      type: 'inbox.thread',
      payload: { ...ref, change: event.change },
    });
  } else if (event.kind === 'meeting') {
    await emitToUsers(tx, options.clusterId, userIds, {
      type: 'inbox.meeting',
      payload: { ...ref, meetingId: event.meetingId },
    });
  } else {
    await emitToUsers(tx, options.clusterId, userIds, { type: 'inbox.unread-removed', payload: ref });
  }
}
