/** Tenant-scoped reads of pledges (issue #18 item 6). */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import { pledges, users } from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';

/** How many of their own pledges the giving page shows a donor. */
export const MY_PLEDGES_LIMIT = 20;

export type TPledgeRow = typeof pledges.$inferSelect;
export type TPledgeWithDonor = {
  pledge: TPledgeRow;
  donor: { id: string; firstName: string; lastName: string; email: string };
};

/** The viewer's latest pledges in the hub, newest first. */
export async function myPledges(tx: TTx, options: { hubId: number; userId: string }): Promise<TPledgeRow[]> {
  return tx
    .select()
    .from(pledges)
    .where(and(eq(pledges.userId, options.userId), eq(pledges.hubId, options.hubId)))
    .orderBy(desc(pledges.createdAt), desc(pledges.id))
    .limit(MY_PLEDGES_LIMIT);
}

const DONOR = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

/**
 * One page of the hub's pledges with their donors, newest first (keyset on pledges_hub_created_idx). RLS lets
 * only the hub's donations admins (and the cluster-wide scope) read other members' pledges.
 */
export async function hubPledgesPage(
  tx: TTx,
  options: { hubId: number; cursor?: string | undefined; limit: number },
): Promise<{ rows: TPledgeWithDonor[]; nextCursor: string | null }> {
  const rows = await tx
    .select({ pledge: pledges, donor: DONOR })
    .from(pledges)
    .innerJoin(users, eq(users.id, pledges.userId))
    .where(
      and(
        eq(pledges.hubId, options.hubId),
        keysetAfter(decodeCursor(options.cursor), {
          sortKey: pledges.createdAt,
          id: pledges.id,
          kind: 'instant',
          direction: 'desc',
        }),
      ),
    )
    .orderBy(desc(pledges.createdAt), desc(pledges.id))
    .limit(options.limit + 1);
  return keysetPage(rows, options.limit, (r) => ({ at: r.pledge.createdAt.toISOString(), id: r.pledge.id }));
}

/** Every pledge of the hub with its donor, oldest first (the CSV export). */
export async function allHubPledges(tx: TTx, hubId: number): Promise<TPledgeWithDonor[]> {
  return tx
    .select({ pledge: pledges, donor: DONOR })
    .from(pledges)
    .innerJoin(users, eq(users.id, pledges.userId))
    .where(eq(pledges.hubId, hubId))
    .orderBy(asc(pledges.createdAt), asc(pledges.id));
}
