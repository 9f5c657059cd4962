import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  careerStoryNudges,
  durationText,
  DEMOGRAPHIC_INFO_FIELDS,
  isCareerStoryItemEmpty,
  isDynamicProfileComplete,
  isProfilePhotoPresent,
  PROFILE_HEALTH_ATTRIBUTE_SECTION,
  PROFILE_HEALTH_ATTRIBUTES,
  PROFILE_HEALTH_WEIGHTS,
  PROFILE_SECTIONS,
  profileAnswerSaveDecision,
  profileScore,
  programQuestionField,
  stripMarkup,
  textAnswerCountProblem,
  type TProfileHealthAttribute,
  workHistoryCompany,
} from './profile.js';

describe('profileScore (spec 9, weights of spec 3)', () => {
  it('has the spec weights summing to 135', () => {
    expect(PROFILE_HEALTH_WEIGHTS).toEqual({
      headline: 15,
      about: 5,
      photoUrl: 20,
      careerPathExpertise: 15,
      location: 10,
      schools: 20,
      workHistory: 20,
      helpOffer: 10,
      additionalInfo: 5,
      demographicInfo: 5,
      dynamicProfile: 10,
    });
    expect(Object.values(PROFILE_HEALTH_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(135);
  });

  it.each([
    ['nothing present', [], undefined, 0],
    ['everything present', [...PROFILE_HEALTH_ATTRIBUTES], undefined, 100],
    ['photo only', ['photoUrl'], undefined, 15],
    ['headline and about of all', ['headline', 'about'], undefined, 15],
    ['headline of headline+about', ['headline'], ['headline', 'about'], 75],
    ['present but not applicable', ['helpOffer'], ['headline'], 0],
    ['nothing applicable', ['headline'], [], 0],
    ['rounds half up', ['about'], ['about', 'headline', 'location', 'demographicInfo', 'additionalInfo'], 13],
  ] as Array<[string, TProfileHealthAttribute[], TProfileHealthAttribute[] | undefined, number]>)(
    '%s scores %d',
    (_label, presentAttributes, applicableAttributes, score) => {
      expect(profileScore({ presentAttributes, applicableAttributes })).toBe(score);
    },
  );

  it('is an integer from 0 to 100 and equals the formula (property)', () => {
    const attributes = fc.subarray([...PROFILE_HEALTH_ATTRIBUTES]);
    fc.assert(
      fc.property(attributes, attributes, (present, applicable) => {
        const score = profileScore({ presentAttributes: present, applicableAttributes: applicable });
        const weight = (list: TProfileHealthAttribute[]): number =>
          list.reduce((s, a) => s + PROFILE_HEALTH_WEIGHTS[a], 0);
        const applicableWeight = weight(applicable);
        const presentWeight = weight(present.filter((a) => applicable.includes(a)));
        expect(score).toBe(applicableWeight === 0 ? 0 : Math.round((presentWeight * 100) / applicableWeight));
        expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
      }),
    );
  });
});

describe('isProfilePhotoPresent (spec 3, spec 5 Profile picture)', () => {
  it.each([
    ['https://cdn.example/u/1/photo.jpg', undefined, true],
    ['https://cdn.example/u/1/photo.jpg', true, false],
    ['https://cdn.example/assets/default-avatar.png', undefined, false],
    ['https://cdn.example/assets/default_avatar.svg?v=2', undefined, false],
    ['https://cdn.example/img/defaultProfile.png', undefined, false],
    ['https://cdn.example/u/default-avatar-fan/photo.jpg', undefined, true],
    ['', undefined, false],
    [null, undefined, false],
    [undefined, false, false],
  ])('%j (load failed %j) counts=%s', (photoUrl, hasLoadFailed, expected) => {
    expect(isProfilePhotoPresent({ photoUrl, hasLoadFailed })).toBe(expected);
  });
});

describe('isCareerStoryItemEmpty (spec 5)', () => {
  it.each([
    [{}, true],
    [{ value: '  ', link: '', audioSrc: null, recorded: false }, true],
    [{ value: 'My story' }, false],
    [{ link: 'https://example.edu' }, false],
    [{ audioSrc: 'blob:1' }, false],
    [{ recorded: true }, false],
    [{ isRecording: true }, false],
  ])('%j is empty=%s', (item, expected) => {
    expect(isCareerStoryItemEmpty(item)).toBe(expected);
  });
});

describe('stripMarkup (spec 5 Profile answer saving)', () => {
  it.each([
    ['<p>Hello <b>world</b></p>', 'Hello world'],
    ['<p><br></p>', ''],
    ['&nbsp;&amp;&lt;&gt;&quot;&apos;', '&<>"\''],
    ['&#65;&#x42;', 'AB'],
    ['&unknown;', '&unknown;'],
  ])('%j → %j', (html, text) => {
    expect(stripMarkup(html)).toBe(text);
  });
});

describe('profileAnswerSaveDecision (spec 5 Profile answer saving)', () => {
  const long = 'x'.repeat(60);
  it.each([
    ['not dirty', 'text', { value: long, isDirty: false }, false, false],
    ['unchanged', 'text', { value: long, isDirty: true, prevAnswerData: { value: long } }, false, true],
    ['changed text of 60', 'text', { value: long, isDirty: true }, true, false],
    ['text count 49', 'text', { value: long, isDirty: true, count: 49 }, false, true],
    ['text count 50', 'text', { value: long, isDirty: true, count: 50 }, true, false],
    ['text count 1000', 'text', { value: long, isDirty: true, count: 1000 }, true, false],
    ['text count 1001', 'text', { value: long, isDirty: true, count: 1001 }, false, true],
    ['text of 49 characters without count', 'text', { value: 'y'.repeat(49), isDirty: true }, false, true],
    ['text empty after markup', 'text', { value: '<p> </p>', isDirty: true }, false, true],
    ['text not a string', 'text', { value: 42, isDirty: true }, false, true],
    ['textLink with short text', 'textLink', { value: 'see this', isDirty: true }, true, false],
    ['textLink empty after markup', 'textLink', { value: '<br>', isDirty: true }, false, true],
    ['likert empty', 'likert', { value: '', isDirty: true, prevAnswerData: { value: 'agree' } }, false, true],
    [
      'likert null',
      'likert',
      { value: null, isDirty: true, prevAnswerData: { value: 'agree' } },
      false,
      true,
    ],
    ['likert chosen', 'likert', { value: 'agree', isDirty: true }, true, false],
    ['likert numeric', 'likert', { value: 4, isDirty: true }, true, false],
    ['rating finite', 'rating', { value: 4, isDirty: true }, true, false],
    ['rating NaN', 'rating', { value: Number.NaN, isDirty: true }, false, true],
    ['rating Infinity', 'rating', { value: Number.POSITIVE_INFINITY, isDirty: true }, false, true],
    ['rating string', 'rating', { value: '4', isDirty: true }, false, true],
    [
      'audio with a new source',
      'text',
      { answerType: 'audio', audioSrc: 'blob:2', isDirty: true, prevAnswerData: { audioSrc: 'blob:1' } },
      true,
      false,
    ],
    [
      'audio with the same source',
      'text',
      { answerType: 'audio', audioSrc: 'blob:1', isDirty: true, prevAnswerData: { audioSrc: 'blob:1' } },
      false,
      true,
    ],
    ['audio without source', 'text', { answerType: 'audio', audioSrc: null, isDirty: true }, false, true],
  ] as const)('%s: %s save=%s dirty=%s', (_label, questionType, answer, shouldSave, isDirty) => {
    expect(profileAnswerSaveDecision({ questionType, answer })).toEqual({ shouldSave, isDirty });
  });

  it('saves a dirty changed text exactly when its count is 50..1000 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (count) => {
        const decision = profileAnswerSaveDecision({
          questionType: 'text',
          answer: { value: 'Some answer', isDirty: true, count },
        });
        expect(decision.shouldSave).toBe(count >= 50 && count <= 1000);
        expect(decision.isDirty).toBe(!decision.shouldSave);
      }),
    );
  });
});

