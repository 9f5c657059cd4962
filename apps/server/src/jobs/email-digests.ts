import { EMAIL_DIGEST_DEFAULT, notificationPath, type TEmailDigestFrequency } from '@commons/contract';
import { zoneOffsetMs } from '@commons/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TDb, TTx } from '../db/client.js';
import { messages, notificationPreferences, notifications, users } from '../db/schema/index.js';
import { listClusterIds, withTenant } from '../db/tenant.js';
import { REPLY_ABOVE_MARKER } from '../modules/email-response/email-response.commands.js';
import { enqueueMail } from '../modules/mail/mail.commands.js';
import { replyTokenFor, signUnsubscribeToken } from '../modules/notifications/notifications.tokens.js';

/** Daily digests go out from this local hour of the recipient (their time zone). */
export const DAILY_DIGEST_HOUR = 8;
/** Notifications handled per cluster and run. */
const BATCH_SIZE = 500;
const QUOTE_LENGTH = 500;

export type TEmailDigestDeps = {
  db: TDb;
  now: Date;
  publicUrl: string;
  secret: Uint8Array;
  /** Domain of reply addresses when the inbound SMTP receiver runs; null: no Reply-To. */
  replyDomain: string | null;
};

type TPending = {
  id: string;
  userId: string;
  threadId: string;
  messageId: string;
  url: string | null;
  actorName: string;
  createdAt: Date;
};

type TRecipient = {
  id: string;
  email: string;
  firstName: string;
  timezone: string;
  isDeleted: boolean;
  frequency: TEmailDigestFrequency;
  lastDigestAt: Date | null;
};

/** Local calendar day and hour of an instant in a time zone. */
function localDayAndHour(at: Date, timeZone: string): { day: string; hour: number } {
  // The instant moved by the zone's offset reads, in UTC, what the zone's clock reads.
  const wallClock = new Date(at.getTime() + zoneOffsetMs(at.getTime(), timeZone));
  return { day: wallClock.toISOString().slice(0, 10), hour: wallClock.getUTCHours() };
}

/** Whether the recipient's mail is due now: immediately always; daily once a local day from DAILY_DIGEST_HOUR. */
export function isDigestDue(
  recipient: Pick<TRecipient, 'frequency' | 'lastDigestAt' | 'timezone'>,
  now: Date,
): boolean {
  if (recipient.frequency === 'immediately') return true;
  if (recipient.frequency === 'never') return false;
  let zone = recipient.timezone;
  try {
    localDayAndHour(now, zone);
  } catch {
    zone = 'UTC';
  }
  const today = localDayAndHour(now, zone);
  if (today.hour < DAILY_DIGEST_HOUR) return false;
  return !recipient.lastDigestAt || localDayAndHour(recipient.lastDigestAt, zone).day < today.day;
}

