import type { TProgramQuestion } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { collectAnswers, questionField, questionTexts } from './registration-form';

function question(
  patch: Partial<TProgramQuestion> & Pick<TProgramQuestion, 'id' | 'questionType'>,
): TProgramQuestion {
  return {
    audience: 'both',
    texts: { both: { name: 'Question' } },
    options: [],
    allowsMultiple: false,
    isRequired: false,
    videoUrl: null,
    matchingWeight: 0,
    order: 0,
    ...patch,
  };
}

describe('registration form (spec 5 Program question fields)', () => {
  const industry = question({ id: 'i', questionType: 'list', options: ['Tech', 'Health'], isRequired: true });
  const topics = question({
    id: 't',
    questionType: 'list',
    options: ['CV'],
    allowsMultiple: true,
    texts: {
      mentee: { name: 'Topics', placeholder: '  ' },
      mentor: { name: 'You help with', placeholder: 'Pick' },
    },
  });
  const video = question({ id: 'v', questionType: 'video', isRequired: true });
  const goal = question({ id: 'g', questionType: 'text', audience: 'mentee', isRequired: true });

  it('renders lists as a select or a multi-select with the placeholder rules', () => {
    expect(questionField(industry, 'mentee')).toEqual({
      control: 'select',
      isRequired: true,
      placeholder: 'Select...',
    });
    expect(questionField(topics, 'mentee')).toEqual({
      control: 'multiSelect',
      isRequired: false,
      placeholder: 'Search Options...',
    });
    expect(questionField(topics, 'mentor').placeholder).toBe('Pick');
    expect(questionField(video, 'mentor').control).toBe('acknowledgment');
  });

  it('takes the text of the role, falling back to the shared text', () => {
    expect(questionTexts(topics, 'mentor').name).toBe('You help with');
    expect(questionTexts(industry, 'mentee').name).toBe('Question');
  });

  it('asks for required answers and the video acknowledgment of the role only', () => {
    expect(
      collectAnswers({ questions: [industry, topics, video, goal], role: 'mentor', drafts: {} }).errors,
    ).toEqual({
      i: 'This question is required.',
      v: 'Please confirm you have watched the video.',
    });
    expect(
      collectAnswers({
        questions: [industry, topics, video, goal],
        role: 'mentee',
        drafts: { i: 'Tech', t: ['CV'], v: true, g: ' Intern ' },
      }),
    ).toEqual({ answers: { i: 'Tech', t: ['CV'], v: true, g: 'Intern' }, errors: {} });
  });
});
