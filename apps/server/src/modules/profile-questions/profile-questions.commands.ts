import type { TAnswerData, ZCreateProfileQuestionRequest } from '@commons/contract';
import { profileAnswerSaveDecision, stripMarkup, type TProfileQuestionType } from '@commons/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { profileAnswers, profileQuestions } from '../../db/schema/index.js';
import { notFound, validationError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import type { TQuestionRow } from './profile-questions.presenter.js';

/** Adds a question to the request's hub; a list question needs options. */
export async function createProfileQuestion(
  ctx: TRequestContext,
  input: z.output<typeof ZCreateProfileQuestionRequest>,
): Promise<TQuestionRow> {
  const hub = ctx.requireHub();
  if (input.questionType === 'list' && input.options.length === 0)
    throw validationError({ options: 'A list question needs options.' });
  const [row] = await ctx.tx
    .insert(profileQuestions)
    .values({ ...input, clusterId: ctx.clusterId, hubId: hub.id })
    .returning();
  if (!row) throw new Error('question insert returned no row');
  await ctx.audit({ action: 'profile_question.create', targetType: 'profile_question', targetId: row.id });
  return row;
}

/**
 * Whether an answer is saved: spec 5 Profile answer saving for text, textLink, likert and rating;
 * list answers must come from the options, switch and video acknowledgments are booleans.
 */
function answerDecision(
  q: TQuestionRow,
  answer: TAnswerData,
  previous: TAnswerData | null,
): { isSaved: boolean; isDirty: boolean } {
  if (q.questionType === 'list') {
    const values = Array.isArray(answer.value)
      ? answer.value
      : typeof answer.value === 'string'
        ? [answer.value]
        : [];
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
    answer: {
      ...answer,
      isDirty: true,
      prevAnswerData: previous ? { value: previous.value, audioSrc: previous.audioSrc ?? null } : null,
    },
  });
  return { isSaved: decision.shouldSave, isDirty: decision.isDirty };
}

/** Stores the viewer's answer to an active question of the request's hub when spec 5 says it is saved. */
export async function saveProfileAnswer(
  ctx: TRequestContext,
  input: { questionId: string; answerData: TAnswerData },
): Promise<{ isSaved: boolean; isDirty: boolean }> {
  const hub = ctx.requireHub();
  const viewer = ctx.requireViewer();
  const [question] = await ctx.tx
    .select()
    .from(profileQuestions)
    .where(
      and(
        eq(profileQuestions.id, input.questionId),
        eq(profileQuestions.hubId, hub.id),
        eq(profileQuestions.isActive, true),
      ),
    )
    .limit(1);
  if (!question) throw notFound('Question');
  const [stored] = await ctx.tx
    .select()
    .from(profileAnswers)
    .where(and(eq(profileAnswers.userId, viewer.user.id), eq(profileAnswers.questionId, question.id)))
    .limit(1);
  // The server counts a text answer's characters itself: a count sent by the client is not trusted (issue #16 item 8).
  const answerData: TAnswerData =
    typeof input.answerData.value === 'string'
      ? { ...input.answerData, count: stripMarkup(input.answerData.value).length }
      : { ...input.answerData, count: null };
  const decision = answerDecision(
    question,
    answerData,
    (stored?.answerData as TAnswerData | undefined) ?? null,
  );
  if (decision.isSaved) {
    await ctx.tx
      .insert(profileAnswers)
      .values({
        clusterId: ctx.clusterId,
        userId: viewer.user.id,
        questionId: question.id,
        answerData,
      })
      .onConflictDoUpdate({
        target: [profileAnswers.userId, profileAnswers.questionId],
        set: { answerData, updatedAt: ctx.now },
      });
  }
  return decision;
}
