/**
 * Profile rules (spec 3 weights, spec 5 profile answers, career stories, work history, durations,
 * program question fields, spec 9 profile score).
 */
import { dayjs } from './time.js';

/** Profile health attributes and their weights (spec 3). */
export const PROFILE_HEALTH_WEIGHTS = {
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
} as const;

/** One profile health attribute. */
export type TProfileHealthAttribute = keyof typeof PROFILE_HEALTH_WEIGHTS;

/** Every profile health attribute, in the spec's order. */
export const PROFILE_HEALTH_ATTRIBUTES = Object.keys(PROFILE_HEALTH_WEIGHTS) as TProfileHealthAttribute[];

/**
 * The profile section (spec 2) where each health attribute is filled in; null for the name and headline
 * and the photo, which sit above the sections, and for the profile questions, which have their own page
 * part. An attribute whose section the owner's user type hides cannot be filled in and is not applicable.
 */
export const PROFILE_HEALTH_ATTRIBUTE_SECTION: Record<TProfileHealthAttribute, TProfileSection | null> = {
  headline: null,
  about: 'about',
  photoUrl: null,
  careerPathExpertise: 'help',
  location: 'about',
  schools: 'schools',
  workHistory: 'workHistory',
  helpOffer: 'help',
  additionalInfo: 'additionalInfo',
  demographicInfo: 'demographicInfo',
  dynamicProfile: null,
};

/**
 * Commons: the demographic fields a member may fill in (spec 3 demographicInfo is a free record and hub
 * settings define none), stored under these keys; values are free text so nobody has to pick a box.
 */
export const DEMOGRAPHIC_INFO_FIELDS = [
  { key: 'pronouns', label: 'Pronouns', description: 'For example: she/her, he/him, they/them' },
  { key: 'gender', label: 'Gender', description: 'In your own words.' },
  { key: 'race-ethnicity', label: 'Race or ethnicity', description: 'In your own words.' },
  {
    key: 'first-generation',
    label: 'First-generation college student',
    description: 'For example: Yes, No, or Prefer not to say',
  },
  { key: 'languages', label: 'Languages you speak', description: 'For example: English, Spanish' },
] as const;

/**
 * Profile score = round(sum of present weights × 100 / sum of applicable weights) (spec 9).
 * Attributes default to all applicable; a present attribute that is not applicable does not count;
 * with nothing applicable the score is 0.
 */
export function profileScore(options: {
  presentAttributes: readonly TProfileHealthAttribute[];
  applicableAttributes?: readonly TProfileHealthAttribute[];
}): number {
  const applicable = new Set(options.applicableAttributes ?? PROFILE_HEALTH_ATTRIBUTES);
  const present = new Set(options.presentAttributes.filter((attribute) => applicable.has(attribute)));
  const sum = (attributes: Iterable<TProfileHealthAttribute>): number =>
    [...attributes].reduce((total, attribute) => total + PROFILE_HEALTH_WEIGHTS[attribute], 0);
  const applicableWeight = sum(applicable);
  return applicableWeight === 0 ? 0 : Math.round((sum(present) * 100) / applicableWeight);
}

/** URL patterns of the generic default avatar, which counts as no photo (spec 3 User photoUrl). */
export const DEFAULT_AVATAR_PATTERN = /(?:^|[/_-])default[-_]?(?:avatar|profile|user)[^/]*$/i;

