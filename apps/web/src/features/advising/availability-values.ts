import type {
  TAdviserAvailability,
  TUpdateAdviserAvailabilityRequest,
  TWeeklyInterval,
} from '@commons/contract';
import { addCalendarDays, exceptionProblems, isCalendarDate } from '@commons/domain';
import { weeklyHoursProblem } from '../../components/weekly-hours';

/** One date exception as the editor keeps it: no intervals closes the day. */
export type TExceptionValue = {
  date: string;
  intervals: Array<{ start: string; end: string }>;
  label: string;
};

/** An adviser's availability as its form edits it. */
export type TAvailabilityValues = {
  timezone: string;
  slotMinutes: 30 | 15;
  weeklyHours: TWeeklyInterval[];
  exceptions: TExceptionValue[];
  /** The calendar's ICS address as typed; '' is none. */
  icsUrl: string;
};

/** A new exception: closed all day, on the day after the latest one listed (or on `today`). */
export function newException(today: string, existing: readonly TExceptionValue[]): TExceptionValue {
  const latest = existing
    .map((exception) => exception.date)
    .filter(isCalendarDate)
    .sort()
    .at(-1);
  const date = latest === undefined || latest < today ? today : addCalendarDays(latest, 1);
  return { date, intervals: [], label: '' };
}

/** The form's values of an adviser's saved availability; exceptions by date. */
export function availabilityValues(availability: TAdviserAvailability): TAvailabilityValues {
  return {
    timezone: availability.timezone,
    slotMinutes: availability.slotMinutes,
    weeklyHours: availability.weeklyHours.map((interval) => ({ ...interval })),
    exceptions: [...availability.exceptions]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((exception) => ({
        date: exception.date,
        intervals: exception.intervals.map((interval) => ({ ...interval })),
        label: exception.label ?? '',
      })),
    icsUrl: availability.calendar.icsUrl ?? '',
  };
}

/** The PUT body of the form's values: an empty address removes the calendar, an empty label is none. */
export function availabilityRequest(values: TAvailabilityValues): TUpdateAdviserAvailabilityRequest {
  const icsUrl = values.icsUrl.trim();
  return {
    timezone: values.timezone,
    slotMinutes: values.slotMinutes,
    weeklyHours: values.weeklyHours,
    exceptions: values.exceptions.map((exception) => ({
      date: exception.date,
      intervals: exception.intervals,
      label: exception.label.trim() === '' ? null : exception.label.trim(),
    })),
    icsUrl: icsUrl === '' ? null : icsUrl,
  };
}

/** What stops the form from saving: the weekly hours' first problem, and the exceptions' problems by key. */
export function availabilityProblems(values: TAvailabilityValues): {
  weeklyHours: string | null;
  exceptions: Record<string, string>;
} {
  return {
    weeklyHours: weeklyHoursProblem(values.weeklyHours),
    exceptions: exceptionProblems(
      values.exceptions.map((exception) => ({ date: exception.date, intervals: exception.intervals })),
    ),
  };
}

/** The server's field errors of the exceptions ('exceptions.2.date') keyed as the editor shows them ('2.date'). */
export function exceptionErrorsOfServerFields(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields))
    if (path.startsWith('exceptions.')) errors[path.slice('exceptions.'.length)] = message;
  return errors;
}
