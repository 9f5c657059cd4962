import type { TQuestionFilter, ZQuestionListQuery } from '@commons/contract';
import type { z } from 'zod';
import type { TRequestContext } from '../../plugins/request-context.js';
import { accessibleGroupIds } from '../content/content.policy.js';
import { requireVisibleGroup } from './discussions.policy.js';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedOnce, type TTx } from '../../db/client.js';
import {
  answers,
  comments,
  postVotes,
  questionFollows,
  questions,
  users,
  type TPostKind,
} from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { searchWords } from '../../db/typo-search.js';
import { authorColumns, prefixQuery, type TAuthorRow } from '../content/content.queries.js';
import { EXCERPT_SOURCE_LENGTH } from '../content/content.presenter.js';

/** A question as the lists and pages read it: every column but the search vector, which only search conditions use. */
export type TQuestionRow = Omit<typeof questions.$inferSelect, 'searchVector'>;

const { searchVector: _questionSearchVector, ...questionColumns } = getTableColumns(questions);

/** A question as lists read it: no HTML body, and only the start of its text, which the excerpt shows. */
export type TQuestionListColumns = Omit<TQuestionRow, 'body'>;

/**
 * The list's columns: every list item shows a short excerpt, so the lists read neither the HTML body nor the
 * whole text (issue #17: what a list reads from the database it pays for twice, in transfer and in parsing).
 */
const { body: _questionBody, ...questionListColumns } = {
  ...questionColumns,
  bodyText: sql<string>`left(${questions.bodyText}, ${sql.raw(String(EXCERPT_SOURCE_LENGTH))})`,
};
export type TAnswerRow = typeof answers.$inferSelect;
export type TCommentRow = typeof comments.$inferSelect;
/** Which questions of the hub a list reads: the hub's own, one group's (the viewer may see it), or none. */
type TGroupScope = 'hub' | 'group' | 'none';

function groupScopeOf(options: { groupIds: 'all' | string[]; groupId: string | null }): TGroupScope {
  if (options.groupId === null) return 'hub';
  return options.groupIds === 'all' || options.groupIds.includes(options.groupId) ? 'group' : 'none';
}

/**
 * What the list shows to the viewer: the hub's approved questions, their own pending ones, never hidden ones.
 * Its inputs are the placeholders hubId, viewerId and (for a group) groupId: the lists are prepared once per
 * connection and shape (preparedOnce).
 */
function visibleQuestions(groupScope: TGroupScope): SQL | undefined {
  const viewerId = sql.placeholder('viewerId');
  const groupCondition =
    groupScope === 'hub'
      ? isNull(questions.groupId)
      : groupScope === 'group'
        ? eq(questions.groupId, sql.placeholder('groupId'))
        : sql`false`;
  return and(
    eq(questions.hubId, sql.placeholder('hubId')),
    isNull(questions.hiddenAt),
    groupCondition,
    or(
      eq(questions.status, 'approved'),
      and(eq(questions.status, 'pending'), eq(questions.authorId, viewerId)),
    ),
  );
}

/**
 * Title and body match every word as a prefix (the placeholder tsQuery), or a topic starts with one of the words
 * (the placeholder prefixes, a text array).
 */
function searchCondition(): SQL {
  return sql`(${questions.searchVector} @@ to_tsquery('simple', ${sql.placeholder('tsQuery')}) or exists (select 1 from unnest(${questions.tags}) as tag where tag like any (${sql.placeholder('prefixes')}::text[])))`;
}

/** The topic prefixes of a search (searchCondition): every word as a prefix, LIKE's wildcards dropped. */
function searchPrefixes(q: string): string[] {
  return searchWords(q).map((t) => `${t.replace(/[%_\\]/g, '')}%`);
}

const POPULAR_SCORE = sql<number>`(${questions.upvoteCount} + 2 * ${questions.answerCount} + ${questions.followerCount})`;

/**
 * The viewer's state of a listed question: their upvote, their follow, and whether its accepted answer is
 * still shown (not hidden by moderation). The lists read it with the questions (issue #17 item 1).
 */
