import type { TProfileQuestion } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { answerDraftOf, answerProblem, answerText, isAnswerGiven } from './profile-answers';

const question = (patch: Partial<TProfileQuestion>): TProfileQuestion => ({
  id: '00000000-0000-4000-8000-000000000001',
  questionType: 'text',
  audience: 'both',
  name: 'Your story',
  description: null,
  placeholder: null,
  options: [],
  allowsMultiple: false,
  isRequired: false,
  answer: null,
  ...patch,
});

describe('profile question answers (spec 3, spec 5 Profile answer saving)', () => {
  it('starts from the saved answer, else an empty one of the question type', () => {
    expect(answerDraftOf(question({ answer: { value: 'Saved' } }))).toBe('Saved');
    expect(answerDraftOf(question({}))).toBe('');
    expect(answerDraftOf(question({ questionType: 'list', allowsMultiple: true }))).toEqual([]);
    expect(answerDraftOf(question({ questionType: 'list' }))).toBe('');
    expect(answerDraftOf(question({ questionType: 'switch' }))).toBeNull();
    expect(answerDraftOf(question({ questionType: 'switch', answer: { value: false } }))).toBe(false);
  });

  it('names the 50 to 1000 character rule for a text answer only, counting text without markup', () => {
    expect(answerProblem(question({}), 'Too short')).toBe('Write at least 50 characters (9 so far).');
    expect(answerProblem(question({}), '<p>' + 'x'.repeat(50) + '</p>')).toBeNull();
    expect(answerProblem(question({}), 'x'.repeat(1001))).toBe(
      'Keep your answer to 1000 characters (1001 now).',
    );
    expect(answerProblem(question({}), '')).toBeNull();
    expect(answerProblem(question({ questionType: 'textLink' }), 'short')).toBeNull();
  });

  it('treats blank text, no choice and no rating as no answer, and No as an answer', () => {
    expect([' ', '<p></p>', [], null, Number.NaN].map(isAnswerGiven)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['Yes', ['A'], 3, false].map(isAnswerGiven)).toEqual([true, true, true, true]);
    expect([false, true, ['A', 'B'], 4, '', undefined].map(answerText)).toEqual([
      'No',
      'Yes',
      'A, B',
      '4',
      null,
      null,
    ]);
  });
});
