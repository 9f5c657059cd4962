import {
  PATHWAY_ADMIN_ENDPOINTS,
  PATHWAY_ENDPOINTS,
  type TAnswerData,
  type TPathwayDetail,
  type TPathwaysQuery,
  type TProfileQuestion,
} from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { tenantRoute } from '../../plugins/route.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { listQuestionsWithAnswers } from '../profile-questions/profile-questions.queries.js';
import { presentQuestion } from '../profile-questions/profile-questions.presenter.js';
import {
  copyPathway,
  createPathway,
  deletePathway,
  reviewStep,
  saveStepAnswer,
  startPathway,
  submitStep,
  updatePathway,
} from './pathways.commands.js';
import {
  mayManagePathways,
  maySeePathway,
  requirePathwayManager,
  requirePathwayMember,
  requirePathwaysShown,
  requireReviewScope,
  reviewerRoleFor,
  viewerAssignment,
  type TViewerPrograms,
} from './pathways.policy.js';
import {
  findStep,
  presentAdminPathway,
  presentAssignments,
  presentDetail,
  presentReviewItem,
  presentSummary,
} from './pathways.presenter.js';
import {
  answersOfResponse,
  assignmentsOf,
  findPathwayById,
  findPathwayBySlug,
  findReviewItem,
  ownFiles,
  pathwayStats,
  pathwaysPage,
  documentsByIds,
  pathwayTitles,
  pendingReviewsPage,
  personNames,
  profileAnswersOfUsers,
  responsesWithStatuses,
  viewerPathwayContext,
  type TAssignmentRow,
  type TPathwayWithHub,
  type TStepAnswerRow,
} from './pathways.queries.js';

/** What every pathway the viewer sees needs: their user type, program roles and the hub's assignments for them. */
async function viewerContext(ctx: TRequestContext) {
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer();
  const userTypeId = ctx.membership?.userTypeId ?? null;
  const { roles, assignments, respondedIds } = await viewerPathwayContext(ctx.tx, {
    hubId: hub.id,
    userId: viewer.user.id,
    userTypeId,
  });
  const programs: TViewerPrograms = new Map(
    roles.map((r) => [r.groupId, { role: r.role, timelines: r.settings.pathwayTimelines ?? {} }]),
  );
  const byPathway = new Map<string, TAssignmentRow[]>();
  for (const a of assignments) byPathway.set(a.pathwayId, [...(byPathway.get(a.pathwayId) ?? []), a]);
  const assignmentOf = (pathwayId: string) =>
    viewerAssignment({ assignments: byPathway.get(pathwayId) ?? [], userTypeId, programs });
  const assignedIds = [...byPathway.keys()].filter((id) => assignmentOf(id).isAssigned);
  return { hub, viewer, assignmentOf, assignedIds, respondedIds };
}

type TViewerContext = Awaited<ReturnType<typeof viewerContext>>;

/** Pathways of a page as summaries for the viewer. */
async function presentSummaries(ctx: TRequestContext, vc: TViewerContext, rows: readonly TPathwayWithHub[]) {
  const entries = await responsesWithStatuses(ctx.tx, {
    userId: vc.viewer.user.id,
    pathwayIds: rows.map((r) => r.pathway.id),
  });
  const titles = await pathwayTitles(
    ctx.tx,
    rows.flatMap((r) => (r.pathway.copiedFromId ? [r.pathway.copiedFromId] : [])),
  );
  const sourceOf = (id: string | null) => {
    const title = id === null ? undefined : titles.get(id);
    return id !== null && title !== undefined ? { id, title } : null;
  };
  const isManager = mayManagePathways(ctx);
  return rows.map(({ pathway, hub }) =>
    presentSummary({
      pathway,
      hub,
      entry: entries.get(pathway.id) ?? null,
      assignment:
        hub.id === vc.hub.id ? vc.assignmentOf(pathway.id) : { isAssigned: false, completedBy: null },
      copiedFrom: sourceOf(pathway.copiedFromId),
      can: {
        start: hub.id === vc.hub.id && pathway.status === 'published',
        edit: isManager && hub.id === vc.hub.id,
        delete: isManager && hub.id === vc.hub.id,
        copy: isManager && (pathway.isLibrary || hub.id === vc.hub.id),
      },
    }),
  );
}

