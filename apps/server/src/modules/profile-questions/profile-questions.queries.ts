import type { TAnswerData } from '@commons/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { profileAnswers, profileQuestions } from '../../db/schema/index.js';
import type { THubRow, TRequestContext } from '../../plugins/request-context.js';
import type { TQuestionRow } from './profile-questions.presenter.js';

/** The hub's active questions in order, each with the user's stored answer (null when none). */
export async function listQuestionsWithAnswers(
  ctx: TRequestContext,
  options: { hubId: THubRow['id']; userId: string },
): Promise<Array<{ question: TQuestionRow; answer: TAnswerData | null }>> {
  const questions = await ctx.tx
    .select()
    .from(profileQuestions)
    .where(and(eq(profileQuestions.hubId, options.hubId), eq(profileQuestions.isActive, true)))
    .orderBy(asc(profileQuestions.order), asc(profileQuestions.id));
  const answers = questions.length
    ? await ctx.tx
        .select()
        .from(profileAnswers)
        .where(
          and(
            eq(profileAnswers.userId, options.userId),
            inArray(
              profileAnswers.questionId,
              questions.map((q) => q.id),
            ),
          ),
        )
    : [];
  return questions.map((question) => ({
    question,
    answer:
      (answers.find((a) => a.questionId === question.id)?.answerData as TAnswerData | undefined) ?? null,
  }));
}
