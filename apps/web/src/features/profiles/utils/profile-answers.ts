import type { TProfileQuestion } from '@commons/contract';
import { stripMarkup, textAnswerCountProblem } from '@commons/domain';
import type { TAnswerValue } from '../api/profile-questions';

/** Commons: the scale of a likert question that names no options of its own. */
export const DEFAULT_LIKERT_OPTIONS = [
  'Strongly disagree',
  'Disagree',
  'Neutral',
  'Agree',
  'Strongly agree',
] as const;
/** The scale of a rating question. */
export const RATING_VALUES = [1, 2, 3, 4, 5] as const;

/** The editor's starting value of a question: its saved answer, else an empty one of its type. */
export function answerDraftOf(question: TProfileQuestion): TAnswerValue {
  const saved = question.answer?.value;
  if (saved !== undefined && saved !== null) return saved;
  // An unanswered yes/no or rating starts at null, so choosing No (false) is an answer too.
  switch (question.questionType) {
    case 'switch':
    case 'video':
    case 'rating':
      return null;
    case 'list':
      return question.allowsMultiple ? [] : '';
    default:
      return '';
  }
}

/** Whether two answer values are the same (arrays by content). */
export function isSameAnswer(a: TAnswerValue, b: TAnswerValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether a value is an answer at all: blank text, no choice or no rating is left unsent (spec 5). */
export function isAnswerGiven(value: TAnswerValue): boolean {
  if (typeof value === 'string') return stripMarkup(value) !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'boolean';
}

/** The characters a text answer counts, as the server counts them (markup stripped). */
export function answerCount(value: TAnswerValue): number {
  return typeof value === 'string' ? stripMarkup(value).length : 0;
}

/** Why an answer would not be saved, shown at its question: only a text answer outside 50–1000 characters. */
export function answerProblem(question: TProfileQuestion, value: TAnswerValue): string | null {
  if (question.questionType !== 'text' || !isAnswerGiven(value)) return null;
  return textAnswerCountProblem(answerCount(value));
}

/** An answer as the profile shows it. */
export function answerText(value: TAnswerValue | undefined): string | null {
  if (value === undefined || value === null || !isAnswerGiven(value)) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}