export type TQuestionViewerState = {
  hasUpvoted: boolean;
  isFollowing: boolean;
  isAcceptedAnswerVisible: boolean;
};

/** A question of a list with its author, and the viewer's state when the list read it. */
export type TQuestionListRow = {
  question: TQuestionListColumns;
  author: TAuthorRow;
  viewerState?: TQuestionViewerState;
};

const acceptedAnswer = alias(answers, 'accepted_answer');

/**
 * A list select of questions with their author and the viewer's state: left joins on the primary keys of
 * post_votes, question_follows and answers, so each listed question costs three index probes and no query of
 * its own.
 */
function selectQuestionsWithViewerState(tx: TTx) {
  const viewerId = sql.placeholder('viewerId');
  return tx
    .select({
      question: questionListColumns,
      author: authorColumns,
      score: POPULAR_SCORE,
      hasUpvoted: sql<boolean>`(${postVotes.userId} is not null)`,
      isFollowing: sql<boolean>`(${questionFollows.userId} is not null)`,
      isAcceptedAnswerVisible: sql<boolean>`(${acceptedAnswer.id} is not null)`,
    })
    .from(questions)
    .leftJoin(users, eq(users.id, questions.authorId))
    .leftJoin(
      postVotes,
      and(
        eq(postVotes.targetKind, 'question'),
        eq(postVotes.targetId, questions.id),
        eq(postVotes.userId, viewerId),
      ),
    )
    .leftJoin(
      questionFollows,
      and(eq(questionFollows.questionId, questions.id), eq(questionFollows.userId, viewerId)),
    )
    .leftJoin(
      acceptedAnswer,
      and(eq(acceptedAnswer.id, questions.acceptedAnswerId), isNull(acceptedAnswer.hiddenAt)),
    );
}

type TQuestionStateRow = {
  question: TQuestionListColumns;
  author: TAuthorRow;
  hasUpvoted: boolean;
  isFollowing: boolean;
  isAcceptedAnswerVisible: boolean;
};

function listRowOf(r: TQuestionStateRow): TQuestionListRow {
  return {
    question: r.question,
    author: r.author,
    viewerState: {
      hasUpvoted: r.hasUpvoted,
      isFollowing: r.isFollowing,
      isAcceptedAnswerVisible: r.question.acceptedAnswerId !== null && r.isAcceptedAnswerVisible,
    },
  };
}

/**
 * Questions of a hub (or of one group) for the viewer with the filters of issue #7: newest,
 * unanswered, popular, mine; `q` searches title, body and tags (every word as a prefix).
 * Keyset pages: newest/unanswered/mine on (created_at, id), popular on (score, created_at, id).
 */
