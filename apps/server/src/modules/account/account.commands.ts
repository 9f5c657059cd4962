import { ACCOUNT_DELETION_GRACE_DAYS, type ZAccountSettingsRequest } from '@commons/contract';
import { formatDurationHoursMinutes, isKnownTimeZone } from '@commons/domain';
import type { z } from 'zod';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { emailChanges, refreshSessions, userAvailability, users } from '../../db/schema/index.js';
import { AppError, conflict, validationError } from '../../lib/app-error.js';
import { tooManyFailures, type TFailureCounter } from '../../plugins/failure-counter.js';
import type { TTx } from '../../db/client.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { assertStrongPassword, revokeSignInLinks } from '../auth/auth.commands.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { deleteEventFeeds } from '../events/events.commands.js';
import { enqueueTemplatedMail } from '../mail/mail.commands.js';
import { setEmailDigestFrequency } from '../notifications/notifications.preferences.js';
import { deleteUserPushTokens } from '../push-tokens/push-tokens.commands.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Re-authentication for sensitive changes: the current password must be right. Wrong answers are counted
 * per user (issue #13 item 9), so a stolen session cannot guess the password behind it.
 */
async function requireCurrentPassword(
  ctx: TRequestContext,
  options: { password: string; failures: TFailureCounter },
): Promise<void> {
  const viewer = ctx.requireViewer();
  const waitSeconds = await options.failures.retryAfterSeconds(viewer.user.id);
  if (waitSeconds > 0) {
    throw tooManyFailures(
      waitSeconds,
      `Too many wrong passwords. Please wait ${formatDurationHoursMinutes(Math.ceil(waitSeconds / 60))} and try again.`,
    );
  }
  if (await verifyPassword(viewer.user.passwordHash, options.password)) {
    await options.failures.reset(viewer.user.id);
    return;
  }
  await options.failures.recordFailure(viewer.user.id);
  throw new AppError({
    statusCode: 403,
    code: 'invalid_credentials',
    message: 'Current password is wrong',
    userMessage: 'Your current password is not correct.',
    fields: { password: 'Your current password is not correct.' },
  });
}

/**
 * Changes the password and ends every other session (ASVS 7.4.3) and every sign-in link not used yet;
 * this session stays signed in.
 */
export async function changePassword(
  ctx: TRequestContext,
  input: { currentPassword: string; newPassword: string; failures: TFailureCounter },
): Promise<void> {
  const viewer = ctx.requireViewer();
  await requireCurrentPassword(ctx, { password: input.currentPassword, failures: input.failures });
  assertStrongPassword(input.newPassword);
  await ctx.tx
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: ctx.now })
    .where(eq(users.id, viewer.user.id));
  await ctx.tx
    .update(refreshSessions)
    .set({ revokedAt: ctx.now })
    .where(
      and(
        eq(refreshSessions.userId, viewer.user.id),
        ne(refreshSessions.familyId, viewer.sessionId),
        isNull(refreshSessions.revokedAt),
      ),
    );
  await revokeSignInLinks(ctx.tx, { userId: viewer.user.id, now: ctx.now });
  await ctx.audit({ action: 'account.password_change', targetType: 'user', targetId: viewer.user.id });
}

/** Starts an email change: re-authenticated, then verified by a link sent to the new address. */
export async function requestEmailChange(
  ctx: TRequestContext,
  input: { newEmail: string; password: string; publicUrl: string; failures: TFailureCounter },
): Promise<void> {
  const viewer = ctx.requireViewer();
  await requireCurrentPassword(ctx, { password: input.password, failures: input.failures });
  await assertEmailFree(ctx, input.newEmail);
  const token = newOpaqueToken();
  await ctx.tx.insert(emailChanges).values({
    clusterId: ctx.clusterId,
    userId: viewer.user.id,
    newEmail: input.newEmail,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(ctx.now.getTime() + EMAIL_CHANGE_TTL_MS),
  });
  await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
    to: input.newEmail,
    template: 'email-change-confirmation',
    values: {
      firstName: viewer.user.firstName,
      link: `${input.publicUrl}/account/verify-email?token=${token}`,
    },
  });
  await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
    to: viewer.user.email,
    template: 'email-change-notice',
    values: { firstName: viewer.user.firstName },
  });
  await ctx.audit({ action: 'account.email_change_requested', targetType: 'user', targetId: viewer.user.id });
}