describe('textAnswerCountProblem (spec 5 Profile answer saving)', () => {
  it.each([
    [0, 'Write at least 50 characters (0 so far).'],
    [49, 'Write at least 50 characters (49 so far).'],
    [50, null],
    [1000, null],
    [1001, 'Keep your answer to 1000 characters (1001 now).'],
  ])('%i → %j', (count, problem) => {
    expect(textAnswerCountProblem(count)).toBe(problem);
  });

  it('names a problem exactly when profileAnswerSaveDecision keeps a text dirty (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (count) => {
        const decision = profileAnswerSaveDecision({
          questionType: 'text',
          answer: { value: 'Some answer', isDirty: true, count },
        });
        expect(textAnswerCountProblem(count) === null).toBe(decision.shouldSave);
      }),
    );
  });
});

describe('isDynamicProfileComplete (Commons, spec 3 dynamicProfile)', () => {
  it.each([
    ['no questions', [], false],
    ['nothing answered', [{ isRequired: false, isAnswered: false }], false],
    ['one optional answered', [{ isRequired: false, isAnswered: true }], true],
    [
      'a required one left',
      [
        { isRequired: false, isAnswered: true },
        { isRequired: true, isAnswered: false },
      ],
      false,
    ],
    [
      'every required answered, an optional left',
      [
        { isRequired: true, isAnswered: true },
        { isRequired: false, isAnswered: false },
      ],
      true,
    ],
  ])('%s → %s', (_label, questions, isComplete) => {
    expect(isDynamicProfileComplete(questions)).toBe(isComplete);
  });
});