export async function listQuestions(
  tx: TTx,
  options: {
    hubId: number;
    viewerId: string;
    groupIds: 'all' | string[];
    groupId: string | null;
    filter: TQuestionFilter;
    q?: string | undefined;
    tag?: string | undefined;
    cursor?: string | undefined;
    limit: number;
    excludePinned: boolean;
  },
): Promise<{ rows: TQuestionListRow[]; nextCursor: string | null }> {
  const isPopular = options.filter === 'popular';
  const cursor = decodeCursor(options.cursor, isPopular ? 'score-instant' : 'instant');
  const query = prefixQuery(options.q);
  const groupScope = groupScopeOf(options);
  // One prepared statement per shape of the list (filter, group, topic, search, pins, cursor), built once per
  // pooled connection: building and compiling the select on every request cost more than running it (issue #17).
  const shape = [
    options.filter,
    groupScope,
    options.tag ? 'tag' : '',
    query ? 'q' : '',
    options.excludePinned ? 'unpinned' : '',
    cursor ? 'after' : '',
  ].join('_');
  const name = `discussions_questions_${shape}`;
  const prepared = preparedOnce(tx, name, () => {
    const conditions: Array<SQL | undefined> = [
      visibleQuestions(groupScope),
      options.filter === 'unanswered' ? eq(questions.answerCount, 0) : undefined,
      options.filter === 'mine' ? eq(questions.authorId, sql.placeholder('viewerId')) : undefined,
      options.tag ? sql`${questions.tags} @> ARRAY[${sql.placeholder('tag')}]::text[]` : undefined,
      query ? searchCondition() : undefined,
      options.excludePinned ? isNull(questions.pinnedAt) : undefined,
    ];
    if (cursor)
      conditions.push(
        isPopular
          ? sql`(${POPULAR_SCORE}, ${questions.createdAt}, ${questions.id}) < (${sql.placeholder('afterScore')}::int, ${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
          : sql`(${questions.createdAt}, ${questions.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      );
    return selectQuestionsWithViewerState(tx)
      .where(and(...conditions))
      .orderBy(...(isPopular ? [desc(POPULAR_SCORE)] : []), desc(questions.createdAt), desc(questions.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
  // A popular list's cursor holds `score|instant`, the others' the instant alone.
  const [afterScore = '0', afterAt = cursor?.at] = isPopular ? (cursor?.at.split('|') ?? []) : [];
  const rows = await prepared.execute({
    hubId: options.hubId,
    viewerId: options.viewerId,
    groupId: options.groupId,
    tag: options.tag?.toLowerCase(),
    tsQuery: query,
    prefixes: query ? searchPrefixes(options.q ?? '') : [],
    afterScore: Number(afterScore),
    afterAt: afterAt === undefined ? null : new Date(afterAt),
    afterId: cursor?.id,
    limit: options.limit + 1,
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last
      ? encodeCursor({
          at: isPopular
            ? `${last.score}|${last.question.createdAt.toISOString()}`
            : last.question.createdAt.toISOString(),
          id: last.question.id,
        })
      : null;
  return { rows: page.map(listRowOf), nextCursor };
}

/** Pinned questions of the hub (or group) the viewer may see, newest pin first. */
export async function listPinnedQuestions(
  tx: TTx,
  options: { hubId: number; viewerId: string; groupIds: 'all' | string[]; groupId: string | null },
): Promise<TQuestionListRow[]> {
  const groupScope = groupScopeOf(options);
  const name = `discussions_pinned_${groupScope}`;
  const rows = await preparedOnce(tx, name, () =>
    selectQuestionsWithViewerState(tx)
      .where(
        and(
          visibleQuestions(groupScope),
          sql`${questions.pinnedAt} is not null`,
          eq(questions.status, 'approved'),
        ),
      )
      .orderBy(desc(questions.pinnedAt))
      .limit(10)
      .prepare(name),
  ).execute({ hubId: options.hubId, viewerId: options.viewerId, groupId: options.groupId });
  return rows.map(listRowOf);
}

/** One question of the hub with its author, whatever its state (the policy decides who sees it). */
export async function findQuestion(
  tx: TTx,
  options: { hubId: number; id: string },
): Promise<{ question: TQuestionRow; author: TAuthorRow } | null> {
  const [row] = await tx
    .select({ question: questionColumns, author: authorColumns })
    .from(questions)
    .leftJoin(users, eq(users.id, questions.authorId))
    .where(and(eq(questions.hubId, options.hubId), eq(questions.id, options.id)))
    .limit(1);
  return row ?? null;
}

/** Answers of a question that are not hidden: pinned first, then most upvoted, then oldest. */
export function listAnswers(
  tx: TTx,
  questionId: string,
): Promise<Array<{ answer: TAnswerRow; author: TAuthorRow }>> {
  return tx
    .select({ answer: answers, author: authorColumns })
    .from(answers)
    .leftJoin(users, eq(users.id, answers.authorId))
    .where(and(eq(answers.questionId, questionId), isNull(answers.hiddenAt)))
    .orderBy(
      sql`${answers.pinnedAt} is null`,
      desc(answers.pinnedAt),
      desc(answers.upvoteCount),
      asc(answers.createdAt),
      asc(answers.id),
    );
}

/**
 * Accepted answers among `answerIds` a reader still sees (not hidden by moderation): a question whose
 * accepted answer is hidden reads as not answered until it is shown again.
 */
export async function visibleAnswerIds(tx: TTx, answerIds: string[]): Promise<Set<string>> {
  if (answerIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: answers.id })
    .from(answers)
    .where(and(inArray(answers.id, answerIds), isNull(answers.hiddenAt)));
  return new Set(rows.map((r) => r.id));
}

/** Comments of a question and its answers that are not hidden, oldest first. */
export function listComments(
  tx: TTx,
  questionId: string,
): Promise<Array<{ comment: TCommentRow; author: TAuthorRow }>> {
  return tx
    .select({ comment: comments, author: authorColumns })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.questionId, questionId), isNull(comments.hiddenAt)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** Ids among `targetIds` the user has upvoted. */
export async function upvotedIds(
  tx: TTx,
  options: { userId: string; kind: TPostKind; targetIds: string[] },
): Promise<Set<string>> {
  if (options.targetIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: postVotes.targetId })
    .from(postVotes)
    .where(
      and(
        eq(postVotes.userId, options.userId),
        eq(postVotes.targetKind, options.kind),
        inArray(postVotes.targetId, options.targetIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Question ids among `questionIds` the user follows. */
export async function followedIds(
  tx: TTx,
  options: { userId: string; questionIds: string[] },
): Promise<Set<string>> {
  if (options.questionIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: questionFollows.questionId })
    .from(questionFollows)
    .where(
      and(
        eq(questionFollows.userId, options.userId),
        inArray(questionFollows.questionId, options.questionIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Questions waiting for the hub's approval, oldest first. */
export function listPendingQuestions(
  tx: TTx,
  hubId: number,
): Promise<Array<{ question: TQuestionRow; author: TAuthorRow }>> {
  return tx
    .select({ question: questionColumns, author: authorColumns })
    .from(questions)
    .leftJoin(users, eq(users.id, questions.authorId))
    .where(and(eq(questions.hubId, hubId), eq(questions.status, 'pending'), isNull(questions.hiddenAt)))
    .orderBy(asc(questions.createdAt))
    .limit(100);
}

/** Tags of the hub's visible questions with how many questions carry each, most used first. */
export async function listTopics(
  tx: TTx,
  options: { hubId: number; groupId: string | null },
): Promise<Array<{ tag: string; count: number }>> {
  const rows = await tx
    .select({ tag: sql<string>`t.tag`, count: sql<number>`count(*)::int` })
    .from(sql`${questions}, unnest(${questions.tags}) as t(tag)`)
    .where(
      and(
        eq(questions.hubId, options.hubId),
        eq(questions.status, 'approved'),
        isNull(questions.hiddenAt),
        options.groupId === null ? isNull(questions.groupId) : eq(questions.groupId, options.groupId),
      ),
    )
    .groupBy(sql`t.tag`)
    .orderBy(sql`count(*) desc`, sql`t.tag`)
    .limit(50);
  return rows;
}

/**
 * A page of the question board as the viewer may see it; the newest filter's first page without a
 * search shows the pinned questions apart.
 */
export async function readQuestionList(ctx: TRequestContext, query: z.output<typeof ZQuestionListQuery>) {
  const { filter, q, tag, cursor, limit } = query;
  const groupId = query.groupId ?? null;
  await requireVisibleGroup(ctx, groupId);
  const base = {
    hubId: ctx.requireHub().id,
    viewerId: ctx.requireViewer().user.id,
    // The hub's own board lists questions of no group, so only a group's board needs the viewer's groups.
    groupIds: groupId === null ? [] : await accessibleGroupIds(ctx),
    groupId,
  };
  const withPinned = filter === 'newest' && !cursor && !q && !tag;
  const { rows, nextCursor } = await listQuestions(ctx.tx, {
    ...base,
    filter,
    q,
    tag,
    cursor,
    limit,
    excludePinned: withPinned,
  });
  const pinned = withPinned ? await listPinnedQuestions(ctx.tx, base) : [];
  return { rows, nextCursor, pinned };
}