/** The profile picture counts if it is set, is not the default avatar, and loads (spec 5 Profile picture). */
export function isProfilePhotoPresent(options: {
  photoUrl: string | null | undefined;
  hasLoadFailed?: boolean;
}): boolean {
  const url = options.photoUrl?.trim() ?? '';
  if (url === '' || options.hasLoadFailed === true) return false;
  return !DEFAULT_AVATAR_PATTERN.test(url.replace(/[?#].*$/, ''));
}

/** A career-story item (spec 3). */
export interface TCareerStoryItem {
  value?: string | null;
  link?: string | null;
  audioSrc?: string | null;
  recorded?: boolean | null;
  isRecording?: boolean;
}

const isBlank = (text: string | null | undefined): boolean => (text ?? '').trim() === '';

/** A career-story item is empty with no value, link, audio source, recording or active recording (spec 5 Career-story item). */
export function isCareerStoryItemEmpty(item: TCareerStoryItem): boolean {
  return (
    isBlank(item.value) &&
    isBlank(item.link) &&
    isBlank(item.audioSrc) &&
    item.recorded !== true &&
    item.isRecording !== true
  );
}

const ENTITIES: Readonly<Record<string, string>> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Text of rich-text markup: tags removed, common entities decoded, whitespace collapsed and trimmed (spec 5 Profile answer saving). */
export function stripMarkup(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, code: string) => {
      const lower = code.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
      return ENTITIES[lower] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text answers are saved when their count is 50 to 1000 (spec 5, spec 9). */
export const TEXT_ANSWER_MIN_COUNT = 50;
/** See TEXT_ANSWER_MIN_COUNT. */
export const TEXT_ANSWER_MAX_COUNT = 1000;

/**
 * Why a text answer of `count` characters is not saved (spec 5: under 50 or over 1000 stays dirty), or
 * null when its length is fine; the server answers such a save with isSaved false and the page says this.
 */
export function textAnswerCountProblem(count: number): string | null {
  if (count < TEXT_ANSWER_MIN_COUNT)
    return `Write at least ${TEXT_ANSWER_MIN_COUNT} characters (${count} so far).`;
  if (count > TEXT_ANSWER_MAX_COUNT)
    return `Keep your answer to ${TEXT_ANSWER_MAX_COUNT} characters (${count} now).`;
  return null;
}

/**
 * Commons: the dynamicProfile health attribute (spec 3) is present when the member answered at least one
 * of the hub's active profile questions and every required one; a hub without questions cannot ask it.
 */
export function isDynamicProfileComplete(
  questions: ReadonlyArray<{ isRequired: boolean; isAnswered: boolean }>,
): boolean {
  return (
    questions.some((question) => question.isAnswered) &&
    questions.every((question) => question.isAnswered || !question.isRequired)
  );
}

/** Profile question types with saved answers (spec 3). */
export type TProfileQuestionType = 'text' | 'textLink' | 'likert' | 'rating';

/** A profile question answer as edited (spec 3 Profile question answer). */
export interface TProfileAnswerData {
  value?: unknown;
  prevAnswerData?: { value?: unknown; audioSrc?: string | null } | null;
  isDirty?: boolean;
  answerType?: 'audio' | string | null;
  audioSrc?: string | null;
  recorded?: boolean | null;
  link?: string | null;
  count?: number | null;
}

/** Whether an answer is saved, and whether it stays marked dirty (spec 5 Profile answer saving). */
export interface TProfileAnswerSaveDecision {
  shouldSave: boolean;
  isDirty: boolean;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Profile answer saving (spec 5): only dirty answers changed from their previous value; audio
 * only with a new audio source; empty text or likert never; a rating must be finite; text and
 * textLink not when empty after markup is stripped; text with a count under 50 or over 1000 stays
 * dirty but is not saved. The count is answerData.count, else the stripped text's length.
 */
export function profileAnswerSaveDecision(options: {
  questionType: TProfileQuestionType;
  answer: TProfileAnswerData;
}): TProfileAnswerSaveDecision {
  const { questionType, answer } = options;
  const notSaved = { shouldSave: false, isDirty: answer.isDirty === true };
  if (answer.isDirty !== true) return notSaved;
  if (answer.answerType === 'audio') {
    const hasNewSource = !isBlank(answer.audioSrc) && answer.audioSrc !== answer.prevAnswerData?.audioSrc;
    return hasNewSource ? { shouldSave: true, isDirty: false } : notSaved;
  }
  if (sameValue(answer.value, answer.prevAnswerData?.value)) return notSaved;
  if (questionType === 'rating') {
    return typeof answer.value === 'number' && Number.isFinite(answer.value)
      ? { shouldSave: true, isDirty: false }
      : notSaved;
  }
  if (questionType === 'likert') {
    const isEmpty =
      answer.value === null ||
      answer.value === undefined ||
      (typeof answer.value === 'string' && isBlank(answer.value));
    return isEmpty ? notSaved : { shouldSave: true, isDirty: false };
  }
  const text = typeof answer.value === 'string' ? stripMarkup(answer.value) : '';
  if (text === '') return notSaved;
  if (questionType === 'text') {
    const count = answer.count ?? text.length;
    if (count < TEXT_ANSWER_MIN_COUNT || count > TEXT_ANSWER_MAX_COUNT)
      return { shouldSave: false, isDirty: true };
  }
  return { shouldSave: true, isDirty: false };
}

/** Company value that is ignored on work-history items (spec 3 Work history item). */
export const IGNORED_COMPANY = 'Freelance';

/** The company shown for a work-history item: company or companyTitle, ignoring 'Freelance' (spec 3). */
export function workHistoryCompany(item: {
  company?: string | null;
  companyTitle?: string | null;
}): string | null {
  const name = (item.company ?? item.companyTitle ?? '').trim();
  if (name === '' || name.toLowerCase() === IGNORED_COMPANY.toLowerCase()) return null;
  return name;
}

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * Years-and-months text of a work-history or education entry (spec 5 Durations): needs a start
 * and an end, or current with a start. Months count inclusively (Jan-Mar is 3 months); without
 * months, whole years are counted and a same-year span reads 'Less than a year'. Null when the
 * start is missing or the end is before the start.
 */
export function durationText(options: {
  startMonth?: number | null;
  startYear?: number | null;
  endMonth?: number | null;
  endYear?: number | null;
  isCurrent: boolean;
  now: Date;
  timeZone: string;
}): string | null {
  const { startMonth, startYear } = options;
  if (typeof startYear !== 'number') return null;
  let endYear = options.endYear;
  let endMonth = options.endMonth;
  if (options.isCurrent) {
    const today = dayjs(options.now).tz(options.timeZone);
    endYear = today.year();
    endMonth = today.month() + 1;
  }
  if (typeof endYear !== 'number') return null;
  if (typeof startMonth !== 'number' || typeof endMonth !== 'number') {
    const years = endYear - startYear;
    if (years < 0) return null;
    return years === 0 ? 'Less than a year' : plural(years, 'year');
  }
  const months = endYear * 12 + endMonth - (startYear * 12 + startMonth) + 1;
  if (months < 1) return null;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years > 0 ? plural(years, 'year') : '', rest > 0 ? plural(rest, 'month') : '']
    .filter(Boolean)
    .join(' ');
}

/** A program registration question (spec 3 Profile question, spec 5 Program question fields). */
export interface TProgramQuestion {
  questionType: 'list' | 'video' | 'switch' | 'text' | string;
  isRequired?: boolean;
  allowsMultiple?: boolean;
  isSearchable?: boolean;
  placeholder?: string | null;
}

/** How a program question is rendered. */
export interface TProgramQuestionField {
  control: 'select' | 'multiSelect' | 'acknowledgment' | 'switch' | 'text';
  isRequired: boolean;
  placeholder: string;
}

/** Default list placeholder for a plain select (spec 5 Program question fields). */
export const SELECT_PLACEHOLDER = 'Select...';
/** Default list placeholder for a searchable select (spec 5 Program question fields). */
export const SEARCH_OPTIONS_PLACEHOLDER = 'Search Options...';

/**
 * Program question field (spec 5): required flag per question; video is a boolean acknowledgment;
 * list is a select, or a multi-select when multiple answers are allowed; the placeholder is used if
 * non-blank, else 'Search Options...' for searchable or multi-select lists and 'Select...' otherwise.
 */
export function programQuestionField(question: TProgramQuestion): TProgramQuestionField {
  const isRequired = question.isRequired === true;
  const custom = question.placeholder?.trim() ?? '';
  switch (question.questionType) {
    case 'video':
      return { control: 'acknowledgment', isRequired, placeholder: '' };
    case 'switch':
      return { control: 'switch', isRequired, placeholder: '' };
    case 'list': {
      const isMulti = question.allowsMultiple === true;
      const fallback =
        isMulti || question.isSearchable === true ? SEARCH_OPTIONS_PLACEHOLDER : SELECT_PLACEHOLDER;
      return {
        control: isMulti ? 'multiSelect' : 'select',
        isRequired,
        placeholder: custom !== '' ? custom : fallback,
      };
    }
    default:
      return { control: 'text', isRequired, placeholder: custom };
  }
}

/** Career-story writing nudges (spec 5 Career story nudges). */
export type TCareerStoryNudge =
  'getStarted' | 'shortAnswer' | 'completedPraise' | 'paragraphBreak' | 'sentenceBreak' | 'lowWordCount';

/** Seconds after which the get-started hint shows on an empty answer (spec 5). */
export const CAREER_STORY_GET_STARTED_SECONDS = 30;
/** Seconds after which the short-answer hint shows on a still-short answer (spec 5). */
export const CAREER_STORY_SHORT_ANSWER_SECONDS = 120;
/** Commons: an answer under this many words gets the low-word-count warning and counts as short. */
export const CAREER_STORY_MIN_WORDS = 50;
/** Commons: a paragraph longer than this many words gets the paragraph-break tip. */
export const CAREER_STORY_PARAGRAPH_WORDS = 150;
/** Commons: a sentence longer than this many words gets the sentence-break tip. */
export const CAREER_STORY_SENTENCE_WORDS = 40;

const wordsIn = (text: string): number => text.split(/\s+/).filter((word) => word !== '').length;

/**
 * Nudges for a career-story answer (spec 5): get-started at 30 s with nothing written, short-answer
 * at 120 s while under the word minimum, low-word-count once writing under the minimum, praise once
 * the minimum is reached, and paragraph/sentence-break tips for over-long paragraphs/sentences.
 */
export function careerStoryNudges(options: { text: string; elapsedSeconds: number }): TCareerStoryNudge[] {
  const text = options.text.trim();
  const words = wordsIn(text);
  const nudges: TCareerStoryNudge[] = [];
  if (words === 0) {
    if (options.elapsedSeconds >= CAREER_STORY_GET_STARTED_SECONDS) nudges.push('getStarted');
    return nudges;
  }
  if (words < CAREER_STORY_MIN_WORDS) {
    if (options.elapsedSeconds >= CAREER_STORY_SHORT_ANSWER_SECONDS) nudges.push('shortAnswer');
    nudges.push('lowWordCount');
  } else {
    nudges.push('completedPraise');
  }
  if (text.split(/\n\s*\n/).some((paragraph) => wordsIn(paragraph) > CAREER_STORY_PARAGRAPH_WORDS)) {
    nudges.push('paragraphBreak');
  }
  if (text.split(/[.!?]+/).some((sentence) => wordsIn(sentence) > CAREER_STORY_SENTENCE_WORDS))
    nudges.push('sentenceBreak');
  return nudges;
}

/** Profile sections (spec 2 Profile sections). */
export const PROFILE_SECTIONS = [
  'about',
  'workHistory',
  'schools',
  'health',
  'similarMatches',
  'help',
  'careerAdvice',
  'favorites',
  'linkAccounts',
  'groupPrograms',
  'customFields',
  'customParaFields',
  'additionalInfo',
  'demographicInfo',
  'jobPosts',
  'files',
  'companies',
  'events',
  'badges',
  'pathways',
  'groups',
  'programs',
  'videoAnswers',
  'myBookmarks',
] as const;

/** One profile section. */
export type TProfileSection = (typeof PROFILE_SECTIONS)[number];

/** A career-story prompt: a stable id (answers are stored by it) and the question shown. */
export interface TCareerStoryPrompt {
  id: string;
  text: string;
}

/** Commons: the prompts a hub asks unless its settings name its own (spec 2 careerAdvice). */
export const DEFAULT_CAREER_STORY_PROMPTS: readonly TCareerStoryPrompt[] = [
  { id: 'journey', text: 'How did you get where you are today?' },
  { id: 'wish-known', text: 'What do you wish you had known as a student?' },
  { id: 'advice', text: 'What advice would you give someone starting in your field?' },
];

/** Commons: the longest career-story answer, in characters. */
export const CAREER_STORY_MAX_VALUE_LENGTH = 5000;
