/** Tenant-scoped reads of the job and project board (issue #19). */
import type { TJobListFilters, TJobSettings } from '@commons/contract';
import { DEFAULT_EXPERIENCES_TAB_NAME, DEFAULT_PROJECTS_TAB_NAME, type TJobFlow } from '@commons/domain';
import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, queryShapedRows, type TTx } from '../../db/client.js';
import { hubJobSettings, jobAlerts, jobPosts } from '../../db/schema/index.js';
import { validationError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE } from '../../lib/cursor.js';
import { keysetAfter, keysetPage } from '../../lib/keyset.js';
import { expandWords, searchWords, textArray, textQueries, uuidArray } from '../../db/typo-search.js';

/** How much of a description a list reads for its excerpt (the plain text of its start). */
export const EXCERPT_SOURCE_LENGTH = 1200;
/** How many posts "recommended for you" answers. */
export const RECOMMENDED_LIMIT = 10;
/** Values a facet lists at most. */
const FACET_LIMIT = 30;

/** A hub without a settings row has these (spec 5: 60 days; spec 9 default tab names). */
export const DEFAULT_JOB_SETTINGS: TJobSettings = {
  defaultPostExpirationDays: null,
  isDiyProjectsEnabled: false,
  areJobsShown: true,
  areProjectsShown: true,
  isEmployerPostAutoApproved: false,
  experiencesTabName: DEFAULT_EXPERIENCES_TAB_NAME,
  projectsTabName: DEFAULT_PROJECTS_TAB_NAME,
};

/** The hub's job board settings, the defaults when it never saved any. */
export async function getJobSettings(tx: TTx, hubId: number): Promise<TJobSettings> {
  const [row] = await tx.select().from(hubJobSettings).where(eq(hubJobSettings.hubId, hubId)).limit(1);
  if (!row) return DEFAULT_JOB_SETTINGS;
  return {
    defaultPostExpirationDays: row.defaultPostExpirationDays,
    isDiyProjectsEnabled: row.isDiyProjectsEnabled,
    areJobsShown: row.areJobsShown,
    areProjectsShown: row.areProjectsShown,
    isEmployerPostAutoApproved: row.isEmployerPostAutoApproved,
    experiencesTabName: row.experiencesTabName,
    projectsTabName: row.projectsTabName,
  };
}

/** Who reads the board: their id, their user type in the hub (the audience), and whether they administer jobs. */
export type TJobViewer = { userId: string; userTypeId: string | null; isAdmin: boolean };

/** A post as the list queries answer it (JSON from the database: instants and dates as strings). */
export type TJobCardRow = {
  id: string;
  hub_id: number;
  owner_user_id: string;
  job_flow: TJobFlow;
  title: string;
  organisation: string;
  description_start: string;
  location: string | null;
  is_remote: boolean;
  employment_type: string | null;
  is_paid: boolean;
  industry: string | null;
  industry_label: string | null;
  job_function_options: Array<{ key: string; label: string }>;
  application_method: 'internal' | 'external';
  icon: string | null;
  tags: Array<{ kind: string; label: string }>;
  duration: number | null;
  duration_unit: string | null;
  start_date: string | null;
  due_date: string | null;
  expires_at: string;
  approval_status: 'pending' | 'approved' | 'rejected';
  project_status: string | null;
  closed_at: string | null;
  created_at: string;
  audience_user_type_ids: string[];
  owner_identifier: string;
  owner_name: string;
  owner_photo_url: string | null;
  is_saved: boolean;
  has_applied: boolean;
};

/** A post with what its page shows beyond a card. */
export type TJobDetailRow = TJobCardRow & {
  description: string;
  requirements: string;
  latitude: number | null;
  longitude: number | null;
  external_url: string | null;
  is_resume_required: boolean;
  template_id: string | null;
  reviewed_at: string | null;
  updated_at: string;
};

