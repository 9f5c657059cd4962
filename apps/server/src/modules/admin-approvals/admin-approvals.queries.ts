import { webPaths, type TApprovalKind, type TPendingApprovalItem } from '@commons/contract';
import { and, asc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { events, hubMemberships, jobPosts, questions, users, userTypes } from '../../db/schema/index.js';
import { decodeCursor } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import type { TRequestContext } from '../../plugins/request-context.js';

const DAY_MS = 86_400_000;

/** The filters of the approvals page (issue #22 item 2). */
export type TApprovalFilters = {
  q: string | undefined;
  from: string | undefined;
  to: string | undefined;
  cursor: string | undefined;
  limit: number;
};

/** `ilike` pattern of words anywhere: their own % and _ are literal. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Submitted-at and search conditions shared by every kind. */
function filterOf(
  filters: TApprovalFilters,
  options: { submittedAt: PgColumn; searchable: Array<PgColumn | SQL> },
): SQL | undefined {
  const pattern = filters.q ? containsPattern(filters.q) : null;
  return and(
    filters.from ? gte(options.submittedAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    // The last day is whole: items before the start of the next one.
    filters.to
      ? lt(options.submittedAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS))
      : undefined,
    pattern ? or(...options.searchable.map((column) => ilike(column, pattern))) : undefined,
  );
}

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

function page<T extends { at: Date; key: string }>(rows: T[], limit: number) {
  return keysetPage(rows, limit, (r) => ({ at: r.at.toISOString(), id: r.key }));
}

/** One page of the hub's pending items of a kind, oldest first, keyset on (submitted at, row id). */
export async function pendingApprovals(
  ctx: TRequestContext,
  kind: TApprovalKind,
  filters: TApprovalFilters,
): Promise<{ items: TPendingApprovalItem[]; nextCursor: string | null }> {
  const hub = ctx.requireHub();
  const cursor = decodeCursor(filters.cursor);
  const limit = filters.limit + 1;
  if (kind === 'users') {
    const rows = await ctx.tx
      .select({
        key: hubMemberships.id,
        at: hubMemberships.createdAt,
        userId: users.id,
        name: fullName,
        email: users.email,
        userType: userTypes.title,
      })
      .from(hubMemberships)
      .innerJoin(users, eq(users.id, hubMemberships.userId))
      .leftJoin(userTypes, eq(userTypes.id, hubMemberships.userTypeId))
      .where(
        and(
          eq(hubMemberships.hubId, hub.id),
          isNull(hubMemberships.approved),
          isNull(users.deleteRequestedAt),
          filterOf(filters, { submittedAt: hubMemberships.createdAt, searchable: [fullName, users.email] }),
          keysetAfter(cursor, {
            sortKey: hubMemberships.createdAt,
            id: hubMemberships.id,
            kind: 'instant',
            direction: 'asc',
          }),
        ),
      )
      .orderBy(asc(hubMemberships.createdAt), asc(hubMemberships.id))
      .limit(limit);
    const { rows: shown, nextCursor } = page(rows, filters.limit);
    return {
      items: shown.map((r) => ({
        id: r.userId,
        kind,
        title: r.name,
        detail: r.userType ? `${r.email} · ${r.userType}` : r.email,
        submittedBy: r.name,
        submittedAt: r.at.toISOString(),
        link: null,
      })),
      nextCursor,
    };
  }
  if (kind === 'job-posts') {
    const rows = await ctx.tx
      .select({
        key: jobPosts.id,
        at: jobPosts.createdAt,
        title: jobPosts.title,
        organisation: jobPosts.organisation,
        jobFlow: jobPosts.jobFlow,
        owner: fullName,
      })
      .from(jobPosts)
      .leftJoin(users, eq(users.id, jobPosts.ownerUserId))
      .where(
        and(
          eq(jobPosts.hubId, hub.id),
          eq(jobPosts.approvalStatus, 'pending'),
          filterOf(filters, {
            submittedAt: jobPosts.createdAt,
            searchable: [jobPosts.title, jobPosts.organisation, fullName],
          }),
          keysetAfter(cursor, {
            sortKey: jobPosts.createdAt,
            id: jobPosts.id,
            kind: 'instant',
            direction: 'asc',
          }),
        ),
      )
      .orderBy(asc(jobPosts.createdAt), asc(jobPosts.id))
      .limit(limit);
    const { rows: shown, nextCursor } = page(rows, filters.limit);
    return {
      items: shown.map((r) => ({
        id: r.key,
        kind,
        title: r.title,
        detail: [r.jobFlow === 'project' ? 'Project' : 'Job', r.organisation].filter(Boolean).join(' · '),
        submittedBy: r.owner,
        submittedAt: r.at.toISOString(),
        link: webPaths.hub.jobDetail(hub.identifier, r.key, { isProject: r.jobFlow === 'project' }),
      })),
      nextCursor,
    };
  }
  if (kind === 'questions') {
    const rows = await ctx.tx
      .select({
        key: questions.id,
        at: questions.createdAt,
        title: questions.title,
        slug: questions.slug,
        author: fullName,
      })
      .from(questions)
      .leftJoin(users, eq(users.id, questions.authorId))
      .where(
        and(
          eq(questions.hubId, hub.id),
          eq(questions.status, 'pending'),
          isNull(questions.hiddenAt),
          filterOf(filters, { submittedAt: questions.createdAt, searchable: [questions.title, fullName] }),
          keysetAfter(cursor, {
            sortKey: questions.createdAt,
            id: questions.id,
            kind: 'instant',
            direction: 'asc',
          }),
        ),
      )
      .orderBy(asc(questions.createdAt), asc(questions.id))
      .limit(limit);
    const { rows: shown, nextCursor } = page(rows, filters.limit);
    return {
      items: shown.map((r) => ({
        id: r.key,
        kind,
        title: r.title,
        detail: 'Question',
        submittedBy: r.author,
        submittedAt: r.at.toISOString(),
        link: webPaths.discussionQuestion(r.key, r.slug),
      })),
      nextCursor,
    };
  }
  const rows = await ctx.tx
    .select({
      key: events.id,
      at: events.createdAt,
      title: events.title,
      startsAt: events.startsAt,
      author: fullName,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdByUserId))
    .where(
      and(
        eq(events.hubId, hub.id),
        eq(events.status, 'pending'),
        isNull(events.hiddenAt),
        filterOf(filters, { submittedAt: events.createdAt, searchable: [events.title, fullName] }),
        keysetAfter(cursor, { sortKey: events.createdAt, id: events.id, kind: 'instant', direction: 'asc' }),
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(limit);
  const { rows: shown, nextCursor } = page(rows, filters.limit);
  return {
    items: shown.map((r) => ({
      id: r.key,
      kind,
      title: r.title,
      detail: `Starts ${r.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      submittedBy: r.author,
      submittedAt: r.at.toISOString(),
      link: webPaths.event(r.key),
    })),
    nextCursor,
  };
}

/**
 * Which of these ids name an item of the kind in the request's hub, and whether each still waits (bulk
 * decisions check every id before changing anything).
 */
export async function approvalStates(
  ctx: TRequestContext,
  kind: TApprovalKind,
  ids: string[],
): Promise<Map<string, { isPending: boolean }>> {
  const hubId = ctx.requireHub().id;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows =
    kind === 'users'
      ? await ctx.tx
          .select({ id: hubMemberships.userId, isPending: sql<boolean>`${hubMemberships.approved} IS NULL` })
          .from(hubMemberships)
          .where(and(eq(hubMemberships.hubId, hubId), sql`${hubMemberships.userId} IN (${list})`))
      : kind === 'job-posts'
        ? await ctx.tx
            .select({ id: jobPosts.id, isPending: sql<boolean>`${jobPosts.approvalStatus} = 'pending'` })
            .from(jobPosts)
            .where(and(eq(jobPosts.hubId, hubId), sql`${jobPosts.id} IN (${list})`))
        : kind === 'questions'
          ? await ctx.tx
              .select({ id: questions.id, isPending: sql<boolean>`${questions.status} = 'pending'` })
              .from(questions)
              .where(
                and(
                  eq(questions.hubId, hubId),
                  isNull(questions.hiddenAt),
                  sql`${questions.id} IN (${list})`,
                ),
              )
          : await ctx.tx
              .select({ id: events.id, isPending: sql<boolean>`${events.status} = 'pending'` })
              .from(events)
              .where(and(eq(events.hubId, hubId), isNull(events.hiddenAt), sql`${events.id} IN (${list})`));
  return new Map(rows.map((r) => [r.id, { isPending: r.isPending }]));
}
