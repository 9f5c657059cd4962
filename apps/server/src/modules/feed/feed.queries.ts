import type { TFeedItemKind, TFeedQuery } from '@commons/contract';
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type TTx } from '../../db/client.js';
import { announcements, answers, events, questions, resources, users } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { accessibleGroupIds, requireGroupContent, requireHubReader } from '../content/content.policy.js';
import { authorColumns, findAuthor } from '../content/content.queries.js';
import { viewerFeedRights } from './feed.policy.js';

/** One row of the feed stream before its content is loaded. */
export type TFeedEntry = {
  kind: TFeedItemKind;
  id: string;
  targetId: string;
  actorId: string | null;
  groupId: string | null;
  createdAt: Date;
};

/** Whose feed: the hub's (its own content plus the groups the viewer may see) or one group's. */
export type TFeedScope = { clusterId: string; hubId: number } & (
  { groupId: string } | { groupId: null; groupIds: 'all' | string[] }
);

/** The group condition of one branch, on that branch's group column. */
function groupCondition(scope: TFeedScope, column: SQL): SQL {
  if (scope.groupId !== null) return sql`${column} = ${scope.groupId}::uuid`;
  if (scope.groupIds === 'all') return sql`true`;
  if (scope.groupIds.length === 0) return sql`${column} is null`;
  return sql`(${column} is null or ${column} = any(${sql.raw('ARRAY[')}${sql.join(
    scope.groupIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}${sql.raw(']')}))`;
}

/**
 * The feed of issue #7 item 5, newest first: a UNION ALL of one branch per kind, each reading its own
 * newest-first index with the keyset condition and its own LIMIT, so a page costs six short index
 * scans whatever the size of the hub. Hidden, unapproved and pinned (shown apart) content is left out.
 */
