import { ACCOUNT_DELETION_GRACE_DAYS } from '@commons/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { emailChanges, refreshSessions, users } from '../../db/schema/index.js';
import { AppError, conflict } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { assertStrongPassword } from '../auth/auth.commands.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens.js';
import { refreshDirectoryEntries } from '../directory/directory.commands.js';
import { enqueueMail } from '../mail/mail.commands.js';

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Re-authentication for sensitive changes: the current password must be right. */
async function requireCurrentPassword(ctx: TRequestContext, password: string): Promise<void> {
  const viewer = ctx.requireViewer();
  if (!(await verifyPassword(viewer.user.passwordHash, password))) {
    throw new AppError({
      statusCode: 403,
      code: 'invalid_credentials',
      message: 'Current password is wrong',
      userMessage: 'Your current password is not correct.',
      fields: { password: 'Your current password is not correct.' },
    });
  }
}

/** Changes the password and ends every other session (ASVS 7.4.3); this session stays signed in. */
export async function changePassword(ctx: TRequestContext, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const viewer = ctx.requireViewer();
  await requireCurrentPassword(ctx, input.currentPassword);
  assertStrongPassword(input.newPassword);
  await ctx.tx.update(users).set({ passwordHash: await hashPassword(input.newPassword), updatedAt: ctx.now }).where(eq(users.id, viewer.user.id));
  await ctx.tx
    .update(refreshSessions)
    .set({ revokedAt: ctx.now })
    .where(and(eq(refreshSessions.userId, viewer.user.id), ne(refreshSessions.familyId, viewer.sessionId), isNull(refreshSessions.revokedAt)));
  await ctx.audit({ action: 'account.password_change', targetType: 'user', targetId: viewer.user.id });
}

/** Starts an email change: re-authenticated, then verified by a link sent to the new address. */
export async function requestEmailChange(
  ctx: TRequestContext,
  input: { newEmail: string; password: string; publicUrl: string },
): Promise<void> {
  const viewer = ctx.requireViewer();
  await requireCurrentPassword(ctx, input.password);
  await assertEmailFree(ctx, input.newEmail);
  const token = newOpaqueToken();
  await ctx.tx.insert(emailChanges).values({
    clusterId: ctx.clusterId,
    userId: viewer.user.id,
    newEmail: input.newEmail,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(ctx.now.getTime() + EMAIL_CHANGE_TTL_MS),
  });
  await enqueueMail(ctx.tx, ctx.clusterId, {
    to: input.newEmail,
    subject: 'Confirm your new Commons email address',
    text: `Hi ${viewer.user.firstName},\n\nConfirm this address for your Commons account (the link works for 24 hours):\n${input.publicUrl}/account/verify-email?token=${token}\n\nIf you did not ask for this, ignore this email.`,
  });
  await enqueueMail(ctx.tx, ctx.clusterId, {
    to: viewer.user.email,
    subject: 'Your Commons email address is being changed',
    text: `Hi ${viewer.user.firstName},\n\nSomeone signed in to your account asked to change its email address. If it was not you, change your password now.`,
  });
  await ctx.audit({ action: 'account.email_change_requested', targetType: 'user', targetId: viewer.user.id });
}

/** Completes an email change from its link; the address becomes the sign-in email and is verified. */
export async function verifyEmailChange(ctx: TRequestContext, token: string): Promise<void> {
  const [change] = await ctx.tx.select().from(emailChanges).where(eq(emailChanges.tokenHash, hashOpaqueToken(token))).limit(1).for('update');
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
  await ctx.tx.update(users).set({ email: change.newEmail, emailVerified: true, updatedAt: ctx.now }).where(eq(users.id, change.userId));
  await ctx.audit({ action: 'account.email_changed', targetType: 'user', targetId: change.userId });
}

async function assertEmailFree(ctx: TRequestContext, email: string): Promise<void> {
  const [taken] = await ctx.tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw conflict('This email address is already used by another account.', { newEmail: 'This email address is already used.' });
}

/** Requests deletion: the account stops working now and is erased by a job after the grace period. */
export async function requestAccountDeletion(ctx: TRequestContext, password: string): Promise<{ erasureAfter: Date }> {
  const viewer = ctx.requireViewer();
  await requireCurrentPassword(ctx, password);
  await ctx.tx.update(users).set({ deleteRequestedAt: ctx.now, updatedAt: ctx.now }).where(eq(users.id, viewer.user.id));
  await ctx.tx.update(refreshSessions).set({ revokedAt: ctx.now }).where(and(eq(refreshSessions.userId, viewer.user.id), isNull(refreshSessions.revokedAt)));
  await refreshDirectoryEntries(ctx.tx, viewer.user.id);
  await ctx.audit({ action: 'account.deletion_requested', targetType: 'user', targetId: viewer.user.id });
  return { erasureAfter: new Date(ctx.now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000) };
}
