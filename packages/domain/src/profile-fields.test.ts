import { describe, expect, it } from 'vitest';
import {
  isAdditionalInfoPresent,
  isProfileFieldAnswered,
  isProfileFieldShownTo,
  normalizeProfileFieldValue,
  PROFILE_FIELD_LIMITS,
  profileFieldDefinitionProblems,
  profileFieldOptions,
  profileFieldSlug,
  profileFieldValueProblem,
  type TProfileFieldRule,
} from './profile-fields.js';

const field = (overrides: Partial<TProfileFieldRule> = {}): TProfileFieldRule => ({
  type: 'text',
  options: [],
  isRequired: false,
  ...overrides,
});

describe('profileFieldValueProblem', () => {
  it('accepts no answer to an optional field and refuses it for a required one', () => {
    expect(profileFieldValueProblem(field(), null)).toBeNull();
    expect(profileFieldValueProblem(field(), '   ')).toBeNull();
    expect(profileFieldValueProblem(field({ isRequired: true }), '  ')).toBe('This answer is required.');
    expect(
      profileFieldValueProblem(field({ type: 'multi-choice', options: ['A', 'B'], isRequired: true }), []),
    ).toBe('This answer is required.');
  });

  it('keeps a short text on one line and within its length, saying how long it is', () => {
    expect(profileFieldValueProblem(field(), 'Dune')).toBeNull();
    expect(profileFieldValueProblem(field(), 'one\ntwo')).toBe('Write this on one line.');
    const long = 'x'.repeat(PROFILE_FIELD_LIMITS.textMax + 1);
    expect(profileFieldValueProblem(field(), long)).toBe(
      `Keep this under ${PROFILE_FIELD_LIMITS.textMax} characters (it has ${long.length}).`,
    );
  });

  it('lets a paragraph hold line breaks up to its own limit', () => {
    const paragraph = field({ type: 'paragraph' });
    expect(profileFieldValueProblem(paragraph, 'First.\n\nSecond.')).toBeNull();
    expect(profileFieldValueProblem(paragraph, 'x'.repeat(PROFILE_FIELD_LIMITS.paragraphMax))).toBeNull();
    expect(profileFieldValueProblem(paragraph, 'x'.repeat(PROFILE_FIELD_LIMITS.paragraphMax + 1))).toMatch(
      /^Keep this under 5000 characters/,
    );
  });

  it('takes only the field’s options for choices', () => {
    const single = field({ type: 'single-choice', options: ['Yes', 'No'] });
    expect(profileFieldValueProblem(single, 'Yes')).toBeNull();
    expect(profileFieldValueProblem(single, 'Maybe')).toBe('Choose one of the options.');
    expect(profileFieldValueProblem(single, ['Yes'])).toBe('Choose one option.');
    const multi = field({ type: 'multi-choice', options: ['Red', 'Blue'] });
    expect(profileFieldValueProblem(multi, ['Blue', 'Red'])).toBeNull();
    expect(profileFieldValueProblem(multi, ['Green'])).toBe('Choose from the options.');
    expect(profileFieldValueProblem(multi, 'Red')).toBe('Choose from the options.');
  });

  it('checks numbers and real calendar days', () => {
    expect(profileFieldValueProblem(field({ type: 'number' }), '3.5')).toBeNull();
    expect(profileFieldValueProblem(field({ type: 'number' }), 'three')).toBe(
      'Enter a number, for example 42 or 3.5.',
    );
    expect(profileFieldValueProblem(field({ type: 'date' }), '2027-05-20')).toBeNull();
    expect(profileFieldValueProblem(field({ type: 'date' }), '2027-02-30')).toMatch(
      /^Enter a date as YYYY-MM-DD/,
    );
    expect(profileFieldValueProblem(field({ type: 'text' }), ['a'])).toBe('Write a text answer.');
  });
});

