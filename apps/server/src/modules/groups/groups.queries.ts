import {
  ZGroupSettings,
  ZHubSettings,
  type TGroupListQuery,
  type TGroupMembersQuery,
} from '@commons/contract';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryPreparedRows, type TTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-rows.js';
import { groupMemberships, groupQuestions, groups, hubSettings, hubs, users } from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import type { TGroupAccess, TGroupMembershipRow, TGroupRow } from './groups.policy.js';

/** A group row with its settings parsed by the contract schema, so defaults fill what an old row lacks. */
function withParsedSettings(row: TGroupRow): TGroupRow {
  return { ...row, settings: ZGroupSettings.parse(row.settings ?? {}) };
}

/** A group of the cluster by identifier, among the hubs the viewer may see (RLS). */
export async function findGroup(tx: TTx, identifier: string): Promise<TGroupRow | null> {
  const [row] = await tx.select().from(groups).where(eq(groups.identifier, identifier)).limit(1);
  return row ? withParsedSettings(row) : null;
}

/**
 * Loads a group with everything its rules need for the signed-in viewer, or null when there is no such
 * group in the viewer's hubs. Visibility (hidden groups, user types) is decided by the caller with
 * canSeeGroup, so a hidden group answers the same 404 as a missing one. One prepared statement (issue #17
 * item 1): the group, the viewer's membership of it, its hub and the hub's settings; the hub of one of the
 * viewer's memberships comes from the request context.
 */
export async function loadGroupAccess(
  ctx: TRequestContext,
  options: { identifier: string; isNativeApp: boolean },
): Promise<TGroupAccess | null> {
  const viewer = ctx.requireViewer();
  const [row] = await queryPreparedRows<{
    group_row: Record<string, unknown>;
    membership: Record<string, unknown> | null;
    hub: Record<string, unknown> | null;
    hub_settings: unknown;
  }>(
    ctx.tx,
    'group_access',
    () => sql`SELECT to_jsonb(g) AS group_row,
      (SELECT to_jsonb(m) FROM ${groupMemberships} m WHERE m.group_id = g.id AND m.user_id = ${sql.placeholder('viewerId')}::uuid LIMIT 1) AS membership,
      (SELECT to_jsonb(h) FROM ${hubs} h WHERE h.id = g.hub_id LIMIT 1) AS hub,
      (SELECT s.settings FROM ${hubSettings} s WHERE s.hub_id = g.hub_id LIMIT 1) AS hub_settings
      FROM ${groups} g WHERE g.identifier = ${sql.placeholder('identifier')} LIMIT 1`,
    { viewerId: viewer.user.id, identifier: options.identifier },
  );
  if (!row) return null;
  const group = withParsedSettings(rowFromJson(groups, row.group_row));
  const hubMembership = viewer.memberships.find((m) => m.hubId === group.hubId) ?? null;
  const hub = hubMembership?.hub ?? (row.hub ? rowFromJson(hubs, row.hub) : null);
  if (!hub) return null;
  return {
    group,
    hub,
    hubSettings: ZHubSettings.parse(row.hub_settings ?? {}),
    viewer,
    hubMembership,
    membership: row.membership ? rowFromJson(groupMemberships, row.membership) : null,
    now: ctx.now,
    isNativeApp: options.isNativeApp,
  };
}

/** Members in good standing: approved and registered (spec 4). */
const isCountedMember = sql`${groupMemberships.approved} = true AND ${groupMemberships.completedRegistrationDate} IS NOT NULL`;

/** Counts of members, mentors and mentees of a group. */
export async function memberCounts(
  tx: TTx,
  groupId: string,
): Promise<{ members: number; mentors: number; mentees: number }> {
  const [row] = await tx
    .select({
      members: sql<number>`count(*)::int`,
      mentors: sql<number>`count(*) filter (where ${groupMemberships.role} in ('mentor', 'both'))::int`,
      mentees: sql<number>`count(*) filter (where ${groupMemberships.role} in ('mentee', 'both'))::int`,
    })
    .from(groupMemberships)
    .where(and(eq(groupMemberships.groupId, groupId), isCountedMember));
  return row ?? { members: 0, mentors: 0, mentees: 0 };
}

/** LIKE pattern of a search term with its wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type TGroupListRow = { group: TGroupRow; memberCount: number; membership: TGroupMembershipRow | null };

/**
 * The hub's groups of one type (issue #6 lists): searched by name and description, optionally only the
 * viewer's; hidden groups and groups hidden from the viewer's user type only for their members unless
 * the viewer is an admin who skips membership checks. Keyset pages on (sort_name, id).
 */
