import { ZGroupSettings, ZHubSettings } from '@commons/contract';
import { grantableOrganizationAdminRights } from '@commons/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { groupMemberships, groups, hubSettings } from '../../db/schema/index.js';
import type { TTx } from '../../db/client.js';
import type { TRequestContext, TViewer } from '../../plugins/request-context.js';
import { isAdmittedMember } from '../hubs/hubs.policy.js';
import { getHubSettings } from '../hubs/hubs.queries.js';
import type { TGroupAccess } from '../groups/groups.policy.js';

/** Most organisations one admin is listed for in a hub (a person administers a handful at most). */
const ADMINISTERED_ORGANIZATIONS_LIMIT = 50;

/**
 * The organisations of the request's hub in which the viewer is an admin, each as the TGroupAccess the policy
 * decides on (the viewer's memberships, the hub's settings), with its count of approved members. One statement
 * for the organisations and one for the hub's settings.
 */
export async function administeredOrganizations(
  ctx: TRequestContext,
): Promise<Array<{ access: TGroupAccess; memberCount: number }>> {
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer();
  const rows = await ctx.tx
    .select({
      group: groups,
      membership: groupMemberships,
      memberCount: sql<number>`(SELECT count(*)::int FROM ${groupMemberships} m
        WHERE m.group_id = ${groups.id} AND m.approved = true)`,
    })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(
      and(
        eq(groupMemberships.userId, viewer.user.id),
        eq(groupMemberships.hubId, hub.id),
        eq(groupMemberships.isAdmin, true),
        eq(groups.groupType, 'organization'),
      ),
    )
    .orderBy(asc(groups.sortName), asc(groups.id))
    .limit(ADMINISTERED_ORGANIZATIONS_LIMIT);
  if (rows.length === 0) return [];
  const hubSettings = await getHubSettings(ctx.tx, hub.id);
  return rows.map((row) => ({
    access: {
      group: { ...row.group, settings: ZGroupSettings.parse(row.group.settings ?? {}) },
      hub,
      hubSettings,
      viewer,
      hubMembership: ctx.membership,
      membership: row.membership,
      now: ctx.now,
      isNativeApp: false,
    },
    memberCount: Number(row.memberCount),
  }));
}

/** The organisation role of each of these users: admin, view-only admin, or member. */
export async function organizationRoles(
  tx: TTx,
  options: { groupId: string; userIds: readonly string[] },
): Promise<Map<string, 'admin' | 'viewOnlyAdmin' | 'member'>> {
  if (options.userIds.length === 0) return new Map();
  const rows = await tx
    .select({
      userId: groupMemberships.userId,
      isAdmin: groupMemberships.isAdmin,
      isViewOnlyAdmin: groupMemberships.isViewOnlyAdmin,
    })
    .from(groupMemberships)
    .where(
      and(
        eq(groupMemberships.groupId, options.groupId),
        inArray(groupMemberships.userId, [...options.userIds]),
      ),
    );
  return new Map(
    rows.map((row) => [row.userId, row.isViewOnlyAdmin ? 'viewOnlyAdmin' : row.isAdmin ? 'admin' : 'member']),
  );
}

/**
 * The hubs in which the user is an acting admin of an organisation (approved, not view-only, in a hub they are
 * admitted to, with the organizations module on): the session answer carries them so the app shows the way into
 * the organisation console without asking on every page. One statement, none without an admitted membership.
 */
export async function organizationAdminHubIds(
  tx: TTx,
  viewer: Pick<TViewer, 'user' | 'memberships'>,
): Promise<Set<number>> {
  const admittedHubIds = viewer.memberships.filter(isAdmittedMember).map((m) => m.hubId);
  if (admittedHubIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ hubId: groupMemberships.hubId, settings: hubSettings.settings })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .leftJoin(hubSettings, eq(hubSettings.hubId, groupMemberships.hubId))
    .where(
      and(
        eq(groupMemberships.userId, viewer.user.id),
        inArray(groupMemberships.hubId, admittedHubIds),
        eq(groupMemberships.isAdmin, true),
        eq(groupMemberships.isViewOnlyAdmin, false),
        eq(groupMemberships.approved, true),
        eq(groups.groupType, 'organization'),
      ),
    );
  return new Set(
    rows
      .filter(
        (row) =>
          grantableOrganizationAdminRights({
            isOrganizationsModuleEnabled: ZHubSettings.parse(row.settings ?? {}).enabledModules.includes(
              'organizations',
            ),
          }).length > 0,
      )
      .map((row) => row.hubId),
  );
}
