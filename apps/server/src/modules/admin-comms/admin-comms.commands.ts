import {
  BULK_CHANNEL_RIGHTS,
  BULK_MESSAGE_PATHS,
  endpointPath,
  type TBulkAudience,
  type TBulkChannel,
  type TBulkPreview,
  type TMyAnnouncement,
} from '@commons/contract';
import { createHmac } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.js';
import {
  bulkEmailPreferences,
  bulkMessageRecipients,
  bulkMessages,
  groups,
  hubs,
  userTypes,
  users,
} from '../../db/schema/index.js';
import { listClusterIds, withTenant } from '../../db/tenant.js';
import { AppError, conflict, notFound, validationError } from '../../lib/app-error.js';
import { hasRichTextContent, richTextToPlain, sanitizeRichText } from '../../lib/rich-text.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { enqueueMail } from '../mail/mail.commands.js';
import { notifyUsers } from '../notifications/notifications.commands.js';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../notifications/notifications.tokens.js';
import { audienceMembers, type TBulkMessageRow } from './admin-comms.queries.js';

const YEAR_MS = 366 * 86_400_000;

/** The channels the viewer may send in the request's hub (spec 6 rights bulk-emails and announcements). */
export function sendableChannels(ctx: TRequestContext): TBulkChannel[] {
  return (Object.keys(BULK_CHANNEL_RIGHTS) as TBulkChannel[]).filter((c) =>
    ctx.hasRight(BULK_CHANNEL_RIGHTS[c]),
  );
}

/**
 * The key bulk email unsubscribe links are signed with: derived from the server secret for this purpose only,
 * so an email digest link (same token format) can never turn bulk emails off, nor the other way round.
 */
function unsubscribeSecret(secret: Uint8Array): Uint8Array {
  return createHmac('sha256', secret).update('bulk-email-unsubscribe').digest();
}

/** Whether a bulk email unsubscribe token is ours and not expired (the confirmation page). */
export function isBulkUnsubscribeToken(token: string, options: { secret: Uint8Array; now: Date }): boolean {
  const target = verifyUnsubscribeToken(token, {
    secret: unsubscribeSecret(options.secret),
    now: options.now,
  });
  return target !== null && target.groupId === null;
}

/** The audience with its ids checked against the hub (400 for a user type or group of elsewhere); surveys use it too. */
export async function checkedAudience(ctx: TRequestContext, audience: TBulkAudience): Promise<TBulkAudience> {
  const hub = ctx.requireHub();
  const userTypeIds = [...new Set(audience.userTypeIds)];
  const groupIds = [...new Set(audience.groupIds)];
  if (userTypeIds.length > 0) {
    const found = await ctx.tx
      .select({ id: userTypes.id })
      .from(userTypes)
      .where(and(eq(userTypes.hubId, hub.id), inArray(userTypes.id, userTypeIds)));
    if (found.length !== userTypeIds.length)
      throw validationError({ 'audience.userTypeIds': 'Choose user types of this hub.' });
  }
  if (groupIds.length > 0) {
    const found = await ctx.tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.hubId, hub.id), inArray(groups.id, groupIds)));
    if (found.length !== groupIds.length)
      throw validationError({ 'audience.groupIds': 'Choose groups of this hub.' });
  }
  return { userTypeIds, groupIds };
}

/** The body sanitised like every rich text of the app (lib/rich-text), refused when empty. */
function cleanBody(body: string): { html: string; text: string } {
  const html = sanitizeRichText(body);
  if (!hasRichTextContent(html)) throw validationError({ body: 'Please write the message.' });
  return { html, text: richTextToPlain(html) };
}

/** What members would get and how many (issue #22 item 3 preview); changes nothing. */
export async function previewBulkMessage(
  ctx: TRequestContext,
  draft: { channel: TBulkChannel; subject: string; body: string; audience: TBulkAudience },
): Promise<TBulkPreview> {
  ctx.requireRight(BULK_CHANNEL_RIGHTS[draft.channel]);
  const audience = await checkedAudience(ctx, draft.audience);
  const { html } = cleanBody(draft.body);
  const members = await audienceMembers(ctx.tx, { hubId: ctx.requireHub().id, audience });
  const unsubscribed = draft.channel === 'email' ? members.filter((m) => m.isUnsubscribed).length : 0;
  return {
    subject: draft.subject,
    html,
    recipientCount: members.length - unsubscribed,
    unsubscribedCount: unsubscribed,
  };
}