/** Completes an email change from its link; the address becomes the sign-in email and is verified. */
export async function verifyEmailChange(ctx: TRequestContext, token: string): Promise<void> {
  const [change] = await ctx.tx
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, hashOpaqueToken(token)))
    .limit(1)
    .for('update');
  if (!change || change.usedAt || change.expiresAt <= ctx.now) {
    throw new AppError({
      statusCode: 400,
      code: 'token_invalid',
      message: 'Email change link is invalid, used or expired',
      userMessage: 'This confirmation link is invalid or has expired.',
    });
  }
  await assertEmailFree(ctx, change.newEmail);
  await ctx.tx.update(emailChanges).set({ usedAt: ctx.now }).where(eq(emailChanges.id, change.id));
  await ctx.tx
    .update(users)
    .set({ email: change.newEmail, emailVerified: true, updatedAt: ctx.now })
    .where(eq(users.id, change.userId));
  // Links mailed to the old address stop working with it.
  await revokeSignInLinks(ctx.tx, { userId: change.userId, now: ctx.now });
  await ctx.audit({ action: 'account.email_changed', targetType: 'user', targetId: change.userId });
}

async function assertEmailFree(ctx: TRequestContext, email: string): Promise<void> {
  const [taken] = await ctx.tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken)
    throw conflict('This email address is already used by another account.', {
      newEmail: 'This email address is already used.',
    });
}

/**
 * The account stops working now and is erased by a job after the grace period: its owner's request, or its
 * identity provider's SCIM DELETE (issue #24 item 6).
 */
export async function markAccountForDeletion(tx: TTx, options: { userId: string; now: Date }): Promise<void> {
  const { userId, now } = options;
  await tx.update(users).set({ deleteRequestedAt: now, updatedAt: now }).where(eq(users.id, userId));
  await tx
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)));
  // Calendar feeds act for the user without a sign-in: they end now, not at erasure.
  await deleteEventFeeds(tx, { userId });
  // Nor may its devices go on receiving pushes.
  await deleteUserPushTokens(tx, { userId });
  await tx
    .update(userAvailability)
    .set({ feedSalt: null, feedTokenHash: null })
    .where(eq(userAvailability.userId, userId));
  await refreshDirectoryEntries(tx, userId);
}

/** Requests deletion: the account stops working now and is erased by a job after the grace period. */
export async function requestAccountDeletion(
  ctx: TRequestContext,
  options: { password: string; failures: TFailureCounter },
): Promise<{ erasureAfter: Date }> {
  const viewer = ctx.requireViewer();
  await requireCurrentPassword(ctx, options);
  await markAccountForDeletion(ctx.tx, { userId: viewer.user.id, now: ctx.now });
  await ctx.audit({ action: 'account.deletion_requested', targetType: 'user', targetId: viewer.user.id });
  return { erasureAfter: new Date(ctx.now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000) };
}

/** Saves the viewer's time zone, presence and email digest frequency; answers the updated user row. */
export async function updateAccountSettings(
  ctx: TRequestContext,
  input: z.output<typeof ZAccountSettingsRequest>,
): Promise<typeof users.$inferSelect> {
  const viewer = ctx.requireViewer();
  if (input.timezone !== undefined && !isKnownTimeZone(input.timezone)) {
    throw validationError({ timezone: 'Choose a time zone from the list.' });
  }
  const { emailDigestFrequency, ...userFields } = input;
  if (emailDigestFrequency) {
    await setEmailDigestFrequency(ctx.tx, {
      clusterId: ctx.clusterId,
      userId: viewer.user.id,
      frequency: emailDigestFrequency,
      now: ctx.now,
    });
    // Choosing to get emails about unread messages turns notifications on (issue #18 item 4: get_notified).
    if (emailDigestFrequency !== 'never') await completeViewerActionItem(ctx, 'get_notified');
  }
  const [updated] = await ctx.tx
    .update(users)
    .set({ ...userFields, updatedAt: ctx.now })
    .where(eq(users.id, viewer.user.id))
    .returning();
  await ctx.audit({ action: 'account.settings', targetType: 'user', targetId: viewer.user.id, data: input });
  return updated ?? viewer.user;
}
