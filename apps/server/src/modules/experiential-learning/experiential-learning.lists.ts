/**
 * The five lists of the experiential-learning page (spec 2 Home sections: recent, recommended, nearby, saved,
 * applied), read through the job board's queries (modules/jobs) so a card, its visibility (listed now, the
 * viewer's audience, the flows the hub shows) and its presentation are the board's.
 */
import type { TElListName, TJobPostSummary } from '@commons/contract';
import type { TElOpportunityType, TJobEmploymentType, TJobFlow } from '@commons/domain';
import type { TRequestContext } from '../../plugins/request-context.js';
import { standardDataLabels } from '../directory/directory.commands.js';
import { postEditorOf } from '../jobs/jobs.policy.js';
import { presentJobSummary } from '../jobs/jobs.presenter.js';
import {
  cardsByIds,
  recommendedJobPosts,
  savedJobPostsPage,
  searchJobPosts,
  type TJobCardRow,
  type TJobViewer,
} from '../jobs/jobs.queries.js';
import { appliedPostIdsPage, listInterests, nearbyLocations } from './experiential-learning.queries.js';

const NO_FILTERS = { industry: [], jobFunction: [], employmentType: [], location: [] };

/** A page of one list. */
export type TElPage = { items: TJobPostSummary[]; nextCursor: string | null };

/** The option ids and labels a member chose in one standard data category (spec 3 standardData). */
function standardDataValues(standardData: unknown, key: string): string[] {
  const data = (standardData ?? {}) as Record<string, { selectedOptions?: Array<{ id?: unknown }> }>;
  const ids = (data[key]?.selectedOptions ?? []).flatMap((o) => (typeof o.id === 'string' ? [o.id] : []));
  return [...ids, ...standardDataLabels(standardData, key)];
}

/** Whether a card is of one of the kinds of opportunity chosen (none chosen: every kind). */
function isOfTypes(row: TJobCardRow, types: ReadonlySet<TElOpportunityType>): boolean {
  if (types.size === 0) return true;
  if (row.job_flow === 'project') return types.has('project');
  return row.employment_type !== null && types.has(row.employment_type as TJobEmploymentType);
}

/**
 * One page of a list for the viewer. recent: the board, newest first. recommended: posts matching the
 * viewer's experience interests (industries and job functions; without any, their profile's standard data),
 * of the kinds of opportunity they chose, those sharing more first; one page. nearby: posts whose location
 * names the viewer's place (their profile location's city). saved and applied: their own, most recent first.
 */
export async function elListPage(
  ctx: TRequestContext,
  options: {
    list: TElListName;
    viewer: TJobViewer;
    hiddenFlows: readonly TJobFlow[];
    cursor?: string | undefined;
    limit: number;
  },
): Promise<TElPage> {
  const hub = ctx.requireHub();
  const { viewer, hiddenFlows, limit } = options;
  const base = { hubId: hub.id, viewer, now: ctx.now, hiddenFlows };
  const editor = postEditorOf(ctx, viewer);
  const present = (rows: readonly TJobCardRow[]) =>
    rows.map((row) => presentJobSummary(row, { now: ctx.now, editor }));
  switch (options.list) {
    case 'recent': {
      const result = await searchJobPosts(ctx.tx, {
        ...base,
        query: { ...NO_FILTERS, cursor: options.cursor, limit },
        isListedOnly: true,
      });
      return { items: present(result.rows), nextCursor: result.nextCursor };
    }
    case 'recommended': {
      if (options.cursor !== undefined) return { items: [], nextCursor: null };
      const interests = await listInterests(ctx.tx, { userId: viewer.userId, hubId: hub.id });
      const of = (kind: string) => interests.filter((i) => i.kind === kind).map((i) => i.value);
      const types = new Set(of('opportunityType') as TElOpportunityType[]);
      let industries = of('industry');
      let jobFunctions = of('jobFunction');
      if (industries.length + jobFunctions.length === 0) {
        const { standardData } = ctx.requireViewer().user;
        industries = standardDataValues(standardData, 'job-industries');
        jobFunctions = standardDataValues(standardData, 'job-functions');
      }
      const rows =
        industries.length + jobFunctions.length > 0
          ? await recommendedJobPosts(ctx.tx, { ...base, industries, jobFunctions })
          : types.size > 0
            ? (
                await searchJobPosts(ctx.tx, {
                  ...base,
                  query: { ...NO_FILTERS, limit: Math.max(limit, 20) },
                  isListedOnly: true,
                })
              ).rows.filter((row) => row.owner_user_id !== viewer.userId && !row.has_applied)
            : [];
      return {
        items: present(rows.filter((row) => isOfTypes(row, types)).slice(0, limit)),
        nextCursor: null,
      };
    }
    case 'nearby': {
      const locations = await nearbyLocations(ctx.tx, {
        hubId: hub.id,
        location: ctx.requireViewer().user.location,
      });
      if (locations.length === 0) return { items: [], nextCursor: null };
      const result = await searchJobPosts(ctx.tx, {
        ...base,
        query: { ...NO_FILTERS, location: locations, cursor: options.cursor, limit },
        isListedOnly: true,
      });
      return { items: present(result.rows), nextCursor: result.nextCursor };
    }
    case 'saved': {
      const page = await savedJobPostsPage(ctx.tx, { ...base, cursor: options.cursor, limit });
      return { items: present(page.rows), nextCursor: page.nextCursor };
    }
    case 'applied': {
      const page = await appliedPostIdsPage(ctx.tx, {
        userId: viewer.userId,
        hubId: hub.id,
        hiddenFlows,
        cursor: options.cursor,
        limit,
      });
      return {
        items: present(await cardsByIds(ctx.tx, viewer.userId, page.ids)),
        nextCursor: page.nextCursor,
      };
    }
  }
}