describe('normalizeProfileFieldValue', () => {
  it('trims text, keeps a paragraph’s inner breaks and makes blanks no answer', () => {
    expect(normalizeProfileFieldValue(field(), '  Dune ')).toBe('Dune');
    expect(normalizeProfileFieldValue(field({ type: 'paragraph' }), ' A\r\n\r\nB ')).toBe('A\n\nB');
    expect(normalizeProfileFieldValue(field(), '   ')).toBeNull();
  });

  it('puts chosen options in the field’s order without repeats', () => {
    const multi = field({ type: 'multi-choice', options: ['Red', 'Blue', 'Green'] });
    expect(normalizeProfileFieldValue(multi, ['Green', 'Red', 'Green'])).toEqual(['Red', 'Green']);
    expect(normalizeProfileFieldValue(multi, [])).toBeNull();
  });
});

describe('profileFieldDefinitionProblems', () => {
  it('needs a label, a slug of lowercase words and two different options for choices', () => {
    expect(
      profileFieldDefinitionProblems({ label: 'Goals', slug: 'goals', type: 'paragraph', options: [] }),
    ).toEqual({});
    expect(
      profileFieldDefinitionProblems({
        label: ' ',
        slug: 'Bad Slug',
        type: 'single-choice',
        options: ['Only'],
      }),
    ).toEqual({
      label: 'Give the field a label.',
      slug: 'Use lowercase letters, digits and single dashes (at most 60).',
      options: 'Add at least two options.',
    });
    expect(
      profileFieldDefinitionProblems({
        label: 'Pick',
        slug: 'pick',
        type: 'multi-choice',
        options: ['A', 'a', ''],
      }),
    ).toEqual({
      'options.1': 'Another option already says this.',
      'options.2': 'Write the option, or remove it.',
    });
  });

  it('keeps options only for choice fields', () => {
    expect(profileFieldOptions('text', ['A'])).toEqual([]);
    expect(profileFieldOptions('single-choice', [' A ', 'B'])).toEqual(['A', 'B']);
  });
});

describe('profileFieldSlug', () => {
  it('makes a slug from a label', () => {
    expect(profileFieldSlug('Career goals')).toBe('career-goals');
    expect(profileFieldSlug('  Café & Résumé! ')).toBe('cafe-resume');
    expect(profileFieldSlug('!!!')).toBe('field');
  });
});

describe('isProfileFieldShownTo', () => {
  it('shows a field to every type, or only to the types it names, and never once archived', () => {
    expect(isProfileFieldShownTo({ isArchived: false, userTypeIds: [] }, null)).toBe(true);
    expect(isProfileFieldShownTo({ isArchived: false, userTypeIds: ['s'] }, 's')).toBe(true);
    expect(isProfileFieldShownTo({ isArchived: false, userTypeIds: ['s'] }, 'a')).toBe(false);
    expect(isProfileFieldShownTo({ isArchived: true, userTypeIds: [] }, 's')).toBe(false);
  });
});

describe('isAdditionalInfoPresent', () => {
  it('needs every required hub field answered when there are any', () => {
    const fields = [
      { isRequired: true, isAnswered: true },
      { isRequired: true, isAnswered: false },
    ];
    expect(isAdditionalInfoPresent({ fields, hasOwnItem: true })).toBe(false);
    expect(
      isAdditionalInfoPresent({ fields: [{ isRequired: true, isAnswered: true }], hasOwnItem: false }),
    ).toBe(true);
  });

  it('otherwise counts any answer or any item of the member’s own', () => {
    expect(isAdditionalInfoPresent({ fields: [], hasOwnItem: false })).toBe(false);
    expect(isAdditionalInfoPresent({ fields: [], hasOwnItem: true })).toBe(true);
    expect(
      isAdditionalInfoPresent({ fields: [{ isRequired: false, isAnswered: true }], hasOwnItem: false }),
    ).toBe(true);
    expect(isProfileFieldAnswered(['x'])).toBe(true);
    expect(isProfileFieldAnswered(' ')).toBe(false);
  });
});
