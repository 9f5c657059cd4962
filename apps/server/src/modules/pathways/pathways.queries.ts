import type { TAnswerData } from '@commons/contract';
import type { TSectionProgress } from '@commons/domain';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { preparedOnce, queryPreparedRows, type TTx } from '../../db/client.js';
import { rowFromJson } from '../../db/json-rows.js';
import {
  adminAccessRights,
  groupMatches,
  groupMemberships,
  groups,
  hubMemberships,
  hubs,
  pathwayAssignments,
  pathwayResponses,
  pathways,
  pathwayStepAnswers,
  profileAnswers,
  userFiles,
  users,
  userTypes,
} from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';

export type TPathwayRow = typeof pathways.$inferSelect;
export type TAssignmentRow = typeof pathwayAssignments.$inferSelect;
export type TResponseRow = typeof pathwayResponses.$inferSelect;
export type TStepAnswerRow = typeof pathwayStepAnswers.$inferSelect;
export type THubBrief = { id: number; identifier: string; name: string };
export type TPathwayWithHub = { pathway: TPathwayRow; hub: THubBrief };
type TPage = { cursor?: string | undefined; limit: number };

const hubBrief = { id: hubs.id, identifier: hubs.identifier, name: hubs.name };

/** A pathway of the hub by slug, with its hub. */
export async function findPathwayBySlug(
  tx: TTx,
  options: { hubId: number; slug: string },
): Promise<TPathwayWithHub | null> {
  const [row] = await tx
    .select({ pathway: pathways, hub: hubBrief })
    .from(pathways)
    .innerJoin(hubs, eq(hubs.id, pathways.hubId))
    .where(and(eq(pathways.hubId, options.hubId), eq(pathways.slug, options.slug)))
    .limit(1);
  return row ?? null;
}

/** A pathway by id as the request sees it (its hub's, or a published library pathway of the cluster). */
export async function findPathwayById(tx: TTx, id: string): Promise<TPathwayWithHub | null> {
  const [row] = await tx
    .select({ pathway: pathways, hub: hubBrief })
    .from(pathways)
    .innerJoin(hubs, eq(hubs.id, pathways.hubId))
    .where(eq(pathways.id, id))
    .limit(1);
  return row ?? null;
}

