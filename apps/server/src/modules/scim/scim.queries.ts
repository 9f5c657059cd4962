import { ZUuid } from '@commons/contract';
import { and, asc, count, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  hubs,
  scimGroupMembers,
  scimGroups,
  scimTokens,
  scimUsers,
  users,
  userTypes,
} from '../../db/schema/index.js';
import { ScimError } from './scim.errors.js';
import type { TScimComparison } from './scim.filter.js';

export type TScimUserRow = {
  user: typeof users.$inferSelect;
  scim: typeof scimUsers.$inferSelect | null;
};
export type TScimGroupRow = typeof scimGroups.$inferSelect;
export type TScimTokenRow = typeof scimTokens.$inferSelect;

/**
 * Whether the cluster's identity provider deactivated the user through SCIM (active false), as a column of a
 * query that already reads the user (no statement of its own): such a user signs in by no method, keeps no
 * session (auth's issueSession, where every sign-in and refresh ends) and is listed in no directory.
 */
export function userDeactivatedByScim(userId: AnyColumn) {
  return sql<boolean>`exists (select 1 from ${scimUsers} where ${scimUsers.userId} = ${userId} and not ${scimUsers.isActive})`;
}

/**
 * The users SCIM manages: the cluster's accounts that are not being deleted. Super admins are the
 * platform's, not the cluster's provider's, so they are never listed, changed or deactivated through it.
 */
function managedUsers(...conditions: Array<SQL | undefined>) {
  return and(isNull(users.deleteRequestedAt), eq(users.isSuperAdmin, false), ...conditions);
}

/** The RFC 7644 filter of /Users as SQL; attributes this server does not filter on are invalidFilter. */
function userFilterCondition(comparisons: TScimComparison[]): SQL | undefined {
  return and(
    ...comparisons.map(({ attribute, value }) => {
      switch (attribute) {
        case 'username':
        case 'emails.value':
        case 'emails':
          // caseExact false (RFC 7643 userName): addresses are stored lower case.
          return typeof value === 'string' ? eq(users.email, value.trim().toLowerCase()) : sql`false`;
        case 'externalid':
          return value === null
            ? isNull(scimUsers.externalId)
            : typeof value === 'string'
              ? eq(scimUsers.externalId, value)
              : sql`false`;
        case 'id':
          return typeof value === 'string' && isUuid(value) ? eq(users.id, value) : sql`false`;
        case 'active':
          return typeof value === 'boolean'
            ? sql`coalesce(${scimUsers.isActive}, true) = ${value}`
            : sql`false`;
        default:
          throw new ScimError(400, `Users cannot be filtered by ${attribute}`, 'invalidFilter');
      }
    }),
  );
}

/** One page of users (RFC 7644 3.4.2.4: startIndex is 1-based) with the total the filter matches. */
export async function scimUserPage(
  tx: TTx,
  options: { filter: TScimComparison[]; startIndex: number; count: number },
): Promise<{ rows: TScimUserRow[]; total: number }> {
  const where = managedUsers(userFilterCondition(options.filter));
  const [totals] = await tx
    .select({ total: count() })
    .from(users)
    .leftJoin(scimUsers, eq(scimUsers.userId, users.id))
    .where(where);
  const rows =
    options.count === 0
      ? []
      : await tx
          .select({ user: users, scim: scimUsers })
          .from(users)
          .leftJoin(scimUsers, eq(scimUsers.userId, users.id))
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .offset(options.startIndex - 1)
          .limit(options.count);
  return { rows, total: totals?.total ?? 0 };
}

