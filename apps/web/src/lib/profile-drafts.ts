import type { TSchoolItemInput, TWorkHistoryItemInput } from '@commons/contract';
import { validateDateRange } from '@commons/domain';

/** A work-history item as its form holds it: selects carry strings, '' meaning not chosen. */
export interface TWorkHistoryDraft {
  key: string;
  role: string;
  company: string;
  startMonth: string;
  startYear: string;
  endMonth: string;
  endYear: string;
  current: boolean;
}

/** A school item as its form holds it. */
export interface TSchoolDraft {
  key: string;
  schoolName: string;
  degreeType: string;
  majors: string;
  graduationYear: string;
  isGraduationYearHidden: boolean;
  extraFieldValue: string;
}

/** Form errors keyed like the server's `error.fields`: `items.{i}.{field}`. */
export type TItemErrors = Record<string, string>;

let draftCounter = 0;
/** A key unique within the page, so list rows keep their identity while edited. */
export function newDraftKey(): string {
  draftCounter += 1;
  return `draft-${draftCounter}`;
}

const numberOrNull = (value: string): number | null => (value === '' ? null : Number(value));
const stringOf = (value: number | null | undefined): string =>
  typeof value === 'number' ? String(value) : '';
const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** An empty work-history row. */
export function emptyWorkHistoryDraft(): TWorkHistoryDraft {
  return {
    key: newDraftKey(),
    role: '',
    company: '',
    startMonth: '',
    startYear: '',
    endMonth: '',
    endYear: '',
    current: false,
  };
}

/** The form row of a saved work-history item. */
export function workHistoryDraftOf(item: TWorkHistoryItemInput): TWorkHistoryDraft {
  return {
    key: newDraftKey(),
    role: item.role,
    company: item.company ?? '',
    startMonth: stringOf(item.startMonth),
    startYear: stringOf(item.startYear),
    endMonth: stringOf(item.endMonth),
    endYear: stringOf(item.endYear),
    current: item.current,
  };
}

/** The request item of a work-history row; an ongoing position sends no end. */
export function workHistoryInputOf(draft: TWorkHistoryDraft): TWorkHistoryItemInput {
  return {
    role: draft.role.trim(),
    company: textOrNull(draft.company),
    startMonth: numberOrNull(draft.startMonth),
    startYear: numberOrNull(draft.startYear),
    endMonth: draft.current ? null : numberOrNull(draft.endMonth),
    endYear: draft.current ? null : numberOrNull(draft.endYear),
    current: draft.current,
  };
}

/**
 * Browser-side check of work-history rows before saving: a role is required and each date range
 * follows spec 5 Date ranges with the exact messages of validateDateRange, keyed like the server.
 */
export function validateWorkHistoryDrafts(options: {
  drafts: readonly TWorkHistoryDraft[];
  now: Date;
  timeZone: string;
}): TItemErrors {
  const errors: TItemErrors = {};
  options.drafts.forEach((draft, index) => {
    const input = workHistoryInputOf(draft);
    if (input.role === '') errors[`items.${index}.role`] = 'Enter your role.';
    const rangeErrors = validateDateRange({
      startMonth: input.startMonth,
      startYear: input.startYear,
      endMonth: input.endMonth,
      endYear: input.endYear,
      isCurrent: input.current,
      now: options.now,
      timeZone: options.timeZone,
    });
    for (const [field, message] of Object.entries(rangeErrors)) errors[`items.${index}.${field}`] = message;
  });
  return errors;
}

/** An empty school row. */
export function emptySchoolDraft(): TSchoolDraft {
  return {
    key: newDraftKey(),
    schoolName: '',
    degreeType: '',
    majors: '',
    graduationYear: '',
    isGraduationYearHidden: false,
    extraFieldValue: '',
  };
}

/** The form row of a saved school item; majors are edited as a comma-separated list. */
export function schoolDraftOf(item: TSchoolItemInput): TSchoolDraft {
  return {
    key: newDraftKey(),
    schoolName: item.schoolName,
    degreeType: item.degreeType ?? '',
    majors: item.majors.join(', '),
    graduationYear: stringOf(item.graduationYear),
    isGraduationYearHidden: item.isGraduationYearHidden,
    extraFieldValue: item.extraFieldValue ?? '',
  };
}

/** The request item of a school row. */
export function schoolInputOf(draft: TSchoolDraft): TSchoolItemInput {
  return {
    schoolName: draft.schoolName.trim(),
    degreeType: textOrNull(draft.degreeType),
    majors: draft.majors
      .split(',')
      .map((major) => major.trim())
      .filter((major) => major !== ''),
    graduationYear: numberOrNull(draft.graduationYear),
    isGraduationYearHidden: draft.isGraduationYearHidden,
    extraFieldValue: textOrNull(draft.extraFieldValue),
  };
}

/** Browser-side check of school rows: a school name is required. */
export function validateSchoolDrafts(drafts: readonly TSchoolDraft[]): TItemErrors {
  const errors: TItemErrors = {};
  drafts.forEach((draft, index) => {
    if (draft.schoolName.trim() === '') errors[`items.${index}.schoolName`] = 'Enter the name of the school.';
  });
  return errors;
}
