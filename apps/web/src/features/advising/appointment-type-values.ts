import type { TAdminAppointmentType, TAppointmentTypeRequest } from '@commons/contract';
import {
  appointmentTypeProblems,
  DEFAULT_APPOINTMENT_TYPE_SETTINGS,
  formatDurationHoursMinutes,
  type TMeetingMedium,
} from '@commons/domain';

/** Units the minimum notice is typed in. */
export const NOTICE_UNITS = ['minutes', 'hours', 'days'] as const;
export type TNoticeUnit = (typeof NOTICE_UNITS)[number];
const MINUTES_PER: Readonly<Record<TNoticeUnit, number>> = { minutes: 1, hours: 60, days: 24 * 60 };

/** An appointment type as its form edits it: numbers as typed, the notice as an amount and a unit. */
export type TAppointmentTypeValues = {
  name: string;
  description: string;
  durationMinutes: string;
  medium: TMeetingMedium;
  location: string;
  phone: string;
  videoUrl: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  noticeAmount: string;
  noticeUnit: TNoticeUnit;
  maxDaysAhead: string;
  /** '' is no limit. */
  maxPerDay: string;
  userTypeIds: string[];
  programIds: string[];
  topicIds: string[];
  isActive: boolean;
};

/** A notice in minutes as the largest whole unit: 1440 → 1 day, 90 → 90 minutes, 120 → 2 hours. */
export function noticeParts(minutes: number): { amount: string; unit: TNoticeUnit } {
  if (minutes > 0 && minutes % MINUTES_PER.days === 0)
    return { amount: String(minutes / MINUTES_PER.days), unit: 'days' };
  if (minutes > 0 && minutes % MINUTES_PER.hours === 0)
    return { amount: String(minutes / MINUTES_PER.hours), unit: 'hours' };
  return { amount: String(minutes), unit: 'minutes' };
}

/** The form's values of an existing type, or of a new one with the domain's defaults. */
export function appointmentTypeValues(type: TAdminAppointmentType | null): TAppointmentTypeValues {
  const defaults = DEFAULT_APPOINTMENT_TYPE_SETTINGS;
  const notice = noticeParts(type?.minimumNoticeMinutes ?? defaults.minimumNoticeMinutes);
  return {
    name: type?.name ?? '',
    description: type?.description ?? '',
    durationMinutes: String(type?.durationMinutes ?? defaults.durationMinutes),
    medium: type?.medium ?? defaults.medium,
    location: type?.location ?? '',
    phone: type?.phone ?? '',
    videoUrl: type?.videoUrl ?? '',
    bufferBeforeMinutes: String(type?.bufferBeforeMinutes ?? defaults.bufferBeforeMinutes),
    bufferAfterMinutes: String(type?.bufferAfterMinutes ?? defaults.bufferAfterMinutes),
    noticeAmount: notice.amount,
    noticeUnit: notice.unit,
    maxDaysAhead: String(type?.maxDaysAhead ?? defaults.maxDaysAhead),
    maxPerDay: type?.maxPerDay === null || type === null ? '' : String(type.maxPerDay),
    userTypeIds: [...(type?.whoMayBook.userTypeIds ?? [])],
    programIds: [...(type?.whoMayBook.programIds ?? [])],
    topicIds: [...(type?.topicIds ?? [])],
    isActive: type?.isActive ?? true,
  };
}

/** A typed whole number, or NaN when the text is not one (the domain's checks then name the field). */
function wholeNumber(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The request of the form's values: the place only for in-person and external meetings, the phone number
 * for phone calls, the video link for video calls (none: the Commons video room of the thread).
 */
export function appointmentTypeRequest(values: TAppointmentTypeValues): TAppointmentTypeRequest {
  const { medium } = values;
  const maxPerDay = values.maxPerDay.trim() === '' ? null : wholeNumber(values.maxPerDay);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    durationMinutes: wholeNumber(values.durationMinutes),
    medium,
    location: medium === 'in-person' || medium === 'external-meeting' ? orNull(values.location) : null,
    phone: medium === 'phone' ? orNull(values.phone) : null,
    videoUrl: medium === 'video' ? orNull(values.videoUrl) : null,
    bufferBeforeMinutes: wholeNumber(values.bufferBeforeMinutes),
    bufferAfterMinutes: wholeNumber(values.bufferAfterMinutes),
    minimumNoticeMinutes: wholeNumber(values.noticeAmount) * MINUTES_PER[values.noticeUnit],
    maxDaysAhead: wholeNumber(values.maxDaysAhead),
    maxPerDay,
    whoMayBook: { userTypeIds: values.userTypeIds, programIds: values.programIds },
    topicIds: values.topicIds,
    isActive: values.isActive,
  };
}

/** The form fields each problem of the domain's check belongs to (the notice is typed in noticeAmount). */
const FIELD_OF_PROBLEM: Readonly<Record<string, keyof TAppointmentTypeValues>> = {
  minimumNoticeMinutes: 'noticeAmount',
};

/** Problems of the form's values by form field, from the domain's rules; empty when they can be saved. */
export function appointmentTypeFormErrors(values: TAppointmentTypeValues): Record<string, string> {
  const request = appointmentTypeRequest(values);
  const problems = appointmentTypeProblems(request);
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(problems)) errors[FIELD_OF_PROBLEM[key] ?? key] = message;
  return errors;
}

/** Server field errors (request paths) under the form's fields. */
export function formErrorsOfServerFields(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = path.startsWith('whoMayBook.') ? path.slice('whoMayBook.'.length).split('.')[0] : path;
    if (key !== undefined) errors[FIELD_OF_PROBLEM[key] ?? key] = message;
  }
  return errors;
}

/** A type's scheduling rules in one line: buffers, notice, reach, daily limit, who may book. */
export function appointmentTypeRules(type: TAdminAppointmentType): string {
  const parts: string[] = [];
  if (type.bufferBeforeMinutes > 0 || type.bufferAfterMinutes > 0)
    parts.push(`buffers ${type.bufferBeforeMinutes} min before, ${type.bufferAfterMinutes} min after`);
  parts.push(
    type.minimumNoticeMinutes === 0
      ? 'no minimum notice'
      : `${formatDurationHoursMinutes(type.minimumNoticeMinutes)} notice`,
  );
  parts.push(`up to ${type.maxDaysAhead} ${type.maxDaysAhead === 1 ? 'day' : 'days'} ahead`);
  parts.push(type.maxPerDay === null ? 'no daily limit' : `at most ${type.maxPerDay} a day per adviser`);
  const { userTypeIds, programIds } = type.whoMayBook;
  parts.push(
    userTypeIds.length === 0 && programIds.length === 0
      ? 'every member may book'
      : `booked by ${[
          userTypeIds.length === 0
            ? null
            : `${userTypeIds.length} user ${userTypeIds.length === 1 ? 'type' : 'types'}`,
          programIds.length === 0
            ? null
            : `${programIds.length} ${programIds.length === 1 ? 'program' : 'programs'}`,
        ]
          .filter((part) => part !== null)
          .join(' and ')}`,
  );
  return parts.join(' · ');
}
