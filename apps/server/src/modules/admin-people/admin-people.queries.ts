import type { TMemberSort, TMemberStatus } from '@commons/contract';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.js';
import {
  adminAccessRights,
  groupMemberships,
  hubMemberships,
  users,
  userTypes,
} from '../../db/schema/index.js';
import type { TCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';

const DAY_MS = 86_400_000;

/** `ilike` pattern of a text anywhere: its own % and _ are literal. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The sort name of a member: the full name in lower case (the name-asc list's keyset key). */
const sortName = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;

/** A membership's status (spec 3 Hub membership approved: true, unset, false). */
export function memberStatusOf(approved: boolean | null): TMemberStatus {
  if (approved === true) return 'approved';
  return approved === false ? 'rejected' : 'pending';
}

/** The hub's admins (membership isAdmin) with user and user type, by name; their rights in a second statement. */
export async function hubAdminRows(tx: TTx, options: { hubId: number; userIds?: readonly string[] }) {
  const rows = await tx
    .select({ membership: hubMemberships, user: users, userType: userTypes })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(
      and(
        eq(hubMemberships.hubId, options.hubId),
        eq(hubMemberships.isAdmin, true),
        isNull(users.deleteRequestedAt),
        options.userIds ? inArray(hubMemberships.userId, [...options.userIds]) : undefined,
      ),
    )
    .orderBy(asc(sortName), asc(users.id));
  const ids = rows.map((r) => r.user.id);
  const rights = ids.length
    ? await tx
        .select({ userId: adminAccessRights.userId, right: adminAccessRights.right })
        .from(adminAccessRights)
        .where(and(eq(adminAccessRights.hubId, options.hubId), inArray(adminAccessRights.userId, ids)))
        .orderBy(asc(adminAccessRights.right))
    : [];
  return rows.map((r) => ({
    ...r,
    rights: rights.filter((x) => x.userId === r.user.id).map((x) => x.right),
  }));
}

export type THubAdminRow = Awaited<ReturnType<typeof hubAdminRows>>[number];

/** One member of the hub (any status, any role) with user and user type, or undefined. */
export async function hubMemberRow(tx: TTx, options: { hubId: number; userId: string }) {
  const [row] = await tx
    .select({ membership: hubMemberships, user: users, userType: userTypes })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(
      and(
        eq(hubMemberships.hubId, options.hubId),
        eq(hubMemberships.userId, options.userId),
        isNull(users.deleteRequestedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Locks the hub's admin memberships (FOR UPDATE) and answers who of them holds `right`: two admins taking the
 * right from each other at once cannot both pass the last-holder check.
 */
export async function lockedHoldersOf(tx: TTx, options: { hubId: number; right: string }): Promise<string[]> {
  const admins = await tx
    .select({ userId: hubMemberships.userId })
    .from(hubMemberships)
    .where(and(eq(hubMemberships.hubId, options.hubId), eq(hubMemberships.isAdmin, true)))
    .for('update');
  if (admins.length === 0) return [];
  const holders = await tx
    .select({ userId: adminAccessRights.userId })
    .from(adminAccessRights)
    .innerJoin(users, eq(users.id, adminAccessRights.userId))
    .where(
      and(
        eq(adminAccessRights.hubId, options.hubId),
        eq(adminAccessRights.right, options.right),
        inArray(
          adminAccessRights.userId,
          admins.map((a) => a.userId),
        ),
        isNull(users.deleteRequestedAt),
      ),
    );
  return holders.map((h) => h.userId);
}

/** Approved members who are not admins yet, by name (and by email when `isEmailSearched`). */
export function adminCandidateRows(
  tx: TTx,
  options: { hubId: number; q: string; isEmailSearched: boolean; limit: number },
) {
  const pattern = containsPattern(options.q);
  return tx
    .select({ user: users, userType: userTypes })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(
      and(
        eq(hubMemberships.hubId, options.hubId),
        eq(hubMemberships.isAdmin, false),
        eq(hubMemberships.approved, true),
        isNull(users.deleteRequestedAt),
        or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          options.isEmailSearched ? ilike(users.email, pattern) : undefined,
        ),
      ),
    )
    .orderBy(asc(sortName), asc(users.id))
    .limit(options.limit);
}

/** The filters of the explore-users list, resolved. */
export type TMemberFilters = {
  hubId: number;
  q: string | undefined;
  userTypeId: string | undefined;
  status: TMemberStatus | undefined;
  joinedFrom: string | undefined;
  joinedTo: string | undefined;
  /** Only approved members of this group (an organisation's console; organization-admin module). */
  groupId?: string;
};

function statusCondition(status: TMemberStatus | undefined): SQL | undefined {
  if (status === 'approved') return eq(hubMemberships.approved, true);
  if (status === 'rejected') return eq(hubMemberships.approved, false);
  return status === 'pending' ? isNull(hubMemberships.approved) : undefined;
}

function memberWhere(filters: TMemberFilters): SQL | undefined {
  const pattern = filters.q ? containsPattern(filters.q) : null;
  return and(
    eq(hubMemberships.hubId, filters.hubId),
    isNull(users.deleteRequestedAt),
    pattern
      ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern))
      : undefined,
    filters.userTypeId ? eq(hubMemberships.userTypeId, filters.userTypeId) : undefined,
    statusCondition(filters.status),
    filters.groupId
      ? sql`EXISTS (SELECT 1 FROM ${groupMemberships} WHERE ${groupMemberships.groupId} = ${filters.groupId}::uuid AND ${groupMemberships.userId} = ${hubMemberships.userId} AND ${groupMemberships.approved} = true)`
      : undefined,
    filters.joinedFrom
      ? gte(hubMemberships.createdAt, new Date(`${filters.joinedFrom}T00:00:00Z`))
      : undefined,
    // The last day is whole: memberships before the start of the next one.
    filters.joinedTo
      ? lt(hubMemberships.createdAt, new Date(Date.parse(`${filters.joinedTo}T00:00:00Z`) + DAY_MS))
      : undefined,
  );
}

/**
 * One page of the hub's members, keyset on (joined, membership id) over hub_memberships_hub_joined_idx, or on
 * (sort name, membership id) for name-asc; `limit + 1` rows are read.
 */
export async function memberRows(
  tx: TTx,
  options: { filters: TMemberFilters; sort: TMemberSort; cursor: TCursor | null; limit: number },
) {
  const isByName = options.sort === 'name-asc';
  const direction = options.sort === 'joined-desc' ? 'desc' : 'asc';
  const order = direction === 'desc' ? desc : asc;
  const rows = await tx
    .select({ membership: hubMemberships, user: users, userType: userTypes, sortName })
    .from(hubMemberships)
    .innerJoin(users, eq(users.id, hubMemberships.userId))
    .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
    .where(
      and(
        memberWhere(options.filters),
        keysetAfter(options.cursor, {
          sortKey: isByName ? sortName : hubMemberships.createdAt,
          id: hubMemberships.id,
          kind: isByName ? 'text' : 'instant',
          direction,
        }),
      ),
    )
    .orderBy(isByName ? asc(sortName) : order(hubMemberships.createdAt), order(hubMemberships.id))
    .limit(options.limit + 1);
  return keysetPage(rows, options.limit, (r) => ({
    at: isByName ? r.sortName : r.membership.createdAt.toISOString(),
    id: r.membership.id,
  }));
}

export type TMemberRow = Awaited<ReturnType<typeof memberRows>>['rows'][number];

/** The hub's user types in their order. */
export function hubUserTypes(tx: TTx, hubId: number) {
  return tx
    .select({ id: userTypes.id, title: userTypes.title, isDisabled: userTypes.isDisabled })
    .from(userTypes)
    .where(eq(userTypes.hubId, hubId))
    .orderBy(asc(userTypes.order), asc(userTypes.title));
}
