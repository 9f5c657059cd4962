import { GROUP_ADMIN_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import {
  createQuestion,
  decideMember,
  deleteQuestion,
  removeMember,
  updateMember,
  updateQuestion,
} from './group-admin.commands.js';
import { requireManagedGroup } from './groups.policy.js';
import { presentMember, presentQuestion } from './groups.presenter.js';
import { getMemberUser } from './groups.queries.js';

/** Group administration (issue #6 Group admin): members and registration questions, for those who manage the group. */
export const groupAdminRoutes: FastifyPluginAsync = async (app) => {
  for (const [endpoint, decision] of [
    [GROUP_ADMIN_ENDPOINTS.approveMember, 'approve'],
    [GROUP_ADMIN_ENDPOINTS.rejectMember, 'reject'],
  ] as const) {
    tenantRoute(app, endpoint, async (ctx, { params, request }) => {
      const { access } = await requireManagedGroup(ctx, { identifier: params.identifier, request });
      await decideMember(ctx, access, { userId: params.userId, decision });
      return { ok: true as const };
    });
  }

  tenantRoute(app, GROUP_ADMIN_ENDPOINTS.updateMember, async (ctx, { params, body, request }) => {
    const { access } = await requireManagedGroup(ctx, { identifier: params.identifier, request });
    const membership = await updateMember(ctx, access, { userId: params.userId, changes: body });
    return {
      member: presentMember(
        { membership, user: await getMemberUser(ctx.tx, membership.userId) },
        { isAnswersVisible: true },
      ),
    };
  });

  tenantRoute(app, GROUP_ADMIN_ENDPOINTS.removeMember, async (ctx, { params, request }) => {
    const { access } = await requireManagedGroup(ctx, { identifier: params.identifier, request });
    await removeMember(ctx, access, params.userId);
    return { ok: true as const };
  });

  tenantRoute(app, GROUP_ADMIN_ENDPOINTS.createQuestion, async (ctx, { params, body, request }) => {
    const { access } = await requireManagedGroup(ctx, { identifier: params.identifier, request });
    return { question: presentQuestion(await createQuestion(ctx, access, body)) };
  });

  tenantRoute(app, GROUP_ADMIN_ENDPOINTS.updateQuestion, async (ctx, { params, body, request }) => {
    const { access } = await requireManagedGroup(ctx, { identifier: params.identifier, request });
    return {
      question: presentQuestion(await updateQuestion(ctx, access, { questionId: params.questionId, body })),
    };
  });

  tenantRoute(app, GROUP_ADMIN_ENDPOINTS.deleteQuestion, async (ctx, { params, request }) => {
    const { access } = await requireManagedGroup(ctx, { identifier: params.identifier, request });
    await deleteQuestion(ctx, access, params.questionId);
    return { ok: true as const };
  });
};
