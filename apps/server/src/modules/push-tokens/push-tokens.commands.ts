import type { TRegisterPushTokenRequest } from '@commons/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import { pushTokens } from '../../db/schema/index.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { completeViewerActionItem } from '../action-items/action-items.commands.js';

export type TPushTokenRow = typeof pushTokens.$inferSelect;

/**
 * Registers the signed-in user's device token (spec 7 native app). Idempotent: the same token again keeps
 * its row (and takes a newly named platform). A token another account held moves to this one, since a
 * device receives the pushes of the account last signed in on it.
 */
export async function registerPushToken(
  ctx: TRequestContext,
  input: TRegisterPushTokenRequest,
): Promise<TPushTokenRow> {
  const { user } = ctx.requireViewer();
  await queryRows(ctx.tx, sql`select app_release_push_token(${input.token})`);
  const [row] = await ctx.tx
    .insert(pushTokens)
    .values({
      clusterId: ctx.clusterId,
      userId: user.id,
      token: input.token,
      platform: input.platform ?? null,
    })
    .onConflictDoUpdate({
      target: pushTokens.token,
      set: { platform: sql`coalesce(excluded.platform, ${pushTokens.platform})` },
    })
    .returning();
  if (!row) throw new Error('push token upsert returned no row');
  // A device that takes pushes is notifications turned on (issue #18 item 4: get_notified).
  await completeViewerActionItem(ctx, 'get_notified');
  return row;
}

/**
 * Deletes one of the signed-in user's tokens (sign-out on that device). Someone else's token or an unknown
 * one is left alone without saying so: the caller learns nothing about tokens that are not theirs.
 */
export async function deletePushToken(ctx: TRequestContext, token: string): Promise<void> {
  const { user } = ctx.requireViewer();
  await ctx.tx.delete(pushTokens).where(and(eq(pushTokens.userId, user.id), eq(pushTokens.token, token)));
}

/** Every device token of a user, when the account stops working (deletion requested). */
export async function deleteUserPushTokens(tx: TTx, options: { userId: string }): Promise<void> {
  await tx.delete(pushTokens).where(eq(pushTokens.userId, options.userId));
}
