import type { TPutAutoGreetingRequest, TPutNotificationDefaultsRequest } from '@commons/contract';
import { fillAutoGreeting, isHubFeatureOn } from '@commons/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import {
  autoGreetingDeliveries,
  hubAutoGreetings,
  hubMemberships,
  hubNotificationDefaults,
  hubs,
  notificationPreferences,
  threadParticipants,
  threads,
  users,
} from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { updateHubFeatureFlags } from '../hubs/hubs.commands.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import { appendMessage } from '../inbox/inbox.commands.js';
import { fullName, notifyThreadParticipants } from '../notifications/thread-notifications.js';
import { emitInboxEvent } from '../realtime/realtime.inbox.js';
import { findAutoGreeting, listGreetingSenders, notificationDefaultsOf } from './hub-welcome.queries.js';

/**
 * Saves the hub's auto-greeting: on or off is the hub's autoGreeting feature flag (spec 6), the sender must be
 * an admin of the hub, and the text was checked by the contract (no unfilled placeholder). Audited.
 */
export async function saveAutoGreeting(ctx: TRequestContext, input: TPutAutoGreetingRequest): Promise<void> {
  const hubId = ctx.requireHub().id;
  if (input.senderUserId !== null) {
    const senders = await listGreetingSenders(ctx.tx, hubId);
    if (!senders.some((sender) => sender.id === input.senderUserId))
      throw validationError({ senderUserId: 'Choose an admin of this hub.' });
  }
  const before = await findAutoGreeting(ctx.tx, hubId);
  await ctx.tx
    .insert(hubAutoGreetings)
    .values({
      hubId,
      clusterId: ctx.clusterId,
      senderUserId: input.senderUserId,
      body: input.body,
      updatedAt: ctx.now,
    })
    .onConflictDoUpdate({
      target: hubAutoGreetings.hubId,
      set: { senderUserId: input.senderUserId, body: input.body, updatedAt: ctx.now },
    });
  const settings = await getHubSettings(ctx.tx, hubId);
  const wasOn = isHubFeatureOn(settings.featureFlags, 'autoGreeting');
  if (wasOn !== input.isOn)
    await updateHubFeatureFlags(ctx, { hubId, settings, flags: { autoGreeting: input.isOn } });
  await ctx.audit({
    action: 'hub.auto_greeting_updated',
    targetType: 'hub',
    targetId: String(hubId),
    data: {
      before: { isOn: wasOn, senderUserId: before?.senderUserId ?? null, body: before?.body ?? '' },
      after: { isOn: input.isOn, senderUserId: input.senderUserId, body: input.body },
    },
  });
}