/** The hub's pathway by slug that the viewer may see, else 404. */
async function loadPathway(ctx: TRequestContext, slug: string): Promise<TPathwayWithHub> {
  const hub = requirePathwayMember(ctx);
  await requirePathwaysShown(ctx);
  const found = await findPathwayBySlug(ctx.tx, { hubId: hub.id, slug });
  if (!found || !maySeePathway(ctx, found.pathway)) throw notFound('Pathway');
  return found;
}

/** One pathway with the viewer's answers, files, profile answers and reviews. */
async function loadDetail(ctx: TRequestContext, found: TPathwayWithHub): Promise<TPathwayDetail> {
  const vc = await viewerContext(ctx);
  const [summary] = await presentSummaries(ctx, vc, [found]);
  if (!summary) throw notFound('Pathway');
  const entries = await responsesWithStatuses(ctx.tx, {
    userId: vc.viewer.user.id,
    pathwayIds: [found.pathway.id],
  });
  const response = entries.get(found.pathway.id)?.response;
  const answers = response ? await answersOfResponse(ctx.tx, response.id) : new Map();
  const steps = found.pathway.form.sections.flatMap((s) => s.steps);
  const questionIds = steps.flatMap((s) => (s.kind === 'profileQuestion' ? [s.questionId] : []));
  const questions = new Map<string, TProfileQuestion>();
  if (questionIds.length > 0) {
    const rows = await listQuestionsWithAnswers(ctx, { hubId: vc.hub.id, userId: vc.viewer.user.id });
    for (const { question, answer } of rows)
      if (questionIds.includes(question.id)) questions.set(question.id, presentQuestion(question, answer));
  }
  const fileIds = [...answers.values()].flatMap((a) =>
    a.value?.kind === 'fileUpload' && a.value.fileId ? [a.value.fileId] : [],
  );
  const files = await ownFiles(ctx.tx, { userId: vc.viewer.user.id, ids: fileIds });
  const profileAnswers = new Map(
    [...questions.values()].flatMap((q) => (q.answer ? [[q.id, q.answer] as const] : [])),
  );
  const reviewerNames = await personNames(
    ctx.tx,
    [...answers.values()].flatMap((a) => (a.reviewedByUserId ? [a.reviewedByUserId] : [])),
  );
  return presentDetail({
    summary,
    pathway: found.pathway,
    answers,
    files,
    profileAnswers,
    questions,
    reviewerNames,
  });
}

/** A pathway of the request's hub by id for its managers, else 404. */
async function loadManagedPathway(ctx: TRequestContext, id: string): Promise<TPathwayWithHub> {
  const hub = requirePathwayManager(ctx);
  const found = await findPathwayById(ctx.tx, id);
  if (!found || found.pathway.hubId !== hub.id) throw notFound('Pathway');
  return found;
}

/** The admin view of a pathway. */
async function adminView(ctx: TRequestContext, found: TPathwayWithHub) {
  const assignments = presentAssignments(await assignmentsOf(ctx.tx, [found.pathway.id]));
  const stats = await pathwayStats(ctx.tx, found.pathway.id);
  const sourceId = found.pathway.copiedFromId;
  const sourceTitle = sourceId ? (await pathwayTitles(ctx.tx, [sourceId])).get(sourceId) : undefined;
  return {
    pathway: presentAdminPathway({
      pathway: found.pathway,
      hub: found.hub,
      assignments,
      stats,
      copiedFrom: sourceId && sourceTitle !== undefined ? { id: sourceId, title: sourceTitle } : null,
      can: { start: found.pathway.status === 'published', edit: true, delete: true, copy: true },
    }),
  };
}

