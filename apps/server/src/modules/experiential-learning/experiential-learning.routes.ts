import { EL_LISTS } from '@commons/domain';
import { EL_OVERVIEW_LIST_SIZE, EXPERIENTIAL_LEARNING_ENDPOINTS, type TElOverview } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { tenantRoute } from '../../plugins/route.js';
import { hiddenFlowsOf, requireJobsReader } from '../jobs/jobs.policy.js';
import { getJobSettings } from '../jobs/jobs.queries.js';
import {
  createParticipationReport,
  replaceInterests,
  reviewParticipationReport,
} from './experiential-learning.commands.js';
import { elListPage } from './experiential-learning.lists.js';
import { canReviewReports, mayReport, requireReviewer } from './experiential-learning.policy.js';
import {
  opportunityTypeOptions,
  presentInterests,
  presentReport,
} from './experiential-learning.presenter.js';
import {
  findReport,
  hubReportsPage,
  interestOptions,
  listInterests,
  myReportsPage,
} from './experiential-learning.queries.js';

/** The viewer's interests with their labels and the choices, under the hub's projects tab name. */
async function interestsResponse(ctx: TRequestContext, projectsTabName: string) {
  const hub = ctx.requireHub();
  const choices = await interestOptions(ctx.tx, hub.id);
  const interests = await listInterests(ctx.tx, { userId: ctx.requireViewer().user.id, hubId: hub.id });
  return presentInterests({
    interests,
    choices: { ...choices, opportunityType: opportunityTypeOptions(projectsTabName) },
  });
}

async function reportResponse(ctx: TRequestContext, id: string) {
  const record = await findReport(ctx.tx, { id, hubId: ctx.requireHub().id });
  if (!record) throw notFound('Report');
  return { report: presentReport(record) };
}

/** Experiential learning (issue #19 item 5): the page and its lists, interests, participation reports. */
export const experientialLearningRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, EXPERIENTIAL_LEARNING_ENDPOINTS.overview, async (ctx) => {
    const viewer = requireJobsReader(ctx);
    const settings = await getJobSettings(ctx.tx, ctx.requireHub().id);
    const hiddenFlows = hiddenFlowsOf(settings);
    const lists = {} as TElOverview['lists'];
    // One list after another: a transaction's queries share one connection.
    for (const list of EL_LISTS) {
      const page = await elListPage(ctx, { list, viewer, hiddenFlows, limit: EL_OVERVIEW_LIST_SIZE });
      lists[list] = { items: page.items, hasMore: page.nextCursor !== null };
    }
    const { interests } = await interestsResponse(ctx, settings.projectsTabName);
    return {
      tabName: settings.experiencesTabName,
      projectsTabName: settings.projectsTabName,
      lists,
      interests,
      location: ctx.requireViewer().user.location ?? null,
      can: { report: mayReport(ctx), review: canReviewReports(ctx) },
    };
  });

  tenantRoute(app, EXPERIENTIAL_LEARNING_ENDPOINTS.list, async (ctx, { params, query }) => {
    const viewer = requireJobsReader(ctx);
    const settings = await getJobSettings(ctx.tx, ctx.requireHub().id);
    return elListPage(ctx, { list: params.list, viewer, hiddenFlows: hiddenFlowsOf(settings), ...query });
  });

  tenantRoute(app, EXPERIENTIAL_LEARNING_ENDPOINTS.interests, async (ctx) => {
    requireJobsReader(ctx);
    const settings = await getJobSettings(ctx.tx, ctx.requireHub().id);
    return interestsResponse(ctx, settings.projectsTabName);
  });

  tenantRoute(app, EXPERIENTIAL_LEARNING_ENDPOINTS.updateInterests, async (ctx, { body }) => {
    await replaceInterests(ctx, body);
    const settings = await getJobSettings(ctx.tx, ctx.requireHub().id);
    return interestsResponse(ctx, settings.projectsTabName);
  });

  tenantRoute(app, EXPERIENTIAL_LEARNING_ENDPOINTS.report, async (ctx, { body }) => {
    const id = await createParticipationReport(ctx, body);
    return reportResponse(ctx, id);
  });

  tenantRoute(app, EXPERIENTIAL_LEARNING_ENDPOINTS.myReports, async (ctx, { query }) => {
    requireJobsReader(ctx);
    const { rows, nextCursor } = await myReportsPage(ctx.tx, {
      userId: ctx.requireViewer().user.id,
      hubId: ctx.requireHub().id,
      ...query,
    });
    return { items: rows.map(presentReport), nextCursor };
  });

  tenantRoute(app, EXPERIENTIAL_LEARNING_ENDPOINTS.reports, async (ctx, { query }) => {
    requireReviewer(ctx);
    const { rows, nextCursor } = await hubReportsPage(ctx.tx, { hubId: ctx.requireHub().id, ...query });
    return { items: rows.map(presentReport), nextCursor };
  });

  tenantRoute(app, EXPERIENTIAL_LEARNING_ENDPOINTS.review, async (ctx, { params, body }) => {
    await reviewParticipationReport(ctx, { id: params.id, decision: body.decision, note: body.note });
    return reportResponse(ctx, params.id);
  });
};
