import { CLUSTER_HUB_ADMINS_SHOWN, CLUSTER_MAJORS_MAX } from '@commons/contract';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  adminAccessRights,
  clusterEmailSettings,
  clusterLandingPages,
  clusterMajors,
  hubMemberships,
  hubs,
  users,
} from '../../db/schema/index.js';
import { encodeCursor, type TCursor } from '../../lib/cursor.js';

export type TLandingPageRow = typeof clusterLandingPages.$inferSelect;
export type TEmailSettingsRow = typeof clusterEmailSettings.$inferSelect;
export type TMajorRow = typeof clusterMajors.$inferSelect;
export type THubAdminRow = {
  hubId: number;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  rightCount: number;
  isSuperAdmin: boolean;
  isClusterAdmin: boolean;
  adminCount: number;
};

/** Hub cursors carry the hub's numeric id as their key (hub ids are not uuids): this id stands beside it. */
export const HUB_CURSOR_ID = '00000000-0000-0000-0000-000000000000';

/**
 * One page of the cluster's hubs by id, each with up to CLUSTER_HUB_ADMINS_SHOWN admins (memberships holding
 * admin rights) and their count: two statements whatever the page size.
 */
export async function clusterHubPage(
  tx: TTx,
  options: { clusterId: string; cursor: TCursor | null; limit: number },
): Promise<{
  rows: Array<typeof hubs.$inferSelect & { admins: THubAdminRow[] }>;
  nextCursor: string | null;
}> {
  const rows = await tx
    .select()
    .from(hubs)
    .where(
      and(
        eq(hubs.clusterId, options.clusterId),
        options.cursor ? gt(hubs.id, Number(options.cursor.at)) : undefined,
      ),
    )
    .orderBy(asc(hubs.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const admins =
    page.length === 0
      ? []
      : await hubAdmins(
          tx,
          page.map((hub) => hub.id),
        );
  const last = page.at(-1);
  return {
    rows: page.map((hub) => ({ ...hub, admins: admins.filter((admin) => admin.hubId === hub.id) })),
    nextCursor:
      rows.length > options.limit && last !== undefined
        ? encodeCursor({ at: String(last.id), id: HUB_CURSOR_ID })
        : null,
  };
}

async function hubAdmins(tx: TTx, hubIds: number[]): Promise<THubAdminRow[]> {
  const ranked = tx
    .select({
      hubId: hubMemberships.hubId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      rightCount:
        sql<number>`(select count(*)::int from ${adminAccessRights} r where r.hub_id = ${hubMemberships.hubId} and r.user_id = ${users.id})`.as(
          'right_count',
        ),
      isSuperAdmin: sql<boolean>`${users.isSuperAdmin}`.as('is_super_admin'),
      isClusterAdmin: sql<boolean>`${users.isClusterAdmin}`.as('is_cluster_admin'),
      adminCount: sql<number>`(count(*) over (partition by ${hubMemberships.hubId}))::int`.as('admin_count'),
      rank: sql<number>`row_number() over (partition by ${hubMemberships.hubId} order by lower(${users.lastName}), lower(${users.firstName}), ${users.id})`.as(
        'rank',
      ),
    })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .where(and(inArray(hubMemberships.hubId, hubIds), eq(hubMemberships.isAdmin, true)))
    .as('ranked');
  return tx
    .select({
      hubId: ranked.hubId,
      userId: ranked.userId,
      firstName: ranked.firstName,
      lastName: ranked.lastName,
      email: ranked.email,
      rightCount: ranked.rightCount,
      isSuperAdmin: ranked.isSuperAdmin,
      isClusterAdmin: ranked.isClusterAdmin,
      adminCount: ranked.adminCount,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${CLUSTER_HUB_ADMINS_SHOWN}`)
    .orderBy(ranked.hubId, ranked.rank);
}

/** The cluster's landing page row, if it has one. */
export async function clusterLandingPage(tx: TTx, clusterId: string): Promise<TLandingPageRow | null> {
  const [row] = await tx
    .select()
    .from(clusterLandingPages)
    .where(eq(clusterLandingPages.clusterId, clusterId))
    .limit(1);
  return row ?? null;
}

/** The cluster's email settings row, if any (the cluster-wide scope alone reads it: RLS). */
export async function clusterEmailSettingsRow(tx: TTx, clusterId: string): Promise<TEmailSettingsRow | null> {
  const [row] = await tx
    .select()
    .from(clusterEmailSettings)
    .where(eq(clusterEmailSettings.clusterId, clusterId))
    .limit(1);
  return row ?? null;
}

/** The whole catalogue in order, archived majors included (bounded by CLUSTER_MAJORS_MAX). */
export function clusterMajorRows(tx: TTx, clusterId: string): Promise<TMajorRow[]> {
  return tx
    .select()
    .from(clusterMajors)
    .where(eq(clusterMajors.clusterId, clusterId))
    .orderBy(asc(clusterMajors.position), asc(clusterMajors.id))
    .limit(CLUSTER_MAJORS_MAX);
}

/** The active majors in catalogue order: what profiles and onboarding suggest. */
export function activeMajors(tx: TTx, clusterId: string): Promise<Array<{ id: string; name: string }>> {
  return tx
    .select({ id: clusterMajors.id, name: clusterMajors.name })
    .from(clusterMajors)
    .where(and(eq(clusterMajors.clusterId, clusterId), isNull(clusterMajors.archivedAt)))
    .orderBy(asc(clusterMajors.position), asc(clusterMajors.id))
    .limit(CLUSTER_MAJORS_MAX);
}
