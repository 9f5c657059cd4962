import { PROFILE_QUESTION_ENDPOINTS } from '@commons/contract';
import type { FastifyPluginAsync } from 'fastify';
import { tenantRoute } from '../../plugins/route.js';
import { loadMyProfileAfterEdit } from '../profiles/profiles.completion.js';
import { requireOwnMembership } from '../signup/signup.policy.js';
import { createProfileQuestion, saveProfileAnswer } from './profile-questions.commands.js';
import { presentQuestion } from './profile-questions.presenter.js';
import { listQuestionsWithAnswers } from './profile-questions.queries.js';

/** Profile questions and custom answers per hub (issue #4 item 5). */
export const profileQuestionRoutes: FastifyPluginAsync = async (app) => {
  tenantRoute(app, PROFILE_QUESTION_ENDPOINTS.list, async (ctx) => {
    const hub = ctx.requireHub();
    const viewer = ctx.requireViewer();
    requireOwnMembership(ctx);
    const rows = await listQuestionsWithAnswers(ctx, { hubId: hub.id, userId: viewer.user.id });
    return { items: rows.map(({ question, answer }) => presentQuestion(question, answer)) };
  });

  tenantRoute(app, PROFILE_QUESTION_ENDPOINTS.create, async (ctx, { body }) => {
    ctx.requireHub();
    ctx.requireRight('custom-fields');
    return { question: presentQuestion(await createProfileQuestion(ctx, body), null) };
  });

  tenantRoute(app, PROFILE_QUESTION_ENDPOINTS.saveAnswer, async (ctx, { params, body }) => {
    ctx.requireHub();
    ctx.requireViewer();
    requireOwnMembership(ctx);
    const saved = await saveProfileAnswer(ctx, { questionId: params.id, answerData: body.answerData });
    // A required answer may bring the profile to 100 % (complete_profile action item, issue #18 item 4).
    if (saved.isSaved) await loadMyProfileAfterEdit(ctx);
    return saved;
  });
};
