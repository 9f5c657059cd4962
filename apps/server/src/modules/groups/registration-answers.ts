import type { TProgramAnswerValue, TProgramRole } from '@commons/contract';
import { programQuestionField } from '@commons/domain';
import type { TQuestionRow } from './groups.queries.js';

/** Whether a question is asked of a role: its own audience, every question for 'both'. */
export function isAskedOf(question: Pick<TQuestionRow, 'audience'>, role: TProgramRole): boolean {
  return role === 'both' || question.audience === 'both' || question.audience === role;
}

function isBlank(value: TProgramAnswerValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Checks registration answers for a role (spec 5 Program question fields): required questions are
 * answered; list answers come from the options, one unless multiple answers are allowed (select or
 * multi-select); video questions are a yes acknowledgment, required ones must be acknowledged; switch
 * answers are booleans; text is a string. Answers to questions not asked of the role are dropped.
 * Returns the answers to store, or the per-question messages.
 */
export function checkRegistrationAnswers(options: {
  questions: readonly TQuestionRow[];
  role: TProgramRole;
  answers: Readonly<Record<string, TProgramAnswerValue>>;
}): { answers: Record<string, TProgramAnswerValue>; errors: Record<string, string> } {
  const clean: Record<string, TProgramAnswerValue> = {};
  const errors: Record<string, string> = {};
  const known = new Set(options.questions.map((q) => q.id));
  for (const id of Object.keys(options.answers)) {
    if (!known.has(id)) errors[`answers.${id}`] = 'This question is not part of the program.';
  }
  for (const q of options.questions) {
    if (!isAskedOf(q, options.role)) continue;
    const key = `answers.${q.id}`;
    const value = options.answers[q.id];
    const field = programQuestionField({
      questionType: q.questionType,
      isRequired: q.isRequired,
      allowsMultiple: q.allowsMultiple,
    });
    if (field.control === 'acknowledgment') {
      if (value !== undefined && typeof value !== 'boolean') errors[key] = 'Answer yes or no.';
      else if (field.isRequired && value !== true) errors[key] = 'Please confirm you have watched the video.';
      else if (value !== undefined) clean[q.id] = value;
      continue;
    }
    if (isBlank(value)) {
      if (field.isRequired) errors[key] = 'This question is required.';
      continue;
    }
    if (field.control === 'switch') {
      if (typeof value !== 'boolean') errors[key] = 'Answer yes or no.';
      else clean[q.id] = value;
    } else if (field.control === 'select' || field.control === 'multiSelect') {
      const values = Array.isArray(value) ? value : typeof value === 'string' ? [value] : null;
      if (values === null || values.some((v) => !q.options.includes(v)))
        errors[key] = 'Choose from the listed options.';
      else if (field.control === 'select' && values.length > 1) errors[key] = 'Choose one option.';
      else clean[q.id] = field.control === 'select' ? (values[0] ?? '') : [...new Set(values)];
    } else if (typeof value !== 'string') {
      errors[key] = 'Write your answer as text.';
    } else {
      clean[q.id] = value.trim();
    }
  }
  return { answers: clean, errors };
}
