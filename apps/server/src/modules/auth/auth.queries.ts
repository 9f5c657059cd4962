import { and, desc, eq, isNull, not } from 'drizzle-orm';
import { mailOutbox, users } from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { userDeactivatedByScim } from '../scim/scim.queries.js';

/** One page of the mail outbox, newest first (the development outbox of super admins). */
export async function listOutbox(ctx: TRequestContext, page: { cursor?: string | undefined; limit: number }) {
  const rows = await ctx.tx
    .select()
    .from(mailOutbox)
    .where(
      keysetAfter(decodeCursor(page.cursor), {
        sortKey: mailOutbox.createdAt,
        id: mailOutbox.id,
        kind: 'instant',
        direction: 'desc',
      }),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit + 1);
  return keysetPage(rows, page.limit, (m) => ({ at: m.createdAt.toISOString(), id: m.id }));
}

/**
 * The account an emailed link (sign-in link, password reset) is for: one that exists under this email, is not
 * being deleted and was not deactivated by SCIM; null otherwise, and the caller answers the same either way.
 */
export async function findActiveUserByEmail(
  ctx: TRequestContext,
  email: string,
): Promise<{ id: string; firstName: string } | null> {
  const [user] = await ctx.tx
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deleteRequestedAt), not(userDeactivatedByScim(users.id))))
    .limit(1);
  return user ?? null;
}