describe('PROFILE_HEALTH_ATTRIBUTE_SECTION and DEMOGRAPHIC_INFO_FIELDS', () => {
  it('names a spec 2 profile section or none for every health attribute', () => {
    for (const attribute of PROFILE_HEALTH_ATTRIBUTES) {
      const section = PROFILE_HEALTH_ATTRIBUTE_SECTION[attribute];
      if (section !== null) expect(PROFILE_SECTIONS).toContain(section);
    }
  });

  it('has distinct demographic keys that fit the request record (at most 80 characters)', () => {
    const keys = DEMOGRAPHIC_INFO_FIELDS.map((field) => field.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(80);
  });
});

describe('workHistoryCompany (spec 3)', () => {
  it.each([
    [{ company: 'Acme' }, 'Acme'],
    [{ companyTitle: 'Globex' }, 'Globex'],
    [{ company: 'Freelance' }, null],
    [{ company: ' freelance ' }, null],
    [{ company: null, companyTitle: null }, null],
    [{}, null],
  ])('%j shows %j', (item, expected) => {
    expect(workHistoryCompany(item)).toBe(expected);
  });
});

describe('durationText (spec 5 Durations)', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const timeZone = 'UTC';
  it.each([
    [
      'Jan to Mar of one year',
      { startMonth: 1, startYear: 2020, endMonth: 3, endYear: 2020, isCurrent: false },
      '3 months',
    ],
    [
      'one month',
      { startMonth: 5, startYear: 2020, endMonth: 5, endYear: 2020, isCurrent: false },
      '1 month',
    ],
    [
      'exactly a year',
      { startMonth: 1, startYear: 2020, endMonth: 12, endYear: 2020, isCurrent: false },
      '1 year',
    ],
    [
      'years and a month',
      { startMonth: 1, startYear: 2018, endMonth: 1, endYear: 2020, isCurrent: false },
      '2 years 1 month',
    ],
    ['current with a start', { startMonth: 1, startYear: 2024, isCurrent: true }, '1 year 6 months'],
    ['years only', { startYear: 2015, endYear: 2020, isCurrent: false }, '5 years'],
    ['one year only', { startYear: 2019, endYear: 2020, isCurrent: false }, '1 year'],
    ['same year only', { startYear: 2020, endYear: 2020, isCurrent: false }, 'Less than a year'],
    [
      'end before start',
      { startMonth: 5, startYear: 2020, endMonth: 4, endYear: 2020, isCurrent: false },
      null,
    ],
    ['end year before start year', { startYear: 2021, endYear: 2020, isCurrent: false }, null],
    ['no start', { endMonth: 4, endYear: 2020, isCurrent: false }, null],
    ['no end and not current', { startMonth: 4, startYear: 2020, isCurrent: false }, null],
  ])('%s gives %j', (_label, input, expected) => {
    expect(durationText({ ...input, now, timeZone })).toBe(expected);
  });
});

describe('programQuestionField (spec 5 Program question fields)', () => {
  it.each([
    [{ questionType: 'list' }, { control: 'select', isRequired: false, placeholder: 'Select...' }],
    [
      { questionType: 'list', isSearchable: true },
      { control: 'select', isRequired: false, placeholder: 'Search Options...' },
    ],
    [
      { questionType: 'list', allowsMultiple: true, isRequired: true },
      { control: 'multiSelect', isRequired: true, placeholder: 'Search Options...' },
    ],
    [
      { questionType: 'list', placeholder: 'Pick a major' },
      { control: 'select', isRequired: false, placeholder: 'Pick a major' },
    ],
    [
      { questionType: 'list', placeholder: '   ' },
      { control: 'select', isRequired: false, placeholder: 'Select...' },
    ],
    [
      { questionType: 'video', isRequired: true },
      { control: 'acknowledgment', isRequired: true, placeholder: '' },
    ],
    [{ questionType: 'switch' }, { control: 'switch', isRequired: false, placeholder: '' }],
    [
      { questionType: 'text', placeholder: 'Tell us' },
      { control: 'text', isRequired: false, placeholder: 'Tell us' },
    ],
    [{ questionType: 'text' }, { control: 'text', isRequired: false, placeholder: '' }],
  ])('%j renders as %j', (question, field) => {
    expect(programQuestionField(question)).toEqual(field);
  });
});

describe('careerStoryNudges (spec 5 Career story nudges)', () => {
  const words = (n: number): string => Array.from({ length: n }, () => 'word').join(' ');
  it.each([
    ['empty at 29 s', '', 29, []],
    ['empty at 30 s', '', 30, ['getStarted']],
    ['short at 119 s', words(10), 119, ['lowWordCount']],
    ['short at 120 s', words(10), 120, ['shortAnswer', 'lowWordCount']],
    ['long enough', `${words(30)}. ${words(30)}.`, 200, ['completedPraise']],
    ['one huge paragraph', `${words(30)}. `.repeat(6), 10, ['completedPraise', 'paragraphBreak']],
    ['one huge sentence', words(60), 10, ['completedPraise', 'sentenceBreak']],
  ])('%s gives %j', (_label, text, elapsedSeconds, nudges) => {
    expect(careerStoryNudges({ text, elapsedSeconds })).toEqual(nudges);
  });
});

describe('profile sections (spec 2)', () => {
  it('lists the 24 sections', () => {
    expect(PROFILE_SECTIONS).toHaveLength(24);
    expect(PROFILE_SECTIONS[0]).toBe('about');
  });
});