/** What the answers of a review page show: the members' picked documents and profile answers (two statements). */
async function reviewExtras(
  ctx: TRequestContext,
  rows: ReadonlyArray<{ answer: TStepAnswerRow; pathway: TPathwayWithHub['pathway'] }>,
) {
  const fileIds = rows.flatMap((r) =>
    r.answer.value?.kind === 'fileUpload' && r.answer.value.fileId ? [r.answer.value.fileId] : [],
  );
  const questionIds = rows.flatMap((r) => {
    const step = findStep(r.pathway, r.answer.stepId)?.step;
    return step?.kind === 'profileQuestion' ? [step.questionId] : [];
  });
  const files = await documentsByIds(ctx.tx, fileIds);
  const answers = await profileAnswersOfUsers(ctx.tx, {
    userIds: rows.map((r) => r.answer.userId),
    questionIds,
  });
  return {
    files,
    profileAnswersOf: (userId: string): Map<string, TAnswerData> => answers.get(userId) ?? new Map(),
  };
}

/** Pathways (issue #20 item 1 and item 5 /api/pathways). */
export const pathwayRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, PATHWAY_ENDPOINTS.list, async (ctx, { query }) => {
    requirePathwayMember(ctx);
    const scope: TPathwaysQuery['scope'] = query.scope;
    if (scope === 'library' || scope === 'manage') requirePathwayManager(ctx);
    else await requirePathwaysShown(ctx);
    const vc = await viewerContext(ctx);
    const page = { cursor: query.cursor, limit: query.limit };
    const mine =
      scope === 'assigned' || scope === 'available'
        ? [...new Set([...vc.assignedIds, ...vc.respondedIds])]
        : [];
    const result =
      scope === 'library'
        ? await pathwaysPage(ctx.tx, { hubId: vc.hub.id, source: 'library', isDraftShown: false, page })
        : scope === 'manage'
          ? await pathwaysPage(ctx.tx, { hubId: vc.hub.id, source: 'hub', isDraftShown: true, page })
          : scope === 'assigned'
            ? await pathwaysPage(ctx.tx, {
                hubId: vc.hub.id,
                source: 'hub',
                isDraftShown: false,
                onlyIds: mine,
                page,
              })
            : await pathwaysPage(ctx.tx, {
                hubId: vc.hub.id,
                source: 'hub',
                isDraftShown: false,
                exceptIds: mine,
                page,
              });
    return { items: await presentSummaries(ctx, vc, result.rows), nextCursor: result.nextCursor };
  });

  tenantRoute(app, PATHWAY_ENDPOINTS.get, async (ctx, { params }) => {
    return { pathway: await loadDetail(ctx, await loadPathway(ctx, params.slug)) };
  });

  tenantRoute(app, PATHWAY_ENDPOINTS.start, async (ctx, { params }) => {
    const found = await loadPathway(ctx, params.slug);
    if (found.pathway.status !== 'published') throw notFound('Pathway');
    await startPathway(ctx, found.pathway);
    return { pathway: await loadDetail(ctx, found) };
  });

  tenantRoute(app, PATHWAY_ENDPOINTS.saveAnswer, async (ctx, { params, body }) => {
    const found = await loadPathway(ctx, params.slug);
    const saved = await saveStepAnswer(ctx, {
      pathway: found.pathway,
      stepId: params.stepId,
      value: body.value,
    });
    const detail = await loadDetail(ctx, found);
    const state = detail.sections.flatMap((s) => s.steps).find((s) => s.step.id === params.stepId)?.state;
    if (!state) throw notFound('Step');
    return { ...saved, state };
  });

  tenantRoute(app, PATHWAY_ENDPOINTS.submit, async (ctx, { params }) => {
    const found = await loadPathway(ctx, params.slug);
    await submitStep(ctx, { pathway: found.pathway, stepId: params.stepId });
    return { pathway: await loadDetail(ctx, found) };
  });

  tenantRoute(app, PATHWAY_ADMIN_ENDPOINTS.get, async (ctx, { params }) => {
    return adminView(ctx, await loadManagedPathway(ctx, params.id));
  });

  tenantRoute(app, PATHWAY_ADMIN_ENDPOINTS.create, async (ctx, { body }) => {
    const hub = requirePathwayManager(ctx);
    const row = await createPathway(ctx, body);
    return adminView(ctx, { pathway: row, hub: { id: hub.id, identifier: hub.identifier, name: hub.name } });
  });

  tenantRoute(app, PATHWAY_ADMIN_ENDPOINTS.update, async (ctx, { params, body }) => {
    const found = await loadManagedPathway(ctx, params.id);
    const row = await updatePathway(ctx, { pathway: found.pathway, body });
    return adminView(ctx, { pathway: row, hub: found.hub });
  });

  tenantRoute(app, PATHWAY_ADMIN_ENDPOINTS.delete, async (ctx, { params }) => {
    const found = await loadManagedPathway(ctx, params.id);
    await deletePathway(ctx, found.pathway);
    return undefined;
  });

  tenantRoute(app, PATHWAY_ADMIN_ENDPOINTS.copy, async (ctx, { params, body }) => {
    const hub = requirePathwayManager(ctx);
    const source = await findPathwayById(ctx.tx, params.id);
    const isCopyable =
      source !== null &&
      (source.pathway.hubId === hub.id ||
        (source.pathway.isLibrary && source.pathway.status === 'published'));
    if (!source || !isCopyable) throw notFound('Pathway');
    const row = await copyPathway(ctx, { source: source.pathway, title: body.title });
    return adminView(ctx, { pathway: row, hub: { id: hub.id, identifier: hub.identifier, name: hub.name } });
  });

  tenantRoute(app, PATHWAY_ADMIN_ENDPOINTS.reviews, async (ctx, { query }) => {
    const scope = await requireReviewScope(ctx);
    const page = await pendingReviewsPage(ctx.tx, {
      hubId: ctx.requireHub().id,
      userIds: scope.userIds,
      pathwayId: query.pathwayId,
      page: { cursor: query.cursor, limit: query.limit },
    });
    const extras = await reviewExtras(ctx, page.rows);
    return {
      items: page.rows.flatMap((r) => {
        const item = presentReviewItem({
          ...r,
          files: extras.files,
          profileAnswers: extras.profileAnswersOf(r.answer.userId),
          reviewerRole: scope.role,
        });
        return item ? [item] : [];
      }),
      nextCursor: page.nextCursor,
    };
  });

  for (const [endpoint, decision] of [
    [PATHWAY_ADMIN_ENDPOINTS.approve, 'approved'],
    [PATHWAY_ADMIN_ENDPOINTS.sendBack, 'sentBack'],
  ] as const) {
    tenantRoute(app, endpoint, async (ctx, { params, body }) => {
      await requireReviewScope(ctx);
      const hub = ctx.requireHub();
      const found = await findReviewItem(ctx.tx, params.id);
      if (!found || found.answer.hubId !== hub.id) throw notFound('Step');
      const role = await reviewerRoleFor(ctx, found.answer.userId);
      if (role === null) throw notFound('Step');
      const updated = await reviewStep(ctx, {
        answer: found.answer,
        pathway: found.pathway,
        decision,
        note: body.note,
      });
      const extras = await reviewExtras(ctx, [{ answer: updated, pathway: found.pathway }]);
      const item = presentReviewItem({
        answer: updated,
        pathway: found.pathway,
        member: found.member,
        files: extras.files,
        profileAnswers: extras.profileAnswersOf(updated.userId),
        reviewerRole: role,
      });
      if (!item) throw notFound('Step');
      const { can: _can, ...rest } = item;
      return { item: { ...rest, status: updated.status } };
    });
  }
};
