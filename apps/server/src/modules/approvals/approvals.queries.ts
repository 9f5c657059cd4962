import { and, asc, eq, isNull } from 'drizzle-orm';
import { hubMemberships, users, userTypes } from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import type { THubRow, TRequestContext } from '../../plugins/request-context.js';

/** One page of the hub's members waiting for approval (approved is null), oldest request first. */
export async function listPendingMembers(
  ctx: TRequestContext,
  hubId: THubRow['id'],
  page: { cursor?: string | undefined; limit: number },
) {
  const rows = await ctx.tx
    .select({ membership: hubMemberships, user: users, userType: userTypes })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(
      and(
        eq(hubMemberships.hubId, hubId),
        isNull(hubMemberships.approved),
        isNull(users.deleteRequestedAt),
        keysetAfter(decodeCursor(page.cursor), {
          sortKey: hubMemberships.createdAt,
          id: hubMemberships.id,
          kind: 'instant',
          direction: 'asc',
        }),
      ),
    )
    .orderBy(asc(hubMemberships.createdAt), asc(hubMemberships.id))
    .limit(page.limit + 1);
  return keysetPage(rows, page.limit, (r) => ({
    at: r.membership.createdAt.toISOString(),
    id: r.membership.id,
  }));
}
