import type { TAnswerData } from '@commons/contract';
import { programQuestionField } from '@commons/domain';
import type { profileQuestions } from '../../db/schema/index.js';

export type TQuestionRow = typeof profileQuestions.$inferSelect;
type TAnswerTypeName = 'text' | 'textLink' | 'likert' | 'rating' | 'list' | 'video' | 'switch';

/** A question as the viewer's audience reads it, with their answer. */
export function presentQuestion(q: TQuestionRow, answer: TAnswerData | null) {
  const texts = q.texts[q.audience] ?? q.texts.both ?? q.texts.mentee ?? q.texts.mentor ?? { name: '' };
  const field = programQuestionField({
    questionType: q.questionType,
    isRequired: q.isRequired,
    allowsMultiple: q.allowsMultiple,
    placeholder: texts.placeholder ?? null,
  });
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
