import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import type { TRequestContext } from '../../plugins/request-context.js';

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