export async function listFeedEntries(
  tx: TTx,
  scope: TFeedScope,
  options: { cursor?: string | undefined; limit: number },
): Promise<{ entries: TFeedEntry[]; nextCursor: string | null }> {
  const cursor = decodeCursor(options.cursor);
  const n = options.limit + 1;
  const before = (createdAt: SQL, id: SQL): SQL =>
    cursor
      ? sql`and (${createdAt}, ${id}) < (${new Date(cursor.at)}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
  const { clusterId, hubId } = scope;

  const memberBranch =
    scope.groupId === null
      ? sql`(select 'member' as kind, m.id, m.user_id as target_id, m.user_id as actor_id, null::uuid as group_id, m.created_at
           from hub_memberships m join users u on u.id = m.user_id
           where m.hub_id = ${hubId} and m.approved = true and m.is_visible and m.import_status = 'joined' and u.delete_requested_at is null
             ${before(sql`m.created_at`, sql`m.id`)}
           order by m.created_at desc, m.id desc limit ${n})`
      : sql`(select 'member' as kind, m.id, m.user_id as target_id, m.user_id as actor_id, m.group_id, m.user_joined_at as created_at
           from group_memberships m join users u on u.id = m.user_id
           where m.group_id = ${scope.groupId}::uuid and m.approved = true and m.user_joined_at is not null and u.delete_requested_at is null
             ${before(sql`m.user_joined_at`, sql`m.id`)}
           order by m.user_joined_at desc, m.id desc limit ${n})`;

  const rows = await queryRows<{
    kind: TFeedItemKind;
    id: string;
    target_id: string;
    actor_id: string | null;
    group_id: string | null;
    created_at: Date | string;
  }>(
    tx,
    sql`select * from (
      (select 'question' as kind, q.id, q.id as target_id, q.author_id as actor_id, q.group_id, q.created_at
         from questions q
         where q.cluster_id = ${clusterId}::uuid and q.hub_id = ${hubId} and q.hidden_at is null and q.status = 'approved'
           and ${groupCondition(scope, sql`q.group_id`)} ${before(sql`q.created_at`, sql`q.id`)}
         order by q.created_at desc, q.id desc limit ${n})
      union all
      (select 'answer', a.id, a.question_id, a.author_id, q.group_id, a.created_at
         from answers a join questions q on q.id = a.question_id
         where a.cluster_id = ${clusterId}::uuid and a.hub_id = ${hubId} and a.hidden_at is null and q.hidden_at is null and q.status = 'approved'
           and ${groupCondition(scope, sql`q.group_id`)} ${before(sql`a.created_at`, sql`a.id`)}
         order by a.created_at desc, a.id desc limit ${n})
      union all
      (select 'resource', r.id, r.id, r.author_id, r.group_id, r.created_at
         from resources r
         where r.cluster_id = ${clusterId}::uuid and r.hub_id = ${hubId} and r.hidden_at is null
           and ${groupCondition(scope, sql`r.group_id`)} ${before(sql`r.created_at`, sql`r.id`)}
         order by r.created_at desc, r.id desc limit ${n})
      union all
      (select 'event', e.id, e.id, e.created_by_user_id, e.group_id, e.created_at
         from events e
         where e.cluster_id = ${clusterId}::uuid and e.hub_id = ${hubId} and e.hidden_at is null and e.status = 'approved'
           and ${groupCondition(scope, sql`e.group_id`)} ${before(sql`e.created_at`, sql`e.id`)}
         order by e.created_at desc, e.id desc limit ${n})
      union all
      (select 'announcement', an.id, an.id, an.author_id, an.group_id, an.created_at
         from announcements an
         where an.cluster_id = ${clusterId}::uuid and an.hub_id = ${hubId} and an.hidden_at is null and an.pinned_at is null
           and ${scope.groupId === null ? sql`an.group_id is null` : sql`an.group_id = ${scope.groupId}::uuid`}
           ${before(sql`an.created_at`, sql`an.id`)}
         order by an.created_at desc, an.id desc limit ${n})
      union all
      ${memberBranch}
    ) feed order by created_at desc, id desc limit ${n}`,
  );
  const entries = rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    targetId: r.target_id,
    actorId: r.actor_id,
    groupId: r.group_id,
    createdAt: new Date(r.created_at),
  }));
  const page = entries.slice(0, options.limit);
  const last = page.at(-1);
  return {
    entries: page,
    nextCursor:
      entries.length > options.limit && last
        ? encodeCursor({ at: last.createdAt.toISOString(), id: last.id })
        : null,
  };
}

/** Pinned announcements of the scope, newest pin first (they lead the first page). */
export async function listPinnedAnnouncements(tx: TTx, scope: { hubId: number; groupId: string | null }) {
  return tx
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.hubId, scope.hubId),
        scope.groupId === null ? isNull(announcements.groupId) : eq(announcements.groupId, scope.groupId),
        isNull(announcements.hiddenAt),
        isNotNull(announcements.pinnedAt),
      ),
    )
    .orderBy(desc(announcements.pinnedAt))
    .limit(5);
}

/** Everything a page of entries shows, in one query per kind (no N+1). */
export async function loadFeedContent(tx: TTx, entries: TFeedEntry[]) {
  const idsOf = (kind: TFeedItemKind) => entries.filter((e) => e.kind === kind).map((e) => e.id);
  const some = <T>(ids: string[], load: () => Promise<T[]>) =>
    ids.length === 0 ? Promise.resolve([] as T[]) : load();
  const questionIds = [
    ...idsOf('question'),
    ...entries.filter((e) => e.kind === 'answer').map((e) => e.targetId),
  ];
  const actorIds = [...new Set(entries.map((e) => e.actorId).filter((id): id is string => id !== null))];
  // One after another: a transaction's queries share one connection (issue #14).
  const questionRows = await some(questionIds, () =>
    tx
      .select({
        id: questions.id,
        slug: questions.slug,
        title: questions.title,
        bodyText: questions.bodyText,
      })
      .from(questions)
      .where(inArray(questions.id, questionIds)),
  );
  const answerRows = await some(idsOf('answer'), () =>
    tx
      .select({ id: answers.id, bodyText: answers.bodyText })
      .from(answers)
      .where(inArray(answers.id, idsOf('answer'))),
  );
  const resourceRows = await some(idsOf('resource'), () =>
    tx
      .select({
        id: resources.id,
        slug: resources.slug,
        title: resources.title,
        bodyText: resources.bodyText,
        isBusinessDirectory: resources.isBusinessDirectory,
      })
      .from(resources)
      .where(inArray(resources.id, idsOf('resource'))),
  );
  const eventRows = await some(idsOf('event'), () =>
    tx
      .select({
        id: events.id,
        title: events.title,
        descriptionText: events.descriptionText,
        startsAt: events.startsAt,
        timeZone: events.timeZone,
      })
      .from(events)
      .where(inArray(events.id, idsOf('event'))),
  );
  const announcementRows = await some(idsOf('announcement'), () =>
    tx
      .select()
      .from(announcements)
      .where(inArray(announcements.id, idsOf('announcement'))),
  );
  const actorRows = await some(actorIds, () =>
    tx
      .select({ ...authorColumns, headline: users.headline })
      .from(users)
      .where(inArray(users.id, actorIds)),
  );
  return {
    questions: new Map(questionRows.map((r) => [r.id, r])),
    answers: new Map(answerRows.map((r) => [r.id, r])),
    resources: new Map(resourceRows.map((r) => [r.id, r])),
    events: new Map(eventRows.map((r) => [r.id, r])),
    announcements: new Map(announcementRows.map((r) => [r.id, r])),
    actors: new Map(actorRows.map((r) => [r.id, r])),
  };
}
export type TFeedContent = Awaited<ReturnType<typeof loadFeedContent>>;

/**
 * One page of a feed as the viewer may see it: the hub feed (its own content plus the viewer's groups)
 * or one group's, with the pinned announcements on the first page, their content and the viewer's
 * announcement rights.
 */
export async function readFeed(ctx: TRequestContext, query: TFeedQuery) {
  requireHubReader(ctx);
  const groupId = query.groupId ?? null;
  if (groupId !== null) await requireGroupContent(ctx, groupId);
  const hubId = ctx.requireHub().id;
  const scope: TFeedScope =
    groupId === null
      ? { clusterId: ctx.clusterId, hubId, groupId, groupIds: await accessibleGroupIds(ctx) }
      : { clusterId: ctx.clusterId, hubId, groupId };
  const { entries, nextCursor } = await listFeedEntries(ctx.tx, scope, {
    cursor: query.cursor,
    limit: query.limit,
  });
  const pinnedRows = query.cursor ? [] : await listPinnedAnnouncements(ctx.tx, { hubId, groupId });
  const pinnedEntries: TFeedEntry[] = pinnedRows.map((row) => ({
    kind: 'announcement',
    id: row.id,
    targetId: row.id,
    actorId: row.authorId,
    groupId: row.groupId,
    createdAt: row.createdAt,
  }));
  const content = await loadFeedContent(ctx.tx, [...pinnedEntries, ...entries]);
  const rights = await viewerFeedRights(ctx, [groupId, ...entries.map((e) => e.groupId)]);
  return { groupId, pinnedEntries, entries, nextCursor, content, rights };
}

/** An announcement's author and the viewer's rights on it, to present it after a write. */
export async function readAnnouncementView(
  ctx: TRequestContext,
  row: { authorId: string | null; groupId: string | null },
) {
  return {
    author: await findAuthor(ctx.tx, row.authorId),
    rights: await viewerFeedRights(ctx, [row.groupId]),
  };
}