/** Stores a message; one due now is sent in the same transaction (mails through the outbox). */
export async function createBulkMessage(
  ctx: TRequestContext,
  input: {
    channel: TBulkChannel;
    subject: string;
    body: string;
    audience: TBulkAudience;
    sendAt?: string | null | undefined;
    publicUrl: string;
    secret: Uint8Array;
  },
): Promise<TBulkMessageRow> {
  ctx.requireRight(BULK_CHANNEL_RIGHTS[input.channel]);
  const hub = ctx.requireHub();
  const audience = await checkedAudience(ctx, input.audience);
  const { html, text } = cleanBody(input.body);
  const sendAt = input.sendAt ? new Date(input.sendAt) : ctx.now;
  if (sendAt.getTime() > ctx.now.getTime() + YEAR_MS)
    throw validationError({ sendAt: 'Choose a time within the next year.' });
  const isDue = sendAt.getTime() <= ctx.now.getTime();
  const [row] = await ctx.tx
    .insert(bulkMessages)
    .values({
      clusterId: ctx.clusterId,
      hubId: hub.id,
      channel: input.channel,
      subject: input.subject,
      body: html,
      bodyText: text,
      audience,
      status: 'scheduled',
      scheduledAt: isDue ? ctx.now : sendAt,
      createdByUserId: ctx.requireViewer().user.id,
      createdAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('bulk message insert returned no row');
  await ctx.audit({
    action: isDue ? `bulk_messages.${input.channel}_sent` : `bulk_messages.${input.channel}_scheduled`,
    targetType: 'bulk_message',
    targetId: row.id,
    data: { after: { subject: row.subject, audience, scheduledAt: row.scheduledAt.toISOString() } },
  });
  if (!isDue) return row;
  return sendBulkMessage(ctx.tx, {
    message: row,
    hub,
    actorUserId: ctx.requireViewer().user.id,
    now: ctx.now,
    publicUrl: input.publicUrl,
    secret: input.secret,
  });
}

/**
 * Sends a scheduled message: one recipient row per member of the audience; an email is queued in the outbox for
 * each member who did not unsubscribe, with their one-click unsubscribe link (RFC 8058 headers too); an
 * announcement becomes a notification and shows on the member's hub pages until dismissed. Marks it sent.
 */
export async function sendBulkMessage(
  tx: TTx,
  options: {
    message: TBulkMessageRow;
    hub: { id: number; name: string; identifier: string };
    actorUserId: string | null;
    now: Date;
    publicUrl: string;
    secret: Uint8Array;
  },
): Promise<TBulkMessageRow> {
  const { message, hub } = options;
  const members = await audienceMembers(tx, { hubId: hub.id, audience: message.audience });
  const isEmail = message.channel === 'email';
  const recipients = isEmail ? members.filter((m) => !m.isUnsubscribed && m.email !== '') : members;
  const secret = unsubscribeSecret(options.secret);
  for (const member of recipients) {
    let mailId: string | null = null;
    if (isEmail) {
      const token = signUnsubscribeToken({
        secret,
        target: { clusterId: message.clusterId, userId: member.userId, groupId: null },
        now: options.now,
      });
      const unsubscribeUrl = `${options.publicUrl}${endpointPath(BULK_MESSAGE_PATHS.unsubscribe, { token })}`;
      const footer = `You get this because you are a member of ${hub.name}. Unsubscribe from these emails: ${unsubscribeUrl}`;
      mailId = await enqueueMail(tx, message.clusterId, {
        to: member.email,
        subject: message.subject,
        text: `Hi ${member.firstName},\n\n${message.bodyText}\n\n--\n${footer}\n`,
        html: `<p>Hi ${escapeHtml(member.firstName)},</p>${message.body}<hr><p style="font-size:12px">You get this because you are a member of ${escapeHtml(hub.name)}. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from these emails</a></p>`,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    }
    await tx
      .insert(bulkMessageRecipients)
      .values({
        clusterId: message.clusterId,
        hubId: hub.id,
        messageId: message.id,
        userId: member.userId,
        mailId,
        createdAt: options.now,
      })
      .onConflictDoNothing();
  }
  if (!isEmail) {
    await notifyUsers(tx, {
      clusterId: message.clusterId,
      now: options.now,
      actorUserId: options.actorUserId,
      userIds: recipients.map((r) => r.userId),
      hubId: hub.id,
      type: 'hub.announcement',
      title: message.subject,
      url: `/hub/${encodeURIComponent(hub.identifier)}/announcements`,
    });
  }
  const [sent] = await tx
    .update(bulkMessages)
    .set({
      status: 'sent',
      sentAt: options.now,
      recipientCount: recipients.length,
      unsubscribedCount: members.length - recipients.length,
    })
    .where(and(eq(bulkMessages.id, message.id), eq(bulkMessages.status, 'scheduled')))
    .returning();
  return sent ?? message;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sends every scheduled message that is due, cluster by cluster (the periodic job; pg-boss retries a failure). */
export async function sendDueBulkMessages(
  db: TDb,
  options: { now: Date; publicUrl: string; secret: Uint8Array },
): Promise<number> {
  let total = 0;
  for (const clusterId of await listClusterIds(db)) {
    total += await withTenant(db, { clusterId, isClusterScope: true }, async (tx) => {
      const due = await tx
        .select({ message: bulkMessages, hub: { id: hubs.id, name: hubs.name, identifier: hubs.identifier } })
        .from(bulkMessages)
        .innerJoin(hubs, eq(hubs.id, bulkMessages.hubId))
        .where(and(eq(bulkMessages.status, 'scheduled'), lte(bulkMessages.scheduledAt, options.now)))
        .orderBy(bulkMessages.scheduledAt)
        .limit(20)
        .for('update', { of: bulkMessages, skipLocked: true });
      for (const { message, hub } of due)
        await sendBulkMessage(tx, { ...options, message, hub, actorUserId: message.createdByUserId });
      return due.length;
    });
  }
  return total;
}

/** Cancels a scheduled message of the hub (409 once sent). */
export async function cancelBulkMessage(ctx: TRequestContext, id: string): Promise<TBulkMessageRow> {
  const [row] = await ctx.tx
    .select()
    .from(bulkMessages)
    .where(and(eq(bulkMessages.id, id), eq(bulkMessages.hubId, ctx.requireHub().id)))
    .limit(1);
  if (!row) throw notFound('Message');
  ctx.requireRight(BULK_CHANNEL_RIGHTS[row.channel]);
  if (row.status !== 'scheduled') throw conflict('This message was already sent or cancelled.');
  const [cancelled] = await ctx.tx
    .update(bulkMessages)
    .set({ status: 'cancelled' })
    .where(and(eq(bulkMessages.id, id), eq(bulkMessages.status, 'scheduled')))
    .returning();
  if (!cancelled) throw conflict('This message was already sent or cancelled.');
  await ctx.audit({
    action: `bulk_messages.${row.channel}_cancelled`,
    targetType: 'bulk_message',
    targetId: id,
    data: { before: { status: 'scheduled' }, after: { status: 'cancelled' } },
  });
  return cancelled;
}

/** The viewer's announcements in the request's hub, newest first (the banner shows the undismissed ones). */
export async function myAnnouncements(ctx: TRequestContext): Promise<TMyAnnouncement[]> {
  const rows = await ctx.tx
    .select({ message: bulkMessages, dismissedAt: bulkMessageRecipients.dismissedAt })
    .from(bulkMessageRecipients)
    .innerJoin(bulkMessages, eq(bulkMessages.id, bulkMessageRecipients.messageId))
    .where(
      and(
        eq(bulkMessageRecipients.userId, ctx.requireViewer().user.id),
        eq(bulkMessageRecipients.hubId, ctx.requireHub().id),
        eq(bulkMessages.channel, 'announcement'),
        eq(bulkMessages.status, 'sent'),
      ),
    )
    .orderBy(desc(bulkMessageRecipients.createdAt))
    .limit(20);
  return rows.map((r) => ({
    id: r.message.id,
    subject: r.message.subject,
    body: r.message.body,
    sentAt: (r.message.sentAt ?? r.message.createdAt).toISOString(),
    isDismissed: r.dismissedAt !== null,
  }));
}

/** Hides an announcement from the viewer's banner (404 when it was not addressed to them). */
export async function dismissAnnouncement(ctx: TRequestContext, id: string): Promise<TMyAnnouncement> {
  const [row] = await ctx.tx
    .update(bulkMessageRecipients)
    .set({
      dismissedAt: sql`coalesce(${bulkMessageRecipients.dismissedAt}, ${ctx.now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(bulkMessageRecipients.messageId, id),
        eq(bulkMessageRecipients.userId, ctx.requireViewer().user.id),
        eq(bulkMessageRecipients.hubId, ctx.requireHub().id),
      ),
    )
    .returning({ id: bulkMessageRecipients.id });
  if (!row) throw notFound('Announcement');
  const item = (await myAnnouncements(ctx)).find((a) => a.id === id);
  if (!item) throw notFound('Announcement');
  return item;
}

/**
 * Honours a bulk email unsubscribe link (no sign-in): the signed token names the member, whose own preference row
 * is written in their tenant scope. Null when the token is not ours, expired, or names no member.
 */
export async function unsubscribeBulkEmails(
  db: TDb,
  options: { token: string; secret: Uint8Array; now: Date },
): Promise<{ isUnsubscribed: true } | null> {
  const target = verifyUnsubscribeToken(options.token, {
    secret: unsubscribeSecret(options.secret),
    now: options.now,
  });
  if (!target || target.groupId !== null) return null;
  return withTenant(db, { clusterId: target.clusterId, userId: target.userId }, async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, target.userId), isNull(users.deleteRequestedAt)))
      .limit(1);
    if (!user) return null;
    await tx
      .insert(bulkEmailPreferences)
      .values({ userId: user.id, clusterId: target.clusterId, isUnsubscribed: true, updatedAt: options.now })
      .onConflictDoUpdate({
        target: bulkEmailPreferences.userId,
        set: { isUnsubscribed: true, updatedAt: options.now },
      });
    return { isUnsubscribed: true as const };
  });
}

/** A request whose tenant the token names does not exist here (shared 404 of the unsubscribe endpoints). */
export function invalidUnsubscribeLink(): AppError {
  return new AppError({
    statusCode: 404,
    code: 'not_found',
    message: 'Unsubscribe token not found',
    userMessage: 'This unsubscribe link is not valid or has expired.',
  });
}