/** The label of a standard data option of the post's hub, or null. */
function optionLabel(category: string, key: SQL): SQL {
  return sql`(select o.label from hub_standard_options o
              where o.hub_id = p.hub_id and o.category = ${category} and o.option_key = ${key} limit 1)`;
}

/** The card columns of posts `p` (job_posts) with their owner `u` (users), for the viewer `viewerId`. */
function cardColumns(viewerId: string): SQL {
  return sql`p.id, p.hub_id, p.owner_user_id, p.job_flow, p.title, p.organisation,
    left(p.description, ${EXCERPT_SOURCE_LENGTH}) as description_start,
    p.location, p.is_remote, p.employment_type, p.is_paid, p.industry,
    ${optionLabel('job-industries', sql`p.industry`)} as industry_label,
    (select coalesce(json_agg(json_build_object('key', f.v, 'label', coalesce(o.label, f.v)) order by f.n), '[]'::json)
       from unnest(p.job_functions) with ordinality f(v, n)
       left join hub_standard_options o on o.hub_id = p.hub_id and o.category = 'job-functions' and o.option_key = f.v
    ) as job_function_options,
    p.application_method, p.icon, p.tags, p.duration, p.duration_unit, p.start_date, p.due_date, p.expires_at,
    p.approval_status, p.project_status, p.closed_at, p.created_at, p.audience_user_type_ids,
    u.identifier as owner_identifier, trim(u.first_name || ' ' || u.last_name) as owner_name,
    u.photo_url as owner_photo_url,
    exists (select 1 from saved_jobs s where s.user_id = ${viewerId}::uuid and s.post_id = p.id) as is_saved,
    exists (select 1 from job_applications a where a.post_id = p.id and a.applicant_user_id = ${viewerId}::uuid) as has_applied`;
}

const DETAIL_COLUMNS = sql`p.description, p.requirements, p.latitude, p.longitude, p.external_url,
  p.is_resume_required, p.template_id, p.reviewed_at, p.updated_at`;

/** One post of the hub with its page's fields, or undefined. */
export async function findJobPost(
  tx: TTx,
  options: { hubId: number; id: string; viewerId: string },
): Promise<TJobDetailRow | undefined> {
  const [row] = await queryRows<{ item: TJobDetailRow | null }>(
    tx,
    sql`select row_to_json(c) as item from (
          select ${cardColumns(options.viewerId)}, ${DETAIL_COLUMNS}
          from job_posts p join users u on u.id = p.owner_user_id
          where p.id = ${options.id}::uuid and p.hub_id = ${options.hubId}) c`,
  );
  return row?.item ?? undefined;
}

/** The stored row of a post of the hub (commands), or undefined. */
export async function findJobPostRow(tx: TTx, options: { hubId: number; id: string }) {
  const [row] = await tx
    .select()
    .from(jobPosts)
    .where(and(eq(jobPosts.id, options.id), eq(jobPosts.hubId, options.hubId)))
    .limit(1);
  return row;
}

/**
 * The flows a hub hides: given (settings already read), or 'hubSettings' to read them inside the statement
 * (one scalar subquery of hub_job_settings, so the board's request needs no statement of its own for them).
 */
export type THiddenFlows = readonly TJobFlow[] | 'hubSettings';

/** A post's flow is one the hub shows, read from hub_job_settings inside the statement (a scalar subquery). */
export function shownFlowCondition(hubId: number, jobFlow: SQLWrapper): SQL {
  return sql`${jobFlow} <> all(coalesce((
      select array_remove(array[case when not s.are_jobs_shown then 'job' end, case when not s.are_projects_shown then 'project' end], null)
      from hub_job_settings s where s.hub_id = ${hubId}), '{}'::text[]))`;
}

