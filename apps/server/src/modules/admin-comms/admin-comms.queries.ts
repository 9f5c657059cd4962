import type { TBulkAudience, TBulkMessageSummary } from '@commons/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  bulkEmailPreferences,
  bulkMessageRecipients,
  bulkMessages,
  groupMemberships,
  groups,
  hubMemberships,
  mailOutbox,
  users,
  userTypes,
} from '../../db/schema/index.js';
import type { TCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import { MAIL_MAX_ATTEMPTS } from '../mail/mail-delivery.js';

export type TBulkMessageRow = typeof bulkMessages.$inferSelect;

/**
 * Approved, registered members of the hub in the audience (any of its user types or groups; both empty is every
 * member), accounts not being deleted, each with whether they unsubscribed from bulk emails.
 */
export async function audienceMembers(
  tx: TTx,
  options: { hubId: number; audience: TBulkAudience; userId?: string },
) {
  const { userTypeIds, groupIds } = options.audience;
  const inGroups =
    groupIds.length === 0
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${groupMemberships} WHERE ${groupMemberships.userId} = ${users.id} AND ${groupMemberships.approved} = true AND ${inArray(groupMemberships.groupId, groupIds)})`;
  const ofTypes = userTypeIds.length === 0 ? undefined : inArray(hubMemberships.userTypeId, userTypeIds);
  const audience =
    inGroups && ofTypes ? sql`(${ofTypes} OR ${inGroups})` : (inGroups ?? ofTypes ?? undefined);
  return tx
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      isUnsubscribed: sql<boolean>`coalesce(${bulkEmailPreferences.isUnsubscribed}, false)`,
    })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(bulkEmailPreferences, eq(bulkEmailPreferences.userId, users.id))
    .where(
      and(
        eq(hubMemberships.hubId, options.hubId),
        eq(hubMemberships.approved, true),
        isNull(hubMemberships.signupStage),
        isNull(users.deleteRequestedAt),
        options.userId === undefined ? undefined : eq(users.id, options.userId),
        audience,
      ),
    )
    .orderBy(asc(users.id));
}

/** The hub's enabled user types and its groups and programs, for the audience picker. */
export async function audienceOptions(tx: TTx, hubId: number) {
  const types = await tx
    .select({ id: userTypes.id, title: userTypes.title })
    .from(userTypes)
    .where(and(eq(userTypes.hubId, hubId), eq(userTypes.isDisabled, false)))
    .orderBy(asc(userTypes.order), asc(userTypes.title));
  const groupRows = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.hubId, hubId))
    .orderBy(asc(groups.sortName))
    .limit(500);
  return { userTypes: types, groups: groupRows };
}

/** Messages of the hub newest first with their sender's name, keyset on (created_at, id). */
export async function bulkMessagePage(
  tx: TTx,
  options: { hubId: number; channels: string[]; cursor: TCursor | null; limit: number },
) {
  const rows = await tx
    .select({ message: bulkMessages, firstName: users.firstName, lastName: users.lastName })
    .from(bulkMessages)
    .leftJoin(users, eq(users.id, bulkMessages.createdByUserId))
    .where(
      and(
        eq(bulkMessages.hubId, options.hubId),
        inArray(bulkMessages.channel, options.channels as Array<'email' | 'announcement'>),
        keysetAfter(options.cursor, {
          sortKey: bulkMessages.createdAt,
          id: bulkMessages.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(bulkMessages.createdAt), desc(bulkMessages.id))
    .limit(options.limit + 1);
  return keysetPage(rows, options.limit, (r) => ({
    at: r.message.createdAt.toISOString(),
    id: r.message.id,
  }));
}

/** Delivery counts per message: mails delivered, given up on (after the relay's last attempt) and still queued. */
export async function deliveryCounts(tx: TTx, messageIds: string[]) {
  if (messageIds.length === 0) return new Map<string, { queued: number; sent: number; failed: number }>();
  const rows = await tx
    .select({
      messageId: bulkMessageRecipients.messageId,
      sent: sql<number>`count(*) FILTER (WHERE ${bulkMessageRecipients.mailId} IS NULL OR ${mailOutbox.sentAt} IS NOT NULL)::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${mailOutbox.sentAt} IS NULL AND ${mailOutbox.attempts} >= ${MAIL_MAX_ATTEMPTS})::int`,
      queued: sql<number>`count(*) FILTER (WHERE ${mailOutbox.id} IS NOT NULL AND ${mailOutbox.sentAt} IS NULL AND ${mailOutbox.attempts} < ${MAIL_MAX_ATTEMPTS})::int`,
    })
    .from(bulkMessageRecipients)
    .leftJoin(mailOutbox, eq(mailOutbox.id, bulkMessageRecipients.mailId))
    .where(inArray(bulkMessageRecipients.messageId, messageIds))
    .groupBy(bulkMessageRecipients.messageId);
  return new Map(rows.map((r) => [r.messageId, { queued: r.queued, sent: r.sent, failed: r.failed }]));
}

/** Names of the user types and groups an audience names (for the list). */
export async function audienceNames(tx: TTx, audiences: TBulkAudience[]): Promise<Map<string, string>> {
  const typeIds = [...new Set(audiences.flatMap((a) => a.userTypeIds))];
  const groupIds = [...new Set(audiences.flatMap((a) => a.groupIds))];
  const names = new Map<string, string>();
  if (typeIds.length > 0)
    for (const r of await tx
      .select({ id: userTypes.id, name: userTypes.pluralTitle })
      .from(userTypes)
      .where(inArray(userTypes.id, typeIds)))
      names.set(r.id, r.name);
  if (groupIds.length > 0)
    for (const r of await tx
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(inArray(groups.id, groupIds)))
      names.set(r.id, r.name);
  return names;
}

/** A message as the admins' list shows it. */
export function presentBulkMessage(
  row: TBulkMessageRow,
  extra: {
    createdBy: string | null;
    names: Map<string, string>;
    counts: { queued: number; sent: number; failed: number } | undefined;
  },
): TBulkMessageSummary {
  const audience = row.audience;
  return {
    id: row.id,
    channel: row.channel,
    subject: row.subject,
    status: row.status,
    scheduledAt: row.scheduledAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    audienceLabels: [...audience.userTypeIds, ...audience.groupIds].map(
      (id) => extra.names.get(id) ?? 'Removed',
    ),
    createdBy: extra.createdBy,
    counts: {
      recipients: row.recipientCount,
      queued: extra.counts?.queued ?? 0,
      sent: extra.counts?.sent ?? 0,
      failed: extra.counts?.failed ?? 0,
      unsubscribed: row.unsubscribedCount,
    },
    can: { cancel: row.status === 'scheduled' },
  };
}
