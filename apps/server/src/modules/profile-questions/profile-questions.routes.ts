import {
  PROFILE_QUESTION_PATHS,
  ZCreateProfileQuestionRequest,
  ZErrorBody,
  ZProfileQuestionResponse,
  ZProfileQuestionsResponse,
  ZQuestionParams,
  ZSaveAnswerRequest,
  ZSaveAnswerResponse,
  type TAnswerData,
} from '@commons/contract';
import { profileAnswerSaveDecision, programQuestionField, type TProfileQuestionType } from '@commons/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileAnswers, profileQuestions } from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import { requireOwnMembership } from '../signup/signup.policy.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
type TQuestionRow = typeof profileQuestions.$inferSelect;

function presentQuestion(q: TQuestionRow, answer: TAnswerData | null) {
  const texts = q.texts[q.audience] ?? q.texts.both ?? q.texts.mentee ?? q.texts.mentor ?? { name: '' };
  const field = programQuestionField({ questionType: q.questionType, isRequired: q.isRequired, allowsMultiple: q.allowsMultiple, placeholder: texts.placeholder ?? null });
  return {
    id: q.id,
    questionType: q.questionType as TAnswerTypeName,
    audience: q.audience,
    name: texts.name,
    description: texts.description ?? null,
    placeholder: field.placeholder || null,
    options: q.options,
    allowsMultiple: q.allowsMultiple,
    isRequired: q.isRequired,
    answer,
  };
}
type TAnswerTypeName = 'text' | 'textLink' | 'likert' | 'rating' | 'list' | 'video' | 'switch';

/**
 * Whether an answer is saved: spec 5 Profile answer saving for text, textLink, likert and rating;
 * list answers must come from the options, switch and video acknowledgments are booleans.
 */
function answerDecision(q: TQuestionRow, answer: TAnswerData, previous: TAnswerData | null): { isSaved: boolean; isDirty: boolean } {
  if (q.questionType === 'list') {
    const values = Array.isArray(answer.value) ? answer.value : typeof answer.value === 'string' ? [answer.value] : [];
    if (values.some((v) => !q.options.includes(v)) || (!q.allowsMultiple && values.length > 1)) {
      throw validationError({ 'answerData.value': 'Choose from the listed options.' });
    }
    const isChanged = JSON.stringify(answer.value) !== JSON.stringify(previous?.value);
    return { isSaved: isChanged && values.length > 0, isDirty: !isChanged ? false : values.length === 0 };
  }
  if (q.questionType === 'switch' || q.questionType === 'video') {
    if (typeof answer.value !== 'boolean') throw validationError({ 'answerData.value': 'Answer yes or no.' });
    return { isSaved: answer.value !== previous?.value, isDirty: false };
  }
  const decision = profileAnswerSaveDecision({
    questionType: q.questionType as TProfileQuestionType,
    answer: { ...answer, isDirty: true, prevAnswerData: previous ? { value: previous.value, audioSrc: previous.audioSrc ?? null } : null },
  });
  return { isSaved: decision.shouldSave, isDirty: decision.isDirty };
}

/** Profile questions and custom answers per hub (issue #4 item 5). */
export const profileQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PROFILE_QUESTION_PATHS.list,
    { schema: { tags: ['profile-questions'], summary: 'The hub’s active profile questions with my answers', response: { 200: ZProfileQuestionsResponse, ...errors } } },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        const hub = ctx.requireHub();
        const viewer = ctx.requireViewer();
        requireOwnMembership(ctx);
        const questions = await ctx.tx
          .select()
          .from(profileQuestions)
          .where(and(eq(profileQuestions.hubId, hub.id), eq(profileQuestions.isActive, true)))
          .orderBy(asc(profileQuestions.order), asc(profileQuestions.id));
        const answers = questions.length
          ? await ctx.tx
              .select()
              .from(profileAnswers)
              .where(and(eq(profileAnswers.userId, viewer.user.id), inArray(profileAnswers.questionId, questions.map((q) => q.id))))
          : [];
        return {
          items: questions.map((q) => presentQuestion(q, (answers.find((a) => a.questionId === q.id)?.answerData as TAnswerData | undefined) ?? null)),
        };
      }),
  );

  app.post(
    PROFILE_QUESTION_PATHS.list,
    { schema: { tags: ['profile-questions'], summary: 'Add a profile question to the hub (custom-fields right)', body: ZCreateProfileQuestionRequest, response: { 201: ZProfileQuestionResponse, ...errors } } },
    async (request, reply) => {
      const question = await request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        const hub = ctx.requireHub();
        ctx.requireRight('custom-fields');
        if (request.body.questionType === 'list' && request.body.options.length === 0) throw validationError({ options: 'A list question needs options.' });
        const [row] = await ctx.tx.insert(profileQuestions).values({ ...request.body, clusterId: ctx.clusterId, hubId: hub.id }).returning();
        if (!row) throw new Error('question insert returned no row');
        await ctx.audit({ action: 'profile_question.create', targetType: 'profile_question', targetId: row.id });
        return presentQuestion(row, null);
      });
      return reply.status(201).send({ question });
    },
  );

  app.put(
    PROFILE_QUESTION_PATHS.answer,
    { schema: { tags: ['profile-questions'], summary: 'Answer a profile question (saved per spec 5 rules)', params: ZQuestionParams, body: ZSaveAnswerRequest, response: { 200: ZSaveAnswerResponse, ...errors } } },
    async (request) =>
      request.tenant({ auth: 'required', hub: 'required' }, async (ctx) => {
        const hub = ctx.requireHub();
        const viewer = ctx.requireViewer();
        requireOwnMembership(ctx);
        const [question] = await ctx.tx
          .select()
          .from(profileQuestions)
          .where(and(eq(profileQuestions.id, request.params.id), eq(profileQuestions.hubId, hub.id), eq(profileQuestions.isActive, true)))
          .limit(1);
        if (!question) throw notFound('Question');
        const [stored] = await ctx.tx
          .select()
          .from(profileAnswers)
          .where(and(eq(profileAnswers.userId, viewer.user.id), eq(profileAnswers.questionId, question.id)))
          .limit(1);
        const decision = answerDecision(question, request.body.answerData, (stored?.answerData as TAnswerData | undefined) ?? null);
        if (decision.isSaved) {
          await ctx.tx
            .insert(profileAnswers)
            .values({ clusterId: ctx.clusterId, userId: viewer.user.id, questionId: question.id, answerData: request.body.answerData })
            .onConflictDoUpdate({ target: [profileAnswers.userId, profileAnswers.questionId], set: { answerData: request.body.answerData, updatedAt: ctx.now } });
        }
        return decision;
      }),
  );
};
