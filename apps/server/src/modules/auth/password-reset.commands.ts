import { ERROR_CODES, PASSWORD_RESET_LINK_TTL_MINUTES, webPaths } from '@commons/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { passwordResets, refreshSessions, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { enqueueTemplatedMail } from '../mail/mail.commands.js';
import { assertStrongPassword, revokeSignInLinks } from './auth.commands.js';
import { hashPassword } from './passwords.js';
import { findActiveUserByEmail } from './auth.queries.js';

const PASSWORD_RESET_LINK_TTL_MS = PASSWORD_RESET_LINK_TTL_MINUTES * 60 * 1000;

type TUnusableReason = 'unknown' | 'used' | 'expired';

const UNUSABLE_LINK_MESSAGES: Record<TUnusableReason, string> = {
  unknown: 'This password reset link is not valid. Open the whole link from the email, or ask for a new one.',
  used: 'This password reset link was already used. Ask for a new one if you still need to reset your password.',
  expired: `This password reset link has expired (links work for ${PASSWORD_RESET_LINK_TTL_MINUTES} minutes). Ask for a new one.`,
};

/** 400 token_invalid; the holder of the link learns why it no longer works, nobody else learns anything. */
function unusableResetLink(reason: TUnusableReason): AppError {
  return new AppError({
    statusCode: 400,
    code: ERROR_CODES.tokenInvalid,
    message: `Password reset link is ${reason === 'unknown' ? 'invalid' : reason}`,
    userMessage: UNUSABLE_LINK_MESSAGES[reason],
    details: { reason },
  });
}

/**
 * Forgot password (issue #16 item 13): mails a one-time link to choose a new password. Answers the same
 * whether or not the email has an account; only the token's hash is stored.
 */
export async function requestPasswordReset(
  ctx: TRequestContext,
  options: { email: string; publicUrl: string; hubIdentifier: string | undefined },
): Promise<{ userId: string; link: string } | null> {
  const user = await findActiveUserByEmail(ctx, options.email);
  if (!user) return null;
  const token = newOpaqueToken();
  await ctx.tx.insert(passwordResets).values({
    clusterId: ctx.clusterId,
    userId: user.id,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(ctx.now.getTime() + PASSWORD_RESET_LINK_TTL_MS),
    createdAt: ctx.now,
  });
  const path = options.hubIdentifier
    ? webPaths.hub.resetPassword(options.hubIdentifier, token)
    : webPaths.resetPassword(token);
  const link = `${options.publicUrl}${path}`;
  await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
    to: options.email,
    template: 'password-reset',
    values: { firstName: user.firstName, link, expiresInMinutes: String(PASSWORD_RESET_LINK_TTL_MINUTES) },
  });
  await ctx.audit({ action: 'auth.password_reset_requested', targetType: 'user', targetId: user.id });
  return { userId: user.id, link };
}

/** The reset row of a token that still works, and its account; otherwise the reason it does not. */
async function usableReset(ctx: TRequestContext, token: string, options: { isForUpdate: boolean }) {
  const query = ctx.tx
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      usedAt: passwordResets.usedAt,
      expiresAt: passwordResets.expiresAt,
    })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashOpaqueToken(token)))
    .limit(1);
  // Two submits of one link wait for each other, so only the first one sets a password.
  const [reset] = options.isForUpdate ? await query.for('update') : await query;
  if (!reset) throw unusableResetLink('unknown');
  if (reset.usedAt) throw unusableResetLink('used');
  if (reset.expiresAt <= ctx.now) throw unusableResetLink('expired');
  const [user] = await ctx.tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, reset.userId), isNull(users.deleteRequestedAt)))
    .limit(1);
  if (!user) throw unusableResetLink('unknown');
  return { reset, user };
}

/** Whether a reset link still works, before the user types a new password; changes nothing. */
export async function checkPasswordReset(ctx: TRequestContext, token: string): Promise<{ email: string }> {
  const { user } = await usableReset(ctx, token, { isForUpdate: false });
  return { email: user.email };
}

/**
 * Sets the new password from a reset link (spec 5 password rules). The link proved the mailbox, so the
 * email counts as verified; every session of the account ends (whoever knew the old password is out), and
 * this link and every other open sign-in or reset link of the account stop working.
 */
export async function completePasswordReset(
  ctx: TRequestContext,
  input: { token: string; password: string },
): Promise<{ userId: string; email: string }> {
  const { reset, user } = await usableReset(ctx, input.token, { isForUpdate: true });
  assertStrongPassword(input.password);
  await ctx.tx
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), emailVerified: true, updatedAt: ctx.now })
    .where(eq(users.id, user.id));
  const revoked = await ctx.tx
    .update(refreshSessions)
    .set({ revokedAt: ctx.now })
    .where(and(eq(refreshSessions.userId, user.id), isNull(refreshSessions.revokedAt)))
    .returning({ familyId: refreshSessions.familyId });
  await ctx.tx.update(passwordResets).set({ usedAt: ctx.now }).where(eq(passwordResets.id, reset.id));
  await revokeSignInLinks(ctx.tx, { userId: user.id, now: ctx.now });
  await enqueueTemplatedMail(ctx.tx, ctx.clusterId, {
    to: user.email,
    template: 'password-changed',
    values: { firstName: user.firstName },
  });
  await ctx.audit({
    action: 'auth.password_reset',
    targetType: 'user',
    targetId: user.id,
    data: { endedSessions: new Set(revoked.map((r) => r.familyId)).size },
  });
  return { userId: user.id, email: user.email };
}