/** The conditions every member's list applies: listed now (approved, open, before expiry), shown flows, audience. */
function visibilityConditions(options: {
  hubId: number;
  viewer: TJobViewer;
  now: Date;
  hiddenFlows: THiddenFlows;
  isListedOnly: boolean;
  isAudienceOnly?: boolean;
}): SQL[] {
  const conditions: SQL[] = [];
  if (options.isListedOnly)
    conditions.push(
      sql`p.approval_status = 'approved' and p.closed_at is null and p.expires_at > ${options.now.toISOString()}::timestamptz`,
    );
  if (options.hiddenFlows === 'hubSettings') {
    conditions.push(shownFlowCondition(options.hubId, sql`p.job_flow`));
  } else {
    for (const flow of options.hiddenFlows) conditions.push(sql`p.job_flow <> ${flow}`);
  }
  if (!options.viewer.isAdmin) {
    // An owner also sees their own posts outside their audience, unless the search is the audience's alone.
    const ownPosts = options.isAudienceOnly
      ? sql``
      : sql` or p.owner_user_id = ${options.viewer.userId}::uuid`;
    conditions.push(
      options.viewer.userTypeId
        ? sql`(cardinality(p.audience_user_type_ids) = 0 or ${options.viewer.userTypeId}::uuid = any(p.audience_user_type_ids)${ownPosts})`
        : sql`(cardinality(p.audience_user_type_ids) = 0${ownPosts})`,
    );
  }
  return conditions;
}