/** One or more paragraphs of plain text as a message body (lines kept). */
function greetingBody(text: string): { html: string; text: string } {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escape).join('<br>')}</p>`)
    .join('');
  return { html, text };
}

/**
 * Sends the hub's auto-greeting to a member who is now admitted with signup completed (spec 6 feature flag
 * auto-greeting), as a real inbox message from the chosen admin, once per member per hub: the delivery row's
 * unique (hub, member) pair decides, so approval and signup completion may both ask. Does nothing while the
 * flag is off, the greeting has no sender or text, the sender is no longer an admin, or the member is the
 * sender. The thread is written as the sender (the inbox's row-level security follows its participants), and
 * the request's own user is restored after.
 */
export async function sendAutoGreeting(
  ctx: TRequestContext,
  options: { hubId: number; userId: string },
): Promise<string | null> {
  const { hubId, userId } = options;
  const settings = await getHubSettings(ctx.tx, hubId);
  if (!isHubFeatureOn(settings.featureFlags, 'autoGreeting')) return null;
  const greeting = await findAutoGreeting(ctx.tx, hubId);
  const senderId = greeting?.senderUserId ?? null;
  if (!greeting || senderId === null || greeting.body.trim() === '' || senderId === userId) return null;
  const [member] = await ctx.tx
    .select({ user: users, approved: hubMemberships.approved, hubName: hubs.name })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .innerJoin(hubs, eq(hubs.id, hubMemberships.hubId))
    .where(
      and(
        eq(hubMemberships.hubId, hubId),
        eq(hubMemberships.userId, userId),
        isNull(hubMemberships.signupStage),
      ),
    )
    .limit(1);
  if (!member || member.approved !== true || member.user.completedSignupAt === null) return null;
  const sender = (await listGreetingSenders(ctx.tx, hubId)).find((s) => s.id === senderId);
  if (!sender) return null;
  const [delivery] = await ctx.tx
    .insert(autoGreetingDeliveries)
    .values({ clusterId: ctx.clusterId, hubId, userId, createdAt: ctx.now })
    .onConflictDoNothing({ target: [autoGreetingDeliveries.hubId, autoGreetingDeliveries.userId] })
    .returning({ id: autoGreetingDeliveries.id });
  if (!delivery) return null;

  const text = fillAutoGreeting(greeting.body, {
    'first name': member.user.firstName,
    'last name': member.user.lastName,
    'hub name': member.hubName,
  });
  const threadId = await asUser(ctx.tx, senderId, async () => {
    const [thread] = await ctx.tx
      .insert(threads)
      .values({
        clusterId: ctx.clusterId,
        hubId,
        messageType: 'message',
        fromUserId: senderId,
        toUserId: userId,
        status: 'accepted',
        createdAt: ctx.now,
        lastMessageAt: ctx.now,
        acceptedAt: ctx.now,
      })
      .returning({ id: threads.id });
    if (!thread) throw new Error('greeting thread insert returned no row');
    await ctx.tx.insert(threadParticipants).values([
      {
        clusterId: ctx.clusterId,
        threadId: thread.id,
        userId: senderId,
        otherUserId: userId,
        lastMessageAt: ctx.now,
      },
      {
        clusterId: ctx.clusterId,
        threadId: thread.id,
        userId,
        otherUserId: senderId,
        lastMessageAt: ctx.now,
      },
    ]);
    await emitInboxEvent(ctx.tx, {
      clusterId: ctx.clusterId,
      threadId: thread.id,
      event: { kind: 'thread', change: 'created' },
    });
    const message = await appendMessage(ctx, {
      threadId: thread.id,
      fromUserId: senderId,
      body: greetingBody(text),
    });
    await notifyThreadParticipants(ctx.tx, {
      clusterId: ctx.clusterId,
      now: ctx.now,
      threadId: thread.id,
      actorUserId: senderId,
      type: 'inbox.message',
      title: `${fullName(sender)} sent you a message`,
      messageId: message.id,
    });
    return thread.id;
  });
  await ctx.tx
    .update(autoGreetingDeliveries)
    .set({ threadId })
    .where(eq(autoGreetingDeliveries.id, delivery.id));
  return threadId;
}

/** Runs `work` with the row-level security user set to `userId`, then puts the request's user back. */
async function asUser<T>(tx: TTx, userId: string, work: () => Promise<T>): Promise<T> {
  const [row] = await queryRows<{ previous: string | null }>(
    tx,
    sql`SELECT current_setting('app.user_id', true) AS previous`,
  );
  const previous = row?.previous ?? '';
  await tx.execute(sql`SELECT set_config('app.user_id', ${userId}, true)`);
  try {
    return await work();
  } finally {
    await tx.execute(sql`SELECT set_config('app.user_id', ${previous}, true)`);
  }
}

/** Sets the email digest frequency the hub's new members start with (existing members keep theirs). Audited. */
export async function saveNotificationDefaults(
  ctx: TRequestContext,
  input: TPutNotificationDefaultsRequest,
): Promise<void> {
  const hubId = ctx.requireHub().id;
  const before = await notificationDefaultsOf(ctx.tx, hubId);
  await ctx.tx
    .insert(hubNotificationDefaults)
    .values({
      hubId,
      clusterId: ctx.clusterId,
      emailDigestFrequency: input.emailDigestFrequency,
      updatedAt: ctx.now,
    })
    .onConflictDoUpdate({
      target: hubNotificationDefaults.hubId,
      set: { emailDigestFrequency: input.emailDigestFrequency, updatedAt: ctx.now },
    });
  await ctx.audit({
    action: 'hub.notification_defaults_updated',
    targetType: 'hub',
    targetId: String(hubId),
    data: { before, after: { emailDigestFrequency: input.emailDigestFrequency, isSet: true } },
  });
}

/**
 * New accounts' notification preferences start as their hub's defaults (issue #22 item 1): written once, when
 * the account is created with its first membership (signup, one account; the users import, a chunk of them in
 * one insert); an account that already has preferences keeps them.
 */
export async function applyNotificationDefaults(
  tx: TTx,
  options: { clusterId: string; hubId: number; userIds: readonly string[]; now: Date },
): Promise<void> {
  if (options.userIds.length === 0) return;
  const defaults = await notificationDefaultsOf(tx, options.hubId);
  if (!defaults.isSet) return;
  await tx
    .insert(notificationPreferences)
    .values(
      options.userIds.map((userId) => ({
        userId,
        clusterId: options.clusterId,
        emailDigestFrequency: defaults.emailDigestFrequency,
        updatedAt: options.now,
      })),
    )
    .onConflictDoNothing({ target: notificationPreferences.userId });
}