/** Whether a slug is taken in the hub (by another pathway than `exceptId`). */
export async function isSlugTaken(
  tx: TTx,
  options: { hubId: number; slug: string; exceptId?: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: pathways.id })
    .from(pathways)
    .where(
      and(
        eq(pathways.hubId, options.hubId),
        eq(pathways.slug, options.slug),
        options.exceptId ? ne(pathways.id, options.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

type TViewerProgramRole = {
  groupId: string;
  role: 'mentor' | 'mentee' | 'both';
  settings: (typeof groups.$inferSelect)['settings'];
};

/**
 * What the viewer's pathway pages start from, in one statement (issue #17: a hot read's round trips): their roles
 * in the hub's mentorship programs (approved), the hub's assignments to their user type or those programs, and
 * the ids of the hub's pathways they have a response to.
 */
export async function viewerPathwayContext(
  tx: TTx,
  options: { hubId: number; userId: string; userTypeId: string | null },
): Promise<{ roles: TViewerProgramRole[]; assignments: TAssignmentRow[]; respondedIds: string[] }> {
  const rows = await queryPreparedRows<{
    roles: Array<{
      groupId: string;
      role: TViewerProgramRole['role'] | null;
      settings: TViewerProgramRole['settings'];
    }>;
    assignments: Array<Record<string, unknown>>;
    responded: string[];
  }>(
    tx,
    'pathways_viewer_context',
    () => {
      const userId = sql.placeholder('userId');
      const hubId = sql.placeholder('hubId');
      return sql`with roles as (
      select ${groupMemberships.groupId} as group_id, ${groupMemberships.role} as role, ${groups.settings} as settings
      from ${groupMemberships} join ${groups} on ${groups.id} = ${groupMemberships.groupId}
      where ${groupMemberships.userId} = ${userId}::uuid and ${groupMemberships.hubId} = ${hubId}::int
        and ${groupMemberships.approved} and ${groups.groupType} = 'mentorshipProgram'
        and ${groupMemberships.role} is not null
    )
    select
      coalesce((select jsonb_agg(jsonb_build_object('groupId', group_id, 'role', role, 'settings', settings)) from roles), '[]'::jsonb) as roles,
      coalesce((select jsonb_agg(to_jsonb(a.*)) from ${pathwayAssignments} a
        where a.hub_id = ${hubId}::int
          and (a.user_type_id = ${sql.placeholder('userTypeId')}::uuid or a.group_id in (select group_id from roles))), '[]'::jsonb) as assignments,
      coalesce((select array_agg(r.pathway_id) from ${pathwayResponses} r
        where r.user_id = ${userId}::uuid and r.hub_id = ${hubId}::int), '{}') as responded`;
    },
    { userId: options.userId, hubId: options.hubId, userTypeId: options.userTypeId },
  );
  const row = rows[0];
  return {
    roles: (row?.roles ?? []).flatMap((r) =>
      r.role ? [{ groupId: r.groupId, role: r.role, settings: r.settings }] : [],
    ),
    assignments: (row?.assignments ?? []).map((a) => rowFromJson(pathwayAssignments, a)),
    respondedIds: row?.responded ?? [],
  };
}

/**
 * One page of pathways, newest first: `hub` pathways of the hub (published only unless `isDraftShown`), within or
 * outside `ids`; `library` published library pathways of the cluster's other hubs.
 */
export async function pathwaysPage(
  tx: TTx,
  options: {
    hubId: number;
    source: 'hub' | 'library';
    isDraftShown: boolean;
    onlyIds?: readonly string[];
    exceptIds?: readonly string[];
    page: TPage;
  },
): Promise<{ rows: TPathwayWithHub[]; nextCursor: string | null }> {
  if (options.onlyIds !== undefined && options.onlyIds.length === 0) return { rows: [], nextCursor: null };
  const cursor = decodeCursor(options.page.cursor);
  const isDraftShown = options.isDraftShown && options.source === 'hub';
  const hasExcept = options.exceptIds !== undefined && options.exceptIds.length > 0;
  // Prepared once per pooled connection and shape (a hot read, issue #17): the ids as one array parameter.
  const name = [
    'pathways_page',
    options.source,
    isDraftShown ? 'drafts' : '',
    options.onlyIds ? 'only' : '',
    hasExcept ? 'except' : '',
    cursor ? 'after' : '',
  ].join('_');
  const prepared = preparedOnce(tx, name, () =>
    tx
      .select({ pathway: pathways, hub: hubBrief })
      .from(pathways)
      .innerJoin(hubs, eq(hubs.id, pathways.hubId))
      .where(
        and(
          options.source === 'hub'
            ? eq(pathways.hubId, sql.placeholder('hubId'))
            : and(ne(pathways.hubId, sql.placeholder('hubId')), eq(pathways.isLibrary, true)),
          isDraftShown ? undefined : eq(pathways.status, 'published'),
          options.onlyIds ? sql`${pathways.id} = any(${sql.placeholder('onlyIds')}::uuid[])` : undefined,
          hasExcept ? sql`${pathways.id} <> all(${sql.placeholder('exceptIds')}::uuid[])` : undefined,
          cursor
            ? sql`(${pathways.createdAt}, ${pathways.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(pathways.createdAt), desc(pathways.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  const rows = await prepared.execute({
    hubId: options.hubId,
    onlyIds: options.onlyIds ?? [],
    exceptIds: options.exceptIds ?? [],
    afterAt: cursor?.at ?? null,
    afterId: cursor?.id ?? null,
    limit: options.page.limit + 1,
  });
  return keysetPage(rows, options.page.limit, (r) => ({
    at: r.pathway.createdAt.toISOString(),
    id: r.pathway.id,
  }));
}

/** Responses of one user to the given pathways, and the status of each answered step. */
export async function responsesWithStatuses(
  tx: TTx,
  options: { userId: string; pathwayIds: readonly string[] },
): Promise<Map<string, { response: TResponseRow; statusByStepId: Map<string, TSectionProgress> }>> {
  const result = new Map<string, { response: TResponseRow; statusByStepId: Map<string, TSectionProgress> }>();
  if (options.pathwayIds.length === 0) return result;
  // One statement, prepared once per pooled connection: each response with its steps' statuses.
  const rows = await preparedOnce(tx, 'pathways_responses_with_statuses', () =>
    tx
      .select({
        response: pathwayResponses,
        // Qualified by hand: a one-table select names its columns bare, which inside the subquery would be s.id.
        statuses: sql<Array<{ stepId: string; status: TSectionProgress }>>`coalesce((
        select jsonb_agg(jsonb_build_object('stepId', s.step_id, 'status', s.status))
        from ${pathwayStepAnswers} s where s.response_id = "pathway_responses"."id"), '[]'::jsonb)`,
      })
      .from(pathwayResponses)
      .where(
        and(
          eq(pathwayResponses.userId, sql.placeholder('userId')),
          sql`${pathwayResponses.pathwayId} = any(${sql.placeholder('pathwayIds')}::uuid[])`,
        ),
      )
      .prepare('pathways_responses_with_statuses'),
  ).execute({ userId: options.userId, pathwayIds: [...options.pathwayIds] });
  for (const { response, statuses } of rows) {
    const statusByStepId = new Map<string, TSectionProgress>();
    for (const s of statuses) statusByStepId.set(s.stepId, s.status);
    result.set(response.pathwayId, { response, statusByStepId });
  }
  return result;
}

/** The answers of one response, by step id. */
export async function answersOfResponse(tx: TTx, responseId: string): Promise<Map<string, TStepAnswerRow>> {
  const rows = await tx
    .select()
    .from(pathwayStepAnswers)
    .where(eq(pathwayStepAnswers.responseId, responseId));
  return new Map(rows.map((r) => [r.stepId, r]));
}

/** The assignments of the given pathways with the names of their user types and programs. */
export async function assignmentsOf(
  tx: TTx,
  pathwayIds: readonly string[],
): Promise<
  Array<{
    assignment: TAssignmentRow;
    userTypeTitle: string | null;
    groupName: string | null;
    groupSettings: (typeof groups.$inferSelect)['settings'] | null;
  }>
> {
  if (pathwayIds.length === 0) return [];
  return tx
    .select({
      assignment: pathwayAssignments,
      userTypeTitle: userTypes.title,
      groupName: groups.name,
      groupSettings: groups.settings,
    })
    .from(pathwayAssignments)
    .leftJoin(userTypes, eq(userTypes.id, pathwayAssignments.userTypeId))
    .leftJoin(groups, eq(groups.id, pathwayAssignments.groupId))
    .where(inArray(pathwayAssignments.pathwayId, [...pathwayIds]))
    .orderBy(asc(pathwayAssignments.id));
}

/** Members who started and completed a pathway, and its steps waiting for review. */
export async function pathwayStats(
  tx: TTx,
  pathwayId: string,
): Promise<{ started: number; completed: number; pendingReviews: number }> {
  const [responses] = await tx
    .select({
      started: sql<number>`count(*) filter (where ${pathwayResponses.startedAt} is not null)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${pathwayResponses.progress} = 'completed')`.mapWith(
        Number,
      ),
    })
    .from(pathwayResponses)
    .where(eq(pathwayResponses.pathwayId, pathwayId));
  const [pending] = await tx
    .select({ n: count() })
    .from(pathwayStepAnswers)
    .where(and(eq(pathwayStepAnswers.pathwayId, pathwayId), eq(pathwayStepAnswers.status, 'pending')));
  return {
    started: responses?.started ?? 0,
    completed: responses?.completed ?? 0,
    pendingReviews: pending?.n ?? 0,
  };
}

/** The viewer's documents among `ids` (files a fileUpload step may name). */
export async function ownFiles(
  tx: TTx,
  options: { userId: string; ids: readonly string[] },
): Promise<Map<string, typeof userFiles.$inferSelect>> {
  if (options.ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(userFiles)
    .where(
      and(
        eq(userFiles.userId, options.userId),
        inArray(userFiles.id, [...options.ids]),
        inArray(userFiles.kind, ['resume', 'document']),
      ),
    );
  return new Map(rows.map((r) => [r.id, r]));
}

/** A user's stored profile answers of the given questions. */
export async function profileAnswersOf(
  tx: TTx,
  options: { userId: string; questionIds: readonly string[] },
): Promise<Map<string, TAnswerData>> {
  if (options.questionIds.length === 0) return new Map();
  const rows = await tx
    .select({ questionId: profileAnswers.questionId, answerData: profileAnswers.answerData })
    .from(profileAnswers)
    .where(
      and(
        eq(profileAnswers.userId, options.userId),
        inArray(profileAnswers.questionId, [...options.questionIds]),
      ),
    );
  return new Map(rows.map((r) => [r.questionId, r.answerData as TAnswerData]));
}

/** The mentees of a mentor in the hub's programs (published matches). */
export async function menteeIdsOf(
  tx: TTx,
  options: { hubId: number; mentorUserId: string },
): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ userId: groupMatches.menteeUserId })
    .from(groupMatches)
    .where(and(eq(groupMatches.hubId, options.hubId), eq(groupMatches.mentorUserId, options.mentorUserId)));
  return rows.map((r) => r.userId);
}

/** The mentors of a member in the hub's programs (published matches). */
export async function mentorIdsOf(
  tx: TTx,
  options: { hubId: number; menteeUserId: string },
): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ userId: groupMatches.mentorUserId })
    .from(groupMatches)
    .where(and(eq(groupMatches.hubId, options.hubId), eq(groupMatches.menteeUserId, options.menteeUserId)));
  return rows.map((r) => r.userId);
}

/** The hub's admins holding manage-pathways (reviewers to tell about a submitted step). */
export async function pathwayManagerIds(tx: TTx, hubId: number): Promise<string[]> {
  const rows = await tx
    .select({ userId: hubMemberships.userId })
    .from(hubMemberships)
    .innerJoin(
      adminAccessRights,
      and(
        eq(adminAccessRights.hubId, hubMemberships.hubId),
        eq(adminAccessRights.userId, hubMemberships.userId),
        eq(adminAccessRights.right, 'manage-pathways'),
      ),
    )
    .where(and(eq(hubMemberships.hubId, hubId), eq(hubMemberships.isAdmin, true)));
  return rows.map((r) => r.userId);
}

const personColumns = {
  id: users.id,
  identifier: users.identifier,
  firstName: users.firstName,
  lastName: users.lastName,
  photoUrl: users.photoUrl,
};
export type TPersonRow = {
  id: string;
  identifier: string;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
};

/** A pending step answer by id with its pathway and member. */
export async function findReviewItem(
  tx: TTx,
  id: string,
): Promise<{ answer: TStepAnswerRow; pathway: TPathwayRow; member: TPersonRow } | null> {
  const [row] = await tx
    .select({ answer: pathwayStepAnswers, pathway: pathways, member: personColumns })
    .from(pathwayStepAnswers)
    .innerJoin(pathways, eq(pathways.id, pathwayStepAnswers.pathwayId))
    .innerJoin(users, eq(users.id, pathwayStepAnswers.userId))
    .where(eq(pathwayStepAnswers.id, id))
    .limit(1);
  return row ?? null;
}

/** Pending step answers of the hub, oldest first: all of them, or those of `userIds` (a mentor's mentees). */
export async function pendingReviewsPage(
  tx: TTx,
  options: { hubId: number; userIds: readonly string[] | null; pathwayId?: string | undefined; page: TPage },
): Promise<{
  rows: Array<{ answer: TStepAnswerRow; pathway: TPathwayRow; member: TPersonRow }>;
  nextCursor: string | null;
}> {
  if (options.userIds !== null && options.userIds.length === 0) return { rows: [], nextCursor: null };
  const cursor = decodeCursor(options.page.cursor);
  const rows = await tx
    .select({ answer: pathwayStepAnswers, pathway: pathways, member: personColumns })
    .from(pathwayStepAnswers)
    .innerJoin(pathways, eq(pathways.id, pathwayStepAnswers.pathwayId))
    .innerJoin(users, eq(users.id, pathwayStepAnswers.userId))
    .where(
      and(
        eq(pathwayStepAnswers.hubId, options.hubId),
        eq(pathwayStepAnswers.status, 'pending'),
        options.userIds ? inArray(pathwayStepAnswers.userId, [...options.userIds]) : undefined,
        options.pathwayId ? eq(pathwayStepAnswers.pathwayId, options.pathwayId) : undefined,
        keysetAfter(cursor, {
          sortKey: sql`${pathwayStepAnswers.submittedAt}`,
          id: pathwayStepAnswers.id,
          kind: 'instant',
          direction: 'asc',
        }),
      ),
    )
    .orderBy(asc(pathwayStepAnswers.submittedAt), asc(pathwayStepAnswers.id))
    .limit(options.page.limit + 1);
  return keysetPage(rows, options.page.limit, (r) => ({
    at: (r.answer.submittedAt ?? r.answer.updatedAt).toISOString(),
    id: r.answer.id,
  }));
}

/** A user's name for a review note. */
export async function personName(tx: TTx, userId: string): Promise<string> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

/** Names of reviewers by id. */
export async function personNames(tx: TTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** User types and mentorship programs of the hub among the given ids (assignment targets must be the hub's). */
export async function hubTargets(
  tx: TTx,
  options: { hubId: number; userTypeIds: readonly string[]; groupIds: readonly string[] },
): Promise<{ userTypeIds: Set<string>; groupIds: Set<string> }> {
  const types =
    options.userTypeIds.length === 0
      ? []
      : await tx
          .select({ id: userTypes.id })
          .from(userTypes)
          .where(and(eq(userTypes.hubId, options.hubId), inArray(userTypes.id, [...options.userTypeIds])));
  const programs =
    options.groupIds.length === 0
      ? []
      : await tx
          .select({ id: groups.id })
          .from(groups)
          .where(
            and(
              eq(groups.hubId, options.hubId),
              eq(groups.groupType, 'mentorshipProgram'),
              inArray(groups.id, [...options.groupIds]),
            ),
          );
  return { userTypeIds: new Set(types.map((t) => t.id)), groupIds: new Set(programs.map((g) => g.id)) };
}

/** Titles of pathways by id as the request sees them (the library pathways copies came from). */
export async function pathwayTitles(tx: TTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: pathways.id, title: pathways.title })
    .from(pathways)
    .where(inArray(pathways.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Documents by id (a reviewer reads the members' picked files; the files policy decides who downloads them). */
export async function documentsByIds(
  tx: TTx,
  ids: readonly string[],
): Promise<Map<string, typeof userFiles.$inferSelect>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(userFiles)
    .where(and(inArray(userFiles.id, [...new Set(ids)]), inArray(userFiles.kind, ['resume', 'document'])));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Profile answers of several users to several questions, by user then question. */
export async function profileAnswersOfUsers(
  tx: TTx,
  options: { userIds: readonly string[]; questionIds: readonly string[] },
): Promise<Map<string, Map<string, TAnswerData>>> {
  const result = new Map<string, Map<string, TAnswerData>>();
  if (options.userIds.length === 0 || options.questionIds.length === 0) return result;
  const rows = await tx
    .select({
      userId: profileAnswers.userId,
      questionId: profileAnswers.questionId,
      answerData: profileAnswers.answerData,
    })
    .from(profileAnswers)
    .where(
      and(
        inArray(profileAnswers.userId, [...new Set(options.userIds)]),
        inArray(profileAnswers.questionId, [...new Set(options.questionIds)]),
      ),
    );
  for (const r of rows) {
    const byQuestion = result.get(r.userId) ?? new Map<string, TAnswerData>();
    byQuestion.set(r.questionId, r.answerData as TAnswerData);
    result.set(r.userId, byQuestion);
  }
  return result;
}
