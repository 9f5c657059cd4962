/**
 * Reads of the personalised hub home (issue #18): one short, limited query per section, all in the
 * request's tenant transaction, reusing the list queries of the areas that own the data.
 */
import { HOME_SECTION_ITEM_LIMIT } from '@commons/contract';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { preparedOnce, type TTx } from '../../db/client.js';
import {
  answers,
  events,
  jobPosts,
  questions,
  resources,
  users,
  userSchools,
  userWorkHistory,
} from '../../db/schema/index.js';
import { similarPeople } from '../directory/directory.queries.js';
import { listFeedEntries, type TFeedScope } from '../feed/feed.queries.js';
import { EXCERPT_SOURCE_LENGTH } from '../content/content.presenter.js';
import { shownFlowCondition } from '../jobs/jobs.queries.js';

/**
 * The hub's newest approved questions (not of its groups), for the discussion module: the same for every
 * member, so the home keeps it a short while (lib/hub-read-cache). Reads questions_hub_list_idx.
 */
export function hubRecentQuestions(tx: TTx, options: { clusterId: string; hubId: number }) {
  return tx
    .select({
      id: questions.id,
      title: questions.title,
      slug: questions.slug,
      bodyText: sql<string>`left(${questions.bodyText}, ${sql.raw(String(EXCERPT_SOURCE_LENGTH))})`,
      createdAt: questions.createdAt,
    })
    .from(questions)
    .where(
      and(
        eq(questions.clusterId, options.clusterId),
        eq(questions.hubId, options.hubId),
        isNull(questions.groupId),
        isNull(questions.hiddenAt),
        eq(questions.status, 'approved'),
      ),
    )
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(HOME_SECTION_ITEM_LIMIT);
}

/**
 * The hub's published events (not of its groups) that have not ended, soonest first, for the events widget:
 * the same for every member. Reads events_hub_ends_idx (the events not yet ended), then orders them.
 */