function quote(text: string): string {
  const short = text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text;
  return short
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

/**
 * Mails unread message notifications not yet emailed (issue #5 item 4): a mail per thread for users who
 * chose "immediately", one daily digest for "daily" (the default), nothing for "never". Every mail has a
 * one-click unsubscribe (RFC 8058) and, per thread, the /email-response link; with the inbound receiver
 * on, a mail about one thread also carries its Reply-To address. Rows are claimed with SKIP LOCKED, so
 * several processes may run it. Answers the number of mails queued.
 */
export async function sendEmailDigests(deps: TEmailDigestDeps): Promise<number> {
  let queued = 0;
  for (const clusterId of await listClusterIds(deps.db)) {
    queued += await withTenant(deps.db, { clusterId, isClusterScope: true }, (tx) =>
      digestCluster(tx, clusterId, deps),
    );
  }
  return queued;
}

async function digestCluster(tx: TTx, clusterId: string, deps: TEmailDigestDeps): Promise<number> {
  const claimed = await tx
    .select({
      id: notifications.id,
      userId: notifications.userId,
      payload: notifications.payload,
      url: notifications.url,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.isEmailPending, true), isNull(notifications.readAt)))
    .orderBy(asc(notifications.createdAt))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  if (claimed.length === 0) return 0;
  const userIds = [...new Set(claimed.map((n) => n.userId))];
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      timezone: users.timezone,
      deleteRequestedAt: users.deleteRequestedAt,
      frequency: notificationPreferences.emailDigestFrequency,
      lastDigestAt: notificationPreferences.lastDigestAt,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, userIds));
  const recipients = new Map<string, TRecipient>(
    people.map((p) => [
      p.id,
      {
        ...p,
        isDeleted: p.deleteRequestedAt !== null,
        frequency: p.frequency ?? EMAIL_DIGEST_DEFAULT,
        lastDigestAt: p.lastDigestAt ?? null,
      },
    ]),
  );
  const messageIds = claimed.map((n) => String(n.payload.messageId ?? '')).filter(Boolean);
  const bodies = messageIds.length
    ? await tx
        .select({
          id: messages.id,
          text: messages.bodyText,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.fromUserId))
        .where(inArray(messages.id, messageIds))
    : [];
  const byMessage = new Map(bodies.map((b) => [b.id, b]));

  let queued = 0;
  for (const userId of userIds) {
    const recipient = recipients.get(userId);
    const mine = claimed.filter((n) => n.userId === userId);
    const isSkipped = !recipient || recipient.isDeleted || recipient.frequency === 'never';
    if (!isSkipped && !isDigestDue(recipient, deps.now)) continue;
    const pending: TPending[] = [];
    for (const n of mine) {
      const body = byMessage.get(String(n.payload.messageId ?? ''));
      if (!body || typeof n.payload.threadId !== 'string') continue;
      pending.push({
        id: n.id,
        userId,
        threadId: n.payload.threadId,
        messageId: body.id,
        url: n.url,
        actorName: `${body.firstName ?? ''} ${body.lastName ?? ''}`.trim() || 'Someone',
        createdAt: n.createdAt,
      });
    }
    if (!isSkipped && recipient && pending.length > 0) {
      queued += await queueMails(tx, {
        clusterId,
        recipient,
        pending,
        texts: new Map(bodies.map((b) => [b.id, b.text])),
        deps,
      });
      if (recipient.frequency === 'daily') {
        await tx
          .insert(notificationPreferences)
          .values({
            userId,
            clusterId,
            emailDigestFrequency: 'daily',
            lastDigestAt: deps.now,
            updatedAt: deps.now,
          })
          .onConflictDoUpdate({ target: notificationPreferences.userId, set: { lastDigestAt: deps.now } });
      }
    }
    await tx
      .update(notifications)
      .set({ isEmailPending: false })
      .where(
        inArray(
          notifications.id,
          mine.map((n) => n.id),
        ),
      );
  }
  return queued;
}

async function queueMails(
  tx: TTx,
  options: {
    clusterId: string;
    recipient: TRecipient;
    pending: TPending[];
    texts: Map<string, string>;
    deps: TEmailDigestDeps;
  },
): Promise<number> {
  const { recipient, deps, clusterId } = options;
  const threads = new Map<string, TPending[]>();
  for (const p of options.pending) threads.set(p.threadId, [...(threads.get(p.threadId) ?? []), p]);
  const unsubscribeUrl = `${deps.publicUrl}${notificationPath.unsubscribe(signUnsubscribeToken({ secret: deps.secret, target: { clusterId, userId: recipient.id, groupId: null }, now: deps.now }))}`;
  const headers = {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  const footer = [
    '',
    `You get these emails ${recipient.frequency === 'daily' ? 'once a day' : 'for each new message'}; change this in your account settings.`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ];

  const section = async (threadId: string, items: TPending[]) => {
    const token = await replyTokenFor(tx, { secret: deps.secret, clusterId, threadId, userId: recipient.id });
    const from = items[0]?.actorName ?? 'Someone';
    const lines = [`${from} (${items.length} ${items.length === 1 ? 'message' : 'messages'}):`, ''];
    for (const item of items) lines.push(quote(options.texts.get(item.messageId) ?? ''), '');
    const url = items[0]?.url;
    if (url) lines.push(`Open the conversation: ${deps.publicUrl}${url}`);
    lines.push(`Reply on the web: ${deps.publicUrl}/email-response/${token}`);
    return { token, from, lines };
  };

  const send = async (subject: string, body: string[], replyToken: string | null) => {
    const replyTo = replyToken && deps.replyDomain ? `reply+${replyToken}@${deps.replyDomain}` : null;
    const top = replyTo ? [REPLY_ABOVE_MARKER, ''] : [];
    await enqueueMail(tx, clusterId, {
      to: recipient.email,
      subject,
      text: `${[...top, `Hi ${recipient.firstName},`, '', ...body, ...footer].join('\n')}\n`,
      headers,
      ...(replyTo ? { replyTo } : {}),
    });
  };

  if (recipient.frequency === 'immediately') {
    for (const [threadId, items] of threads) {
      const s = await section(threadId, items);
      await send(`New message from ${s.from}`, s.lines, s.token);
    }
    return threads.size;
  }
  const sections = [];
  for (const [threadId, items] of threads) sections.push(await section(threadId, items));
  const count = options.pending.length;
  await send(
    `You have ${count} unread ${count === 1 ? 'message' : 'messages'}`,
    sections.flatMap((s) => [...s.lines, '']),
    sections.length === 1 ? (sections[0]?.token ?? null) : null,
  );
  return 1;
}