export async function listGroups(
  tx: TTx,
  options: {
    hubId: number;
    viewerId: string;
    userTypeId: string | null;
    seesAll: boolean;
    query: TGroupListQuery;
  },
): Promise<{ rows: TGroupListRow[]; nextCursor: string | null }> {
  const { query } = options;
  const vm = alias(groupMemberships, 'vm');
  const conditions: SQL[] = [eq(groups.hubId, options.hubId), eq(groups.groupType, query.type)];
  const term = query.q?.trim();
  if (term) conditions.push(sql`${groups.searchText} ILIKE ${containsPattern(term)}`);
  const isMine = sql`(${vm.id} IS NOT NULL AND ${vm.approved} IS DISTINCT FROM false)`;
  if (query.mine) conditions.push(isMine);
  if (!options.seesAll) {
    const typeHidden =
      options.userTypeId === null
        ? sql`false`
        : sql`${options.userTypeId} = ANY(${groups.hiddenForUserTypeIds})`;
    conditions.push(sql`(${isMine} OR (NOT ${groups.isHidden} AND NOT ${typeHidden}))`);
  }
  const after = keysetAfter(decodeCursor(query.cursor, 'text'), {
    sortKey: groups.sortName,
    id: groups.id,
    kind: 'text',
    direction: 'asc',
  });

  const rows = await tx
    .select({
      group: groups,
      // Raw names on purpose: inside a subquery drizzle would render bare column names that bind to it.
      memberCount: sql<number>`(select count(*)::int from group_memberships c where c.group_id = "groups"."id" and c.approved = true and c.completed_registration_date is not null)`,
      membership: vm,
    })
    .from(groups)
    .leftJoin(vm, and(eq(vm.groupId, groups.id), eq(vm.userId, options.viewerId)))
    .where(and(...conditions, after))
    .orderBy(asc(groups.sortName), asc(groups.id))
    .limit(query.limit + 1);

  const page = keysetPage(rows, query.limit, (r) => ({ at: r.group.sortName, id: r.group.id }));
  return {
    rows: page.rows.map((r) => ({
      group: withParsedSettings(r.group),
      memberCount: r.memberCount,
      membership: r.membership,
    })),
    nextCursor: page.nextCursor,
  };
}

export type TMemberRow = {
  membership: TGroupMembershipRow;
  user: {
    id: string;
    identifier: string;
    firstName: string;
    lastName: string;
    photoUrl: string | null;
    headline: string | null;
  };
};

/** SQL condition of a member list status (approved, pending, invited, rejected). */
function statusCondition(status: NonNullable<TGroupMembersQuery['status']>): SQL {
  switch (status) {
    case 'pending':
      return sql`${groupMemberships.approved} IS NULL AND ${groupMemberships.completedRegistrationDate} IS NOT NULL`;
    case 'invited':
      return sql`${groupMemberships.importStatus} = 'imported' AND ${groupMemberships.completedRegistrationDate} IS NULL AND ${groupMemberships.approved} IS DISTINCT FROM false`;
    case 'rejected':
      return sql`${groupMemberships.approved} = false`;
    default:
      return isCountedMember;
  }
}

/** SQL condition of a member list role filter: mentors include 'both', as do mentees. */
function roleCondition(role: NonNullable<TGroupMembersQuery['role']>): SQL {
  if (role === 'admin') return sql`${groupMemberships.isAdmin} = true`;
  if (role === 'both') return sql`${groupMemberships.role} = 'both'`;
  return sql`${groupMemberships.role} IN (${role}, 'both')`;
}

/**
 * Full-name sort key of a member, lower(first_name || ' ' || last_name) of the user, held by the membership
 * row itself (migration 0026) so a page of a large group is read in index order: group_memberships_group_*_idx
 * on (group_id, sort_name, user_id).
 */
const memberSortKey = groupMemberships.sortName;

/** The columns of a member's user that lists show. */
export const memberUserColumns = {
  id: users.id,
  identifier: users.identifier,
  firstName: users.firstName,
  lastName: users.lastName,
  photoUrl: users.photoUrl,
  headline: users.headline,
};

/** One page of a group's members by status and role, sorted by name (keyset on name and user id, no sort step). */
export async function listMembers(
  tx: TTx,
  options: {
    groupId: string;
    status: NonNullable<TGroupMembersQuery['status']>;
    role?: TGroupMembersQuery['role'];
    q?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ rows: TMemberRow[]; nextCursor: string | null }> {
  const conditions: SQL[] = [
    eq(groupMemberships.groupId, options.groupId),
    statusCondition(options.status),
    sql`${users.deleteRequestedAt} IS NULL`,
  ];
  if (options.role) conditions.push(roleCondition(options.role));
  const term = options.q?.trim();
  if (term) conditions.push(sql`${memberSortKey} LIKE ${containsPattern(term)}`);
  const after = keysetAfter(decodeCursor(options.cursor, 'text'), {
    sortKey: memberSortKey,
    id: groupMemberships.userId,
    kind: 'text',
    direction: 'asc',
  });
  const rows = await tx
    .select({ membership: groupMemberships, user: memberUserColumns, sortKey: memberSortKey })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(and(...conditions, after))
    .orderBy(asc(memberSortKey), asc(groupMemberships.userId))
    .limit(options.limit + 1);
  const page = keysetPage(rows, options.limit, (row) => ({ at: row.sortKey, id: row.user.id }));
  return {
    rows: page.rows.map(({ membership, user }) => ({ membership, user })),
    nextCursor: page.nextCursor,
  };
}

/** The user a member list shows for one member (after an admin changed their membership). */
export async function getMemberUser(tx: TTx, userId: string): Promise<TMemberRow['user']> {
  const [user] = await tx.select(memberUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error('member user missing');
  return user;
}

export type TQuestionRow = typeof groupQuestions.$inferSelect;

/** A program's active registration questions in order. */
export function listQuestions(tx: TTx, groupId: string): Promise<TQuestionRow[]> {
  return tx
    .select()
    .from(groupQuestions)
    .where(and(eq(groupQuestions.groupId, groupId), eq(groupQuestions.isActive, true)))
    .orderBy(asc(groupQuestions.order), asc(groupQuestions.createdAt), asc(groupQuestions.id));
}
