import type { TProgramAnswerValue, TProgramQuestion, TProgramRole } from '@commons/contract';
import { programQuestionField, type TProgramQuestionField } from '@commons/domain';

/** Whether a question is asked of a role: its own audience, every question for 'both' (as the server). */
export function isAskedOf(question: Pick<TProgramQuestion, 'audience'>, role: TProgramRole): boolean {
  return role === 'both' || question.audience === 'both' || question.audience === role;
}

/** The question's text for a role: its own audience's, else the shared one, else any. */
export function questionTexts(question: TProgramQuestion, role: TProgramRole) {
  const { texts } = question;
  return (
    (role === 'both' ? undefined : texts[role]) ?? texts.both ?? texts.mentee ?? texts.mentor ?? { name: '' }
  );
}

/** How a question renders (spec 5 Program question fields) with the role's placeholder. */
export function questionField(question: TProgramQuestion, role: TProgramRole): TProgramQuestionField {
  return programQuestionField({
    questionType: question.questionType,
    isRequired: question.isRequired,
    allowsMultiple: question.allowsMultiple,
    placeholder: questionTexts(question, role).placeholder ?? null,
  });
}

/** A form value of a question before it becomes an answer. */
export type TAnswerDraft = string | string[] | boolean | null;

/** The empty value of each control. */
export function emptyDraft(field: TProgramQuestionField): TAnswerDraft {
  if (field.control === 'multiSelect') return [];
  if (field.control === 'acknowledgment' || field.control === 'switch') return false;
  if (field.control === 'select') return null;
  return '';
}

/**
 * Checks the drafts of the role's questions before sending (the server checks again): required
 * questions answered, required videos acknowledged. Returns the answers to send and messages by
 * question id.
 */
export function collectAnswers(options: {
  questions: readonly TProgramQuestion[];
  role: TProgramRole;
  drafts: Readonly<Record<string, TAnswerDraft>>;
}): { answers: Record<string, TProgramAnswerValue>; errors: Record<string, string> } {
  const answers: Record<string, TProgramAnswerValue> = {};
  const errors: Record<string, string> = {};
  for (const question of options.questions) {
    if (!isAskedOf(question, options.role)) continue;
    const field = questionField(question, options.role);
    const draft = options.drafts[question.id] ?? emptyDraft(field);
    if (field.control === 'acknowledgment') {
      if (field.isRequired && draft !== true)
        errors[question.id] = 'Please confirm you have watched the video.';
      else answers[question.id] = draft === true;
      continue;
    }
    if (field.control === 'switch') {
      answers[question.id] = draft === true;
      continue;
    }
    const isBlank =
      draft === null ||
      (typeof draft === 'string' && draft.trim() === '') ||
      (Array.isArray(draft) && draft.length === 0);
    if (isBlank) {
      if (field.isRequired) errors[question.id] = 'This question is required.';
      continue;
    }
    if (typeof draft === 'string' || Array.isArray(draft))
      answers[question.id] = typeof draft === 'string' ? draft.trim() : draft;
  }
  return { answers, errors };
}
