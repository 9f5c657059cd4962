import { ZHubSettings } from '@commons/contract';
import type { TDataRegion } from '@commons/domain';
import { and, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import {
  hubMemberships,
  hubSettings,
  messageAttachments,
  messages,
  threadParticipants,
  threads,
  userTypes,
} from '../db/schema/index.js';
import { listClusterIds, withTenant } from '../db/tenant.js';
import type { TFileStorage } from '../lib/storage.js';
import {
  lengthInterval,
  mentorshipLengthsOf,
  type TMentorshipLength,
} from '../modules/inbox/inbox.mentorship-length.js';
import { awardBadges } from '../modules/badges/badges.commands.js';
import { hubMessageTypeSettings } from '../modules/inbox/inbox.policy.js';
import { emitInboxEvent } from '../modules/realtime/realtime.inbox.js';
import { notifyThreadParticipants } from '../modules/notifications/thread-notifications.js';
import { queueMentorshipClosed } from '../modules/inbox/inbox.webhooks.js';

const HOUR_MS = 60 * 60 * 1000;
/** Uploads not sent with a message within a day are removed. */
const UNSENT_ATTACHMENT_MAX_AGE_MS = 24 * HOUR_MS;

function lengthText(length: TMentorshipLength): string {
  return `${length.amount} ${length.unit}${length.amount === 1 ? '' : 's'}`;
}

/**
 * spec 4 autoClosed: long-term mentorships accepted longer ago than the hub's mentorshipLength close, with a
 * system message and an unread mark for both participants; closed threads are read-only. Idempotent: only
 * active mentorships are touched, so several processes may run it.
 */
export async function autoCloseMentorships(db: TDb, now: Date): Promise<number> {
  let closed = 0;
  for (const clusterId of await listClusterIds(db)) {
    closed += await withTenant(db, { clusterId, isClusterScope: true }, async (tx) => {
      let count = 0;
      for (const hub of await tx
        .select({ hubId: hubSettings.hubId, settings: hubSettings.settings })
        .from(hubSettings)) {
        const settings = hubMessageTypeSettings(ZHubSettings.parse(hub.settings ?? {}));
        // The length is the mentee's (the sender's) user type's, else the hub's (program's), as it is now: an
        // edited length applies to open mentorships at the next run (issue #22, user types editor).
        const types = await tx
          .select({ id: userTypes.id, messageTypeSettings: userTypes.messageTypeSettings })
          .from(userTypes)
          .where(eq(userTypes.hubId, hub.hubId));
        const { hubLength, byUserType } = mentorshipLengthsOf(settings, types);
        const lengthKey = (length: TMentorshipLength | null) => (length ? lengthText(length) : '');
        const overriding = new Map<string, { length: TMentorshipLength | null; typeIds: string[] }>();
        for (const [typeId, own] of byUserType) {
          if (lengthKey(own) === lengthKey(hubLength)) continue;
          const group = overriding.get(lengthKey(own)) ?? { length: own, typeIds: [] };
          group.typeIds.push(typeId);
          overriding.set(lengthKey(own), group);
        }
        const overridingIds = [...overriding.values()].flatMap((group) => group.typeIds);
        const menteeTypeIn = (ids: string[]) =>
          sql`exists (select 1 from ${hubMemberships} m where m.hub_id = ${threads.hubId} and m.user_id = ${threads.fromUserId} and m.user_type_id = any(${sql.raw('ARRAY[')}${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}${sql.raw(']::uuid[]')}))`;
        const groups: Array<{ length: TMentorshipLength | null; mentee: SQL | undefined }> = [
          {
            length: hubLength,
            mentee: overridingIds.length === 0 ? undefined : sql`not ${menteeTypeIn(overridingIds)}`,
          },
          ...[...overriding.values()].map((group) => ({
            length: group.length,
            mentee: menteeTypeIn(group.typeIds),
          })),
        ];
        for (const { length, mentee } of groups) {
          if (!length) continue;
          const text = `This mentorship ended automatically after ${lengthText(length)}.`;
          // Months are added in UTC like the presenter's autoCloseAt, whatever the session time zone.
          const ended = await tx
            .update(threads)
            .set({
              mentorshipStatus: 'autoClosed',
              closedAt: now,
              lastMessageAt: now,
              lastMessagePreview: text,
              lastMessageFromUserId: null,
            })
            .where(
              and(
                eq(threads.hubId, hub.hubId),
                eq(threads.messageType, 'longTermMentorship'),
                eq(threads.mentorshipStatus, 'active'),
                isNotNull(threads.acceptedAt),
                sql`((${threads.acceptedAt} at time zone 'UTC') + ${lengthInterval(length)}::interval) at time zone 'UTC' <= ${now}`,
                mentee,
              ),
            )
            .returning({ id: threads.id, fromUserId: threads.fromUserId, toUserId: threads.toUserId });
          if (ended.length === 0) continue;
          for (const thread of ended)
            await queueMentorshipClosed(tx, {
              thread: { ...thread, hubId: hub.hubId },
              status: 'autoClosed',
              now,
            });
          const ids = ended.map((t) => t.id);
          await tx.insert(messages).values(
            ids.map((threadId) => ({
              clusterId,
              threadId,
              fromUserId: null,
              body: `<p>${text}</p>`,
              bodyText: text,
              isSystemMessage: true,
              type: 'autoClosed',
              createdAt: now,
            })),
          );
          await tx
            .update(threadParticipants)
            .set({ lastMessageAt: now, unreadCount: sql`${threadParticipants.unreadCount} + 1` })
            .where(inArray(threadParticipants.threadId, ids));
          for (const threadId of ids) {
            await emitInboxEvent(tx, { clusterId, threadId, event: { kind: 'thread', change: 'closed' } });
            await notifyThreadParticipants(tx, {
              clusterId,
              now,
              threadId,
              actorUserId: null,
              type: 'inbox.mentorship-closed',
              title: text,
            });
          }
          // A mentorship that ran its length is completed, for both participants (domain badges.ts).
          for (const userId of new Set(ended.flatMap((t) => [t.fromUserId, t.toUserId])))
            await awardBadges(tx, {
              clusterId,
              userId,
              hubIds: [hub.hubId],
              kinds: ['mentorships_completed'],
              now,
            });
          count += ids.length;
        }
      }
      return count;
    });
  }
  return closed;
}

/** Removes uploads that were never sent with a message: the rows first, then their bytes (no I/O in the transaction). */
export async function removeUnsentAttachments(db: TDb, storage: TFileStorage, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNSENT_ATTACHMENT_MAX_AGE_MS);
  let removed = 0;
  for (const clusterId of await listClusterIds(db)) {
    const gone = await withTenant(db, { clusterId, isClusterScope: true }, (tx) =>
      tx
        .delete(messageAttachments)
        .where(and(isNull(messageAttachments.messageId), lt(messageAttachments.createdAt, cutoff)))
        .returning({ region: messageAttachments.region, storageKey: messageAttachments.storageKey }),
    );
    for (const file of gone) await storage.remove(file.region as TDataRegion, file.storageKey);
    removed += gone.length;
  }
  return removed;
}