export function hubUpcomingEvents(tx: TTx, options: { clusterId: string; hubId: number; now: Date }) {
  return tx
    .select({
      id: events.id,
      title: events.title,
      location: events.location,
      format: events.format,
      coverImageUrl: events.coverImageUrl,
      startsAt: events.startsAt,
    })
    .from(events)
    .where(
      and(
        eq(events.clusterId, options.clusterId),
        eq(events.hubId, options.hubId),
        isNull(events.hiddenAt),
        isNull(events.groupId),
        eq(events.status, 'approved'),
        gt(events.endsAt, options.now),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(HOME_SECTION_ITEM_LIMIT);
}

/**
 * The hub's newest listed jobs and projects (approved, open, before expiry) for one user type's audience, of
 * the flows the hub shows, for the opportunities section: the same for every member of that user type, so the
 * home keeps it a short while per user type. Reads job_posts_hub_list_idx.
 */
export function hubOpportunities(
  tx: TTx,
  options: { clusterId: string; hubId: number; userTypeId: string | null; now: Date },
) {
  const audience = options.userTypeId
    ? sql`(cardinality(${jobPosts.audienceUserTypeIds}) = 0 or ${options.userTypeId}::uuid = any(${jobPosts.audienceUserTypeIds}))`
    : sql`cardinality(${jobPosts.audienceUserTypeIds}) = 0`;
  return tx
    .select({
      id: jobPosts.id,
      jobFlow: jobPosts.jobFlow,
      title: jobPosts.title,
      organisation: jobPosts.organisation,
      location: jobPosts.location,
      isRemote: jobPosts.isRemote,
      createdAt: jobPosts.createdAt,
    })
    .from(jobPosts)
    .where(
      and(
        eq(jobPosts.clusterId, options.clusterId),
        eq(jobPosts.hubId, options.hubId),
        eq(jobPosts.approvalStatus, 'approved'),
        isNull(jobPosts.closedAt),
        gt(jobPosts.expiresAt, options.now),
        audience,
        shownFlowCondition(options.hubId, jobPosts.jobFlow),
      ),
    )
    .orderBy(desc(jobPosts.createdAt), desc(jobPosts.id))
    .limit(HOME_SECTION_ITEM_LIMIT);
}

/** Members most like the viewer (the directory's similar matches), for the people recommendation. */
export function recommendedPeople(tx: TTx, options: { hubId: number; userId: string }) {
  return similarPeople(tx, { ...options, viewerId: options.userId });
}

/** Whether the hub feed has anything for the viewer: one entry is enough to show the activity section. */
export async function hasFeedActivity(tx: TTx, scope: TFeedScope): Promise<boolean> {
  const { entries } = await listFeedEntries(tx, scope, { limit: 1 });
  return entries.length > 0;
}

/** How many of the hub's newest questions the recommended answers look at: a bounded, indexed read. */
const RECOMMENDED_ANSWERS_WINDOW = 200;

/**
 * Answers worth reading among the hub's newest questions (not of its groups): accepted ones first, then the
 * most upvoted, then the newest; answers nobody accepted or upvoted are left out. The window of recent
 * questions keeps the read on questions_hub_list_idx and answers_question_idx at any hub size.
 */
export async function recommendedAnswers(tx: TTx, options: { clusterId: string; hubId: number }) {
  const recent = tx
    .select({
      id: questions.id,
      title: questions.title,
      slug: questions.slug,
      acceptedAnswerId: questions.acceptedAnswerId,
      createdAt: questions.createdAt,
    })
    .from(questions)
    .where(
      and(
        eq(questions.clusterId, options.clusterId),
        eq(questions.hubId, options.hubId),
        isNull(questions.groupId),
        isNull(questions.hiddenAt),
        eq(questions.status, 'approved'),
      ),
    )
    .orderBy(desc(questions.createdAt))
    .limit(RECOMMENDED_ANSWERS_WINDOW)
    .as('recent');
  // A lateral read per recent question, so each one looks up its own answers on answers_question_idx.
  const worth = tx
    .select({
      id: answers.id,
      // Only the start the excerpt shows (content.presenter EXCERPT_SOURCE_LENGTH), not the whole answer.
      bodyText: sql<string>`left(${answers.bodyText}, ${sql.raw(String(EXCERPT_SOURCE_LENGTH))})`.as(
        'body_text',
      ),
      upvoteCount: answers.upvoteCount,
      createdAt: answers.createdAt,
      authorId: answers.authorId,
      // coalesce: a question nobody accepted an answer of compares to null, which would sort first.
      isAccepted: sql<boolean>`coalesce(${answers.id} = ${recent.acceptedAnswerId}, false)`.as('is_accepted'),
    })
    .from(answers)
    .where(
      and(
        eq(answers.clusterId, options.clusterId),
        eq(answers.questionId, recent.id),
        isNull(answers.hiddenAt),
        sql`(${answers.id} = ${recent.acceptedAnswerId} or ${answers.upvoteCount} > 0)`,
      ),
    )
    // The limit also keeps the planner from flattening the lateral read into a hash join over all answers.
    .orderBy(sql`coalesce(${answers.id} = ${recent.acceptedAnswerId}, false) desc`, desc(answers.upvoteCount))
    .limit(HOME_SECTION_ITEM_LIMIT)
    .as('worth');
  return tx
    .select({
      id: worth.id,
      bodyText: worth.bodyText,
      upvoteCount: worth.upvoteCount,
      createdAt: worth.createdAt,
      questionId: recent.id,
      questionTitle: recent.title,
      questionSlug: recent.slug,
      isAccepted: worth.isAccepted,
      authorName: sql<
        string | null
      >`(select nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '') from ${users} where ${users.id} = ${worth.authorId})`,
    })
    .from(recent)
    .innerJoinLateral(worth, sql`true`)
    .orderBy(sql`${worth.isAccepted} desc`, desc(worth.upvoteCount), desc(worth.createdAt))
    .limit(HOME_SECTION_ITEM_LIMIT);
}

/** Whether the viewer listed any school and any job: the profile health attributes the request context lacks. */
export async function profileListsPresence(
  tx: TTx,
  options: { clusterId: string; userId: string },
): Promise<{ hasSchools: boolean; hasWorkHistory: boolean }> {
  // Named and built once per pooled connection, as every statement of a home visit (issue #18 benchmark).
  const [row] = await preparedOnce(tx, 'home_profile_lists_presence', () => {
    const [clusterId, userId] = [sql.placeholder('clusterId'), sql.placeholder('userId')];
    return tx
      .select({
        hasSchools: sql<boolean>`exists (select 1 from ${userSchools} where ${userSchools.clusterId} = ${clusterId} and ${userSchools.userId} = ${userId})`,
        hasWorkHistory: sql<boolean>`exists (select 1 from ${userWorkHistory} where ${userWorkHistory.clusterId} = ${clusterId} and ${userWorkHistory.userId} = ${userId})`,
      })
      .from(users)
      .where(eq(users.id, userId))
      .prepare('home_profile_lists_presence');
  }).execute(options);
  return { hasSchools: row?.hasSchools === true, hasWorkHistory: row?.hasWorkHistory === true };
}

/** A kept frame of a video host (lib/rich-text EMBED_HOSTS: the video services, not the forms one). */
const VIDEO_FRAME_PATTERN =
  '<iframe[^>]+src="https://(www\\.youtube(-nocookie)?\\.com/embed/|player\\.vimeo\\.com/video/|fast\\.wistia\\.net/embed/|[a-z0-9.-]*kaltura\\.com/|[a-z0-9.-]+\\.hosted\\.panopto\\.com/|www\\.candidcareer\\.com/)';

/**
 * The hub's resources (not of its groups, not the business directory) for two sections in one statement:
 * the latest, pinned first then newest, for the resources widget; and those that embed a video from an
 * approved host (their sanitised body keeps only frames of lib/rich-text EMBED_HOSTS), newest first, for the
 * video recommendation. Both halves read resources_hub_list_idx.
 */
export async function hubResourceLists(tx: TTx, options: { hubId: number }) {
  const columns = {
    id: resources.id,
    title: resources.title,
    slug: resources.slug,
    bodyText: sql<string>`left(${resources.bodyText}, ${sql.raw(String(EXCERPT_SOURCE_LENGTH))})`.as(
      'body_text',
    ),
    createdAt: resources.createdAt,
    pinnedAt: resources.pinnedAt,
  };
  const listed = and(
    eq(resources.hubId, options.hubId),
    eq(resources.isBusinessDirectory, false),
    isNull(resources.hiddenAt),
    isNull(resources.groupId),
  );
  const rows = await unionAll(
    tx
      .select({ ...columns, isVideoList: sql<boolean>`false`.as('is_video_list') })
      .from(resources)
      .where(listed)
      .orderBy(sql`${resources.pinnedAt} is null`, desc(resources.pinnedAt), desc(resources.createdAt))
      .limit(HOME_SECTION_ITEM_LIMIT),
    tx
      .select({ ...columns, isVideoList: sql<boolean>`true`.as('is_video_list') })
      .from(resources)
      .where(and(listed, sql`${resources.body} ~* ${VIDEO_FRAME_PATTERN}`))
      .orderBy(desc(resources.createdAt))
      .limit(HOME_SECTION_ITEM_LIMIT),
  );
  // A union keeps no order across its halves: each half is put back in its own order.
  const time = (at: Date | null) => (at === null ? 0 : new Date(at).getTime());
  const byNewest = (x: { createdAt: Date }, y: { createdAt: Date }) => time(y.createdAt) - time(x.createdAt);
  const byPinnedThenNewest = (x: (typeof rows)[number], y: (typeof rows)[number]) =>
    Number(x.pinnedAt === null) - Number(y.pinnedAt === null) ||
    time(y.pinnedAt) - time(x.pinnedAt) ||
    byNewest(x, y);
  return {
    latest: rows.filter((r) => !r.isVideoList).sort(byPinnedThenNewest),
    videos: rows.filter((r) => r.isVideoList).sort(byNewest),
  };
}