export async function findScimUser(tx: TTx, id: string): Promise<TScimUserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select({ user: users, scim: scimUsers })
    .from(users)
    .leftJoin(scimUsers, eq(scimUsers.userId, users.id))
    .where(managedUsers(eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

/** The ids among `ids` that are users SCIM manages. */
export async function managedUserIds(tx: TTx, ids: readonly string[]): Promise<Set<string>> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(managedUsers(inArray(users.id, valid)));
  return new Set(rows.map((r) => r.id));
}

/** Another account of the cluster with this address (any, even one being deleted: the address stays taken). */
export async function userIdByEmail(tx: TTx, email: string): Promise<string | null> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

function groupFilterCondition(comparisons: TScimComparison[]): SQL | undefined {
  return and(
    ...comparisons.map(({ attribute, value }) => {
      switch (attribute) {
        case 'displayname':
          return typeof value === 'string' ? eq(scimGroups.displayName, value) : sql`false`;
        case 'externalid':
          return value === null
            ? isNull(scimGroups.externalId)
            : typeof value === 'string'
              ? eq(scimGroups.externalId, value)
              : sql`false`;
        case 'id':
          return typeof value === 'string' && isUuid(value) ? eq(scimGroups.id, value) : sql`false`;
        case 'members.value':
        case 'members':
          return typeof value === 'string' && isUuid(value)
            ? sql`exists (select 1 from ${scimGroupMembers} where ${scimGroupMembers.groupId} = ${scimGroups.id} and ${scimGroupMembers.userId} = ${value})`
            : sql`false`;
        default:
          throw new ScimError(400, `Groups cannot be filtered by ${attribute}`, 'invalidFilter');
      }
    }),
  );
}

export async function scimGroupPage(
  tx: TTx,
  options: { filter: TScimComparison[]; startIndex: number; count: number },
): Promise<{ rows: TScimGroupRow[]; total: number }> {
  const where = groupFilterCondition(options.filter);
  const [totals] = await tx.select({ total: count() }).from(scimGroups).where(where);
  const rows =
    options.count === 0
      ? []
      : await tx
          .select()
          .from(scimGroups)
          .where(where)
          .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
          .offset(options.startIndex - 1)
          .limit(options.count);
  return { rows, total: totals?.total ?? 0 };
}

export async function findScimGroup(tx: TTx, id: string): Promise<TScimGroupRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(scimGroups).where(eq(scimGroups.id, id)).limit(1);
  return row ?? null;
}

export type TScimMember = { groupId: string; userId: string; firstName: string; lastName: string };

/** The members of the given groups, with the names a member reference displays. */
export async function scimGroupMembersOf(tx: TTx, groupIds: readonly string[]): Promise<TScimMember[]> {
  if (groupIds.length === 0) return [];
  return tx
    .select({
      groupId: scimGroupMembers.groupId,
      userId: scimGroupMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(inArray(scimGroupMembers.groupId, [...groupIds]))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** The token with this hash, of the request's cluster only (RLS: another cluster's row is not visible). */
export async function scimTokenByHash(tx: TTx, tokenHash: string): Promise<TScimTokenRow | null> {
  const [row] = await tx.select().from(scimTokens).where(eq(scimTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** sso-settings: the cluster's tokens (newest first) with who created them. */
export async function clusterScimTokens(tx: TTx, clusterId: string) {
  return tx
    .select({
      token: scimTokens,
      createdBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(scimTokens)
    .leftJoin(users, eq(users.id, scimTokens.createdByUserId))
    .where(eq(scimTokens.clusterId, clusterId))
    .orderBy(sql`${scimTokens.createdAt} desc`, asc(scimTokens.id));
}

/** sso-settings: the pushed groups with their member counts. */
export async function clusterScimGroups(tx: TTx, clusterId: string) {
  return tx
    .select({
      group: scimGroups,
      memberCount: sql<number>`(select count(*)::int from ${scimGroupMembers} where ${scimGroupMembers.groupId} = ${scimGroups.id})`,
    })
    .from(scimGroups)
    .where(eq(scimGroups.clusterId, clusterId))
    .orderBy(asc(scimGroups.displayName));
}

/** sso-settings: the cluster's hubs with their user types, the choices of a mapping. */
export async function mappingChoices(tx: TTx, clusterId: string) {
  const hubRows = await tx
    .select({ id: hubs.id, name: hubs.name })
    .from(hubs)
    .where(eq(hubs.clusterId, clusterId))
    .orderBy(asc(hubs.name));
  const typeRows = hubRows.length
    ? await tx
        .select({ id: userTypes.id, hubId: userTypes.hubId, title: userTypes.title })
        .from(userTypes)
        .where(
          inArray(
            userTypes.hubId,
            hubRows.map((h) => h.id),
          ),
        )
        .orderBy(asc(userTypes.order), asc(userTypes.title))
    : [];
  return hubRows.map((hub) => ({
    ...hub,
    userTypes: typeRows.filter((t) => t.hubId === hub.id).map((t) => ({ id: t.id, title: t.title })),
  }));
}

/** Resource ids are UUIDs; any other id is simply not found (never a database error). */
export function isUuid(value: string): boolean {
  return ZUuid.safeParse(value).success;
}
