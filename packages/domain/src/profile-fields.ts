/**
 * Hub custom profile fields (issue #22 item 1; spec 3 User additionalInfo[] with id, slug, type including
 * paragraph, value and hub; spec 2 Profile sections customFields, customParaFields, additionalInfo): the
 * fields a hub admin defines and the rules for a member's answers. Pure: no I/O.
 */

/** The kinds of field an admin can define (spec 3 additionalInfo type, 'paragraph' for long text). */
export const PROFILE_FIELD_TYPES = [
  'text',
  'paragraph',
  'single-choice',
  'multi-choice',
  'number',
  'date',
] as const;

/** One kind of custom profile field. */
export type TProfileFieldType = (typeof PROFILE_FIELD_TYPES)[number];

/** How each kind is named to admins. */
export const PROFILE_FIELD_TYPE_LABELS: Record<TProfileFieldType, string> = {
  text: 'Short text',
  paragraph: 'Paragraph',
  'single-choice': 'Single choice',
  'multi-choice': 'Multiple choice',
  number: 'Number',
  date: 'Date',
};

/** Limits of a field's definition and of an answer. */
export const PROFILE_FIELD_LIMITS = {
  labelMax: 120,
  slugMax: 60,
  descriptionMax: 300,
  optionsMax: 30,
  optionMax: 100,
  textMax: 200,
  paragraphMax: 5000,
  fieldsPerHub: 50,
} as const;

/** A member's answer: text (also a number or a YYYY-MM-DD date, as text), the options chosen, or none. */
export type TProfileFieldValue = string | string[] | null;

/** What the answer rules need of a field. */
export interface TProfileFieldRule {
  type: TProfileFieldType;
  options: readonly string[];
  isRequired: boolean;
}

/** Does the type offer options to choose from. */
export function isChoiceFieldType(type: TProfileFieldType): boolean {
  return type === 'single-choice' || type === 'multi-choice';
}

/** An answer counts when it holds some text or at least one option. */
export function isProfileFieldAnswered(value: TProfileFieldValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  return value.trim() !== '';
}

/**
 * The answer as it is stored: text trimmed (a paragraph keeps its inner line breaks), blanks as no answer,
 * options without repeats in the field's order.
 */
export function normalizeProfileFieldValue(
  field: TProfileFieldRule,
  value: TProfileFieldValue,
): TProfileFieldValue {
  if (value === null) return null;
  if (Array.isArray(value)) {
    const chosen = new Set(value.map((option) => option.trim()));
    const ordered = field.options.filter((option) => chosen.has(option));
    const unknown = [...chosen].filter((option) => option !== '' && !field.options.includes(option));
    const all = [...ordered, ...unknown];
    return all.length === 0 ? null : all;
  }
  const text = field.type === 'paragraph' ? value.replace(/\r\n?/g, '\n').trim() : value.trim();
  return text === '' ? null : text;
}