/** Conditions joined with AND; true when there are none. */
function allOf(conditions: SQL[]): SQL {
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

type TFacetRow = { value: string; label: string; count: number };
type TSearchRow = {
  items: Array<TJobCardRow & { tier: number }> | null;
  total: number;
  industry: TFacetRow[] | null;
  job_function: TFacetRow[] | null;
  employment_type: TFacetRow[] | null;
  paid: TFacetRow[] | null;
  location: TFacetRow[] | null;
  remote: TFacetRow[] | null;
};

export type TJobSearchResult = {
  rows: TJobCardRow[];
  nextCursor: string | null;
  total: number;
  facets: Record<'industry' | 'jobFunction' | 'employmentType' | 'paid' | 'location' | 'remote', TFacetRow[]>;
};

/** The facet filters as SQL flags over posts `p`: each true when the filter is unset. */
function facetFlags(filters: TJobListFilters): Record<keyof TJobSearchResult['facets'], SQL> {
  return {
    industry: filters.industry.length
      ? sql`coalesce(p.industry = any(${textArray(filters.industry)}), false)`
      : sql`true`,
    jobFunction: filters.jobFunction.length
      ? sql`p.job_functions && ${textArray(filters.jobFunction)}`
      : sql`true`,
    employmentType: filters.employmentType.length
      ? sql`coalesce(p.employment_type = any(${textArray(filters.employmentType)}), false)`
      : sql`true`,
    paid: filters.paid === undefined ? sql`true` : sql`p.is_paid = ${filters.paid === 'true'}`,
    location: filters.location.length
      ? sql`coalesce(p.location = any(${textArray(filters.location)}), false)`
      : sql`true`,
    remote: filters.remote === undefined ? sql`true` : sql`p.is_remote = ${filters.remote === 'true'}`,
  };
}

/** A search page's cursor position: the group (0 as typed, 1 through a correction), the instant and id. */
function parseSearchCursor(raw: string | undefined): { tier: number; at: string; id: string } | null {
  const cursor = decodeCursor(raw, 'score-instant');
  if (!cursor) return null;
  const [tier = '', at = ''] = cursor.at.split('|');
  if (tier !== '0' && tier !== '1') throw validationError({ cursor: INVALID_CURSOR_MESSAGE });
  return { tier: Number(tier), at, id: cursor.id };
}

/**
 * The job board of one hub (issue #19 item 4): one statement answers the page, the total and the six facets
 * (each counted over the matches that pass the other filters, so a chosen value never hides its alternatives)
 * from one filtered set of posts. Members see the posts listed now (approved, open, before expiry: an expired
 * post leaves at once, before the expiry job marks it) for their audience, of the flows the hub shows.
 *
 * With a text query, misspelt words are corrected against the hub's job vocabulary (job_terms, pg_trgm) and
 * matched by full text through app_job_matches (search_vector's GIN index, which row-level security would keep
 * the planner from using for @@), as the people directory does; posts matching the query as typed come first,
 * each group newest first. `createdAfter` narrows to posts made since then (job alerts).
 */
export async function searchJobPosts(
  tx: TTx,
  options: {
    hubId: number;
    query: TJobListFilters & { q?: string | undefined; cursor?: string | undefined; limit: number };
    viewer: TJobViewer;
    now: Date;
    hiddenFlows: THiddenFlows;
    isListedOnly: boolean;
    /** What every member of the viewer's user type sees: without the viewer's own posts outside it. */
    isAudienceOnly?: boolean;
    createdAfter?: Date;
  },
): Promise<TJobSearchResult> {
  const { query, hubId } = options;
  const cursor = parseSearchCursor(query.cursor);
  const terms = searchWords(query.q);
  const conditions = visibilityConditions(options);
  if (query.jobFlow) conditions.push(sql`p.job_flow = ${query.jobFlow}`);
  if (options.createdAfter)
    conditions.push(sql`p.created_at > ${options.createdAfter.toISOString()}::timestamptz`);
  const where = allOf(conditions);

  let source: SQL;
  if (terms.length > 0) {
    const expansions = await expandWords(
      tx,
      terms,
      (array) => sql`app_job_corrections(${hubId}, ${array}, 3)`,
    );
    const text = textQueries(terms, expansions.corrections);
    const listedAt = options.isListedOnly ? options.now.toISOString() : null;
    // The matches carry every column the filters and facets read (migration 0035), so they are not read again.
    source = sql`from app_job_matches(${hubId}, ${text.full}, ${text.exact}, ${listedAt}::timestamptz) p
                 where ${where}`;
  } else {
    source = sql`from job_posts p where p.hub_id = ${hubId} and ${where}`;
  }
  const tier = terms.length > 0 ? sql`p.tier` : sql`0`;
  const flags = facetFlags(query);
  const allOk = sql`m.industry_ok and m.function_ok and m.type_ok and m.paid_ok and m.location_ok and m.remote_ok`;
  const after = cursor
    ? sql`and (m.tier > ${cursor.tier}::int or (m.tier = ${cursor.tier}::int and (m.created_at, m.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)))`
    : sql``;
  const limit = query.limit + 1;
  // Named per shape (filters, cursor and text set or not): parsed and planned once per connection.
  const [row] = await queryShapedRows<TSearchRow>(
    tx,
    'job_search',
    sql`with m as materialized (
          select p.id, p.created_at, ${tier} as tier, p.industry, p.job_functions, p.employment_type, p.is_paid,
                 p.location, p.is_remote,
                 ${flags.industry} as industry_ok, ${flags.jobFunction} as function_ok,
                 ${flags.employmentType} as type_ok, ${flags.paid} as paid_ok,
                 ${flags.location} as location_ok, ${flags.remote} as remote_ok
          ${source}
        ),
        page as (
          select m.id, m.tier from m where ${allOk} ${after}
          order by m.tier, m.created_at desc, m.id desc limit ${limit}
        )
        select
          (select json_agg(c order by c.tier, c.created_at desc, c.id desc) from (
             select ${cardColumns(options.viewer.userId)}, page.tier
             from page join job_posts p on p.id = page.id join users u on u.id = p.owner_user_id) c) as items,
          (select count(*)::int from m where ${allOk}) as total,
          (select json_agg(f) from (
             select m.industry as value,
                    coalesce((select o.label from hub_standard_options o where o.hub_id = ${hubId}
                              and o.category = 'job-industries' and o.option_key = m.industry limit 1), m.industry) as label,
                    count(*)::int as count
             from m where m.industry is not null and m.function_ok and m.type_ok and m.paid_ok and m.location_ok and m.remote_ok
             group by m.industry order by count desc, value limit ${FACET_LIMIT}) f) as industry,
          (select json_agg(f) from (
             select x.v as value,
                    coalesce((select o.label from hub_standard_options o where o.hub_id = ${hubId}
                              and o.category = 'job-functions' and o.option_key = x.v limit 1), x.v) as label,
                    count(*)::int as count
             from (select unnest(m.job_functions) as v from m
                   where m.industry_ok and m.type_ok and m.paid_ok and m.location_ok and m.remote_ok) x
             group by x.v order by count desc, value limit ${FACET_LIMIT}) f) as job_function,
          (select json_agg(f) from (
             select m.employment_type as value, m.employment_type as label, count(*)::int as count
             from m where m.employment_type is not null and m.industry_ok and m.function_ok and m.paid_ok and m.location_ok and m.remote_ok
             group by m.employment_type order by count desc, value) f) as employment_type,
          (select json_agg(f) from (
             select m.is_paid::text as value, m.is_paid::text as label, count(*)::int as count
             from m where m.industry_ok and m.function_ok and m.type_ok and m.location_ok and m.remote_ok
             group by m.is_paid order by m.is_paid desc) f) as paid,
          (select json_agg(f) from (
             select m.location as value, m.location as label, count(*)::int as count
             from m where m.location is not null and m.industry_ok and m.function_ok and m.type_ok and m.paid_ok and m.remote_ok
             group by m.location order by count desc, value limit ${FACET_LIMIT}) f) as location,
          (select json_agg(f) from (
             select m.is_remote::text as value, m.is_remote::text as label, count(*)::int as count
             from m where m.industry_ok and m.function_ok and m.type_ok and m.paid_ok and m.location_ok
             group by m.is_remote order by m.is_remote desc) f) as remote`,
  );
  const items = row?.items ?? [];
  const page = items.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    items.length > query.limit && last
      ? encodeCursor({ at: `${last.tier}|${new Date(last.created_at).toISOString()}`, id: last.id })
      : null;
  return {
    rows: page,
    nextCursor,
    total: row?.total ?? 0,
    facets: {
      industry: row?.industry ?? [],
      jobFunction: row?.job_function ?? [],
      employmentType: row?.employment_type ?? [],
      paid: row?.paid ?? [],
      location: row?.location ?? [],
      remote: row?.remote ?? [],
    },
  };
}

/**
 * The viewer's own marks on listed posts (saved, applied), read by post id: what a search shared among the
 * members of a user type (the board's hub read cache) does not carry for each of them.
 */
export async function viewerJobMarks(
  tx: TTx,
  options: {
    viewerId: string;
    ids: string[];
    ownPosts?: { hubId: number; userTypeId: string | null; now: Date };
  },
): Promise<{
  marks: Map<string, { is_saved: boolean; has_applied: boolean }>;
  ownsPostOutsideAudience: boolean;
}> {
  if (options.ids.length === 0 && !options.ownPosts)
    return { marks: new Map(), ownsPostOutsideAudience: false };
  const { ownPosts } = options;
  // A listed post of the viewer's that their user type's audience leaves out (job_posts_owner_idx): their board
  // differs from the shared one then. Which flows the hub shows does not matter here: such a post, hidden or
  // not, only sends the viewer to a search of their own.
  const outsideAudience = ownPosts
    ? sql`exists (select 1 from job_posts p where p.owner_user_id = ${options.viewerId}::uuid
        and p.hub_id = ${ownPosts.hubId} and p.approval_status = 'approved' and p.closed_at is null
        and p.expires_at > ${ownPosts.now.toISOString()}::timestamptz
        and cardinality(p.audience_user_type_ids) > 0
        and ${ownPosts.userTypeId ? sql`not (${ownPosts.userTypeId}::uuid = any(p.audience_user_type_ids))` : sql`true`})`
    : sql`false`;
  const [row] = await queryRows<{
    marks: Array<{ id: string; is_saved: boolean; has_applied: boolean }> | null;
    owns_post_outside_audience: boolean;
  }>(
    tx,
    sql`select (select json_agg(json_build_object(
          'id', x.id,
          'is_saved', exists (select 1 from saved_jobs s where s.user_id = ${options.viewerId}::uuid and s.post_id = x.id),
          'has_applied', exists (select 1 from job_applications a where a.post_id = x.id and a.applicant_user_id = ${options.viewerId}::uuid)
        )) from unnest(${uuidArray(options.ids)}) x(id)) as marks,
        ${outsideAudience} as owns_post_outside_audience`,
  );
  return {
    marks: new Map((row?.marks ?? []).map((m) => [m.id, m])),
    ownsPostOutsideAudience: row?.owns_post_outside_audience ?? false,
  };
}

/** The approval queue: the hub's pending posts, oldest first (keyset on job_posts_hub_pending_idx). */
export async function pendingJobPostsPage(
  tx: TTx,
  options: { hubId: number; viewerId: string; cursor?: string | undefined; limit: number },
): Promise<{ rows: TJobCardRow[]; nextCursor: string | null }> {
  const ids = await tx
    .select({ id: jobPosts.id, createdAt: jobPosts.createdAt })
    .from(jobPosts)
    .where(
      and(
        eq(jobPosts.hubId, options.hubId),
        eq(jobPosts.approvalStatus, 'pending'),
        keysetAfter(decodeCursor(options.cursor), {
          sortKey: jobPosts.createdAt,
          id: jobPosts.id,
          kind: 'instant',
          direction: 'asc',
        }),
      ),
    )
    .orderBy(jobPosts.createdAt, jobPosts.id)
    .limit(options.limit + 1);
  const page = keysetPage(ids, options.limit, (r) => ({ at: r.createdAt.toISOString(), id: r.id }));
  return {
    rows: await cardsByIds(
      tx,
      options.viewerId,
      page.rows.map((r) => r.id),
    ),
    nextCursor: page.nextCursor,
  };
}

/** Cards of the given post ids, in the order given. */
export async function cardsByIds(tx: TTx, viewerId: string, ids: string[]): Promise<TJobCardRow[]> {
  if (ids.length === 0) return [];
  const [row] = await queryRows<{ items: TJobCardRow[] | null }>(
    tx,
    sql`select json_agg(c order by c.n) as items from (
          select ${cardColumns(viewerId)}, page.n
          from unnest(${uuidArray(ids)}) with ordinality page(id, n)
          join job_posts p on p.id = page.id
          join users u on u.id = p.owner_user_id) c`,
  );
  return row?.items ?? [];
}

/**
 * The viewer's saved posts that they may still see, most recently saved first (keyset on saved_jobs_user_hub_idx).
 * A saved post that was closed, expired or withdrawn from their audience stays saved and shows again when listed.
 */
export async function savedJobPostsPage(
  tx: TTx,
  options: {
    hubId: number;
    viewer: TJobViewer;
    now: Date;
    hiddenFlows: readonly TJobFlow[];
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ rows: TJobCardRow[]; nextCursor: string | null }> {
  const cursor = decodeCursor(options.cursor);
  const visible = allOf(visibilityConditions({ ...options, isListedOnly: !options.viewer.isAdmin }));
  const after = cursor
    ? sql`and (s.created_at, s.post_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const rows = await queryRows<{ id: string; saved_at: string | Date }>(
    tx,
    sql`select s.post_id as id, s.created_at as saved_at from saved_jobs s join job_posts p on p.id = s.post_id
        where s.user_id = ${options.viewer.userId}::uuid and s.hub_id = ${options.hubId} and ${visible} ${after}
        order by s.created_at desc, s.post_id desc limit ${options.limit + 1}`,
  );
  const page = keysetPage(rows, options.limit, (r) => ({ at: new Date(r.saved_at).toISOString(), id: r.id }));
  return {
    rows: await cardsByIds(
      tx,
      options.viewer.userId,
      page.rows.map((r) => r.id),
    ),
    nextCursor: page.nextCursor,
  };
}

/**
 * A member's posts in the hub, newest first (profile section jobPosts; keyset on job_posts_owner_idx): the
 * listed ones for other members, every one for the owner and job admins.
 */
export async function ownerJobPostsPage(
  tx: TTx,
  options: {
    hubId: number;
    ownerId: string;
    viewer: TJobViewer;
    isEveryPost: boolean;
    now: Date;
    hiddenFlows: readonly TJobFlow[];
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ rows: TJobCardRow[]; nextCursor: string | null }> {
  const cursor = decodeCursor(options.cursor);
  const visible = options.isEveryPost
    ? sql`true`
    : allOf(visibilityConditions({ ...options, isListedOnly: true }));
  const after = cursor
    ? sql`and (p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const rows = await queryRows<{ id: string; created_at: string | Date }>(
    tx,
    sql`select p.id, p.created_at from job_posts p
        where p.owner_user_id = ${options.ownerId}::uuid and p.hub_id = ${options.hubId} and ${visible} ${after}
        order by p.created_at desc, p.id desc limit ${options.limit + 1}`,
  );
  const page = keysetPage(rows, options.limit, (r) => ({
    at: new Date(r.created_at).toISOString(),
    id: r.id,
  }));
  return {
    rows: await cardsByIds(
      tx,
      options.viewer.userId,
      page.rows.map((r) => r.id),
    ),
    nextCursor: page.nextCursor,
  };
}

/**
 * "Recommended for you" (issue #19 item 4): listed posts for the viewer's audience, not their own and not yet
 * applied to, whose industry or job functions are among the viewer's standard data (job-industries,
 * job-functions; matched by option key or label), those sharing more first, then newest.
 */
export async function recommendedJobPosts(
  tx: TTx,
  options: {
    hubId: number;
    viewer: TJobViewer;
    now: Date;
    hiddenFlows: readonly TJobFlow[];
    industries: string[];
    jobFunctions: string[];
  },
): Promise<TJobCardRow[]> {
  if (options.industries.length + options.jobFunctions.length === 0) return [];
  const industries = textArray(options.industries.map((v) => v.toLowerCase()));
  const functions = textArray(options.jobFunctions.map((v) => v.toLowerCase()));
  const visible = allOf(visibilityConditions({ ...options, isListedOnly: true }));
  const industryMatch = sql`(lower(p.industry) = any(${industries})
    or lower(${optionLabel('job-industries', sql`p.industry`)}) = any(${industries}))`;
  const functionMatches = sql`(select count(*) from unnest(p.job_functions) f(v)
    left join hub_standard_options o on o.hub_id = p.hub_id and o.category = 'job-functions' and o.option_key = f.v
    where lower(f.v) = any(${functions}) or lower(o.label) = any(${functions}))`;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select r.id from (
          select p.id, p.created_at, (case when ${industryMatch} then 2 else 0 end) + ${functionMatches} as score
          from job_posts p
          where p.hub_id = ${options.hubId} and ${visible} and p.owner_user_id <> ${options.viewer.userId}::uuid
            and not exists (select 1 from job_applications a where a.post_id = p.id and a.applicant_user_id = ${options.viewer.userId}::uuid)
        ) r where r.score > 0 order by r.score desc, r.created_at desc, r.id desc limit ${RECOMMENDED_LIMIT}`,
  );
  return cardsByIds(
    tx,
    options.viewer.userId,
    rows.map((r) => r.id),
  );
}

/** The viewer's job alerts in the hub, newest first. */
export async function listJobAlerts(tx: TTx, options: { hubId: number; userId: string }) {
  return tx
    .select()
    .from(jobAlerts)
    .where(and(eq(jobAlerts.hubId, options.hubId), eq(jobAlerts.userId, options.userId)))
    .orderBy(desc(jobAlerts.createdAt), desc(jobAlerts.id));
}