const NUMBER_PATTERN = /^-?\d+(?:\.\d+)?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Is the text a real calendar day written YYYY-MM-DD. */
function isCalendarDay(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Why a member's answer cannot be saved for this field, in words for them; null when it can. The value is
 * checked after normalizeProfileFieldValue, so blanks are no answer.
 */
export function profileFieldValueProblem(field: TProfileFieldRule, raw: TProfileFieldValue): string | null {
  const value = normalizeProfileFieldValue(field, raw);
  if (value === null) return field.isRequired ? 'This answer is required.' : null;
  if (field.type === 'multi-choice') {
    if (!Array.isArray(value)) return 'Choose from the options.';
    if (value.some((option) => !field.options.includes(option))) return 'Choose from the options.';
    return null;
  }
  if (Array.isArray(value))
    return field.type === 'single-choice' ? 'Choose one option.' : 'Write a text answer.';
  switch (field.type) {
    case 'single-choice':
      return field.options.includes(value) ? null : 'Choose one of the options.';
    case 'number':
      return NUMBER_PATTERN.test(value) && value.length <= 20
        ? null
        : 'Enter a number, for example 42 or 3.5.';
    case 'date':
      return isCalendarDay(value) ? null : 'Enter a date as YYYY-MM-DD, for example 2027-05-20.';
    case 'paragraph':
      return value.length > PROFILE_FIELD_LIMITS.paragraphMax
        ? `Keep this under ${PROFILE_FIELD_LIMITS.paragraphMax} characters (it has ${value.length}).`
        : null;
    case 'text':
      if (/[\n\r]/.test(value)) return 'Write this on one line.';
      return value.length > PROFILE_FIELD_LIMITS.textMax
        ? `Keep this under ${PROFILE_FIELD_LIMITS.textMax} characters (it has ${value.length}).`
        : null;
  }
}

/** A field's definition as an admin writes it. */
export interface TProfileFieldDefinition {
  label: string;
  slug: string;
  type: TProfileFieldType;
  options: readonly string[];
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Problems of a field's definition keyed by its property ('options' or 'options.{i}'); empty when none. */
export function profileFieldDefinitionProblems(definition: TProfileFieldDefinition): Record<string, string> {
  const problems: Record<string, string> = {};
  const label = definition.label.trim();
  if (label === '') problems.label = 'Give the field a label.';
  else if (label.length > PROFILE_FIELD_LIMITS.labelMax)
    problems.label = `Keep the label under ${PROFILE_FIELD_LIMITS.labelMax} characters.`;
  if (!SLUG_PATTERN.test(definition.slug) || definition.slug.length > PROFILE_FIELD_LIMITS.slugMax)
    problems.slug = `Use lowercase letters, digits and single dashes (at most ${PROFILE_FIELD_LIMITS.slugMax}).`;
  if (isChoiceFieldType(definition.type)) {
    const options = definition.options.map((option) => option.trim());
    if (options.length < 2) problems.options = 'Add at least two options.';
    else if (options.length > PROFILE_FIELD_LIMITS.optionsMax)
      problems.options = `Offer at most ${PROFILE_FIELD_LIMITS.optionsMax} options.`;
    const seen = new Set<string>();
    options.forEach((option, index) => {
      const key = option.toLowerCase();
      if (option === '') problems[`options.${index}`] = 'Write the option, or remove it.';
      else if (option.length > PROFILE_FIELD_LIMITS.optionMax)
        problems[`options.${index}`] = `Keep an option under ${PROFILE_FIELD_LIMITS.optionMax} characters.`;
      else if (seen.has(key)) problems[`options.${index}`] = 'Another option already says this.';
      seen.add(key);
    });
  }
  return problems;
}

/** The options a field keeps: trimmed for choice fields, none for the others. */
export function profileFieldOptions(type: TProfileFieldType, options: readonly string[]): string[] {
  return isChoiceFieldType(type) ? options.map((option) => option.trim()) : [];
}

/** A slug made from a label ('Career goals' → 'career-goals'), for a field whose admin gave none. */
export function profileFieldSlug(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PROFILE_FIELD_LIMITS.slugMax)
    .replace(/-+$/g, '');
  return slug === '' ? 'field' : slug;
}

/** Is the field asked of a member of this user type: not archived, and for every type or theirs. */
export function isProfileFieldShownTo(
  field: { isArchived: boolean; userTypeIds: readonly string[] },
  userTypeId: string | null,
): boolean {
  if (field.isArchived) return false;
  return field.userTypeIds.length === 0 || (userTypeId !== null && field.userTypeIds.includes(userTypeId));
}

/**
 * Profile health additionalInfo (spec 3 weight 5): with required hub fields, every one of them answered;
 * otherwise any answer to a hub field or any item of the member's own.
 */
export function isAdditionalInfoPresent(options: {
  fields: ReadonlyArray<{ isRequired: boolean; isAnswered: boolean }>;
  hasOwnItem: boolean;
}): boolean {
  const required = options.fields.filter((field) => field.isRequired);
  if (required.length > 0) return required.every((field) => field.isAnswered);
  return options.hasOwnItem || options.fields.some((field) => field.isAnswered);
}
