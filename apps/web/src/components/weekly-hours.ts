import type { TWeeklyInterval } from '@commons/contract';

/** Days in the order the editor lists them, Monday first; `day` is 0 (Sunday) to 6. */
export const WEEK_DAYS = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
] as const;

/** 'HH:mm' as the spec 9 time format 'h:mm a' ('24:00' is midnight at the end of the day). */
export function clockLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  if (h === 24) return '12:00 am (end of day)';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** Times of day every 15 minutes; starts run 00:00-23:45, ends 00:15-24:00. */
export function clockOptions(kind: 'start' | 'end'): Array<{ value: string; label: string }> {
  const options: Array<{ value: string; label: string }> = [];
  for (
    let minutes = kind === 'start' ? 0 : 15;
    minutes <= (kind === 'start' ? 23 * 60 + 45 : 24 * 60);
    minutes += 15
  ) {
    const value = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    options.push({ value, label: clockLabel(value) });
  }
  return options;
}

/** The first problem of a set of weekly hours, per day name, or null when they can be saved. */
export function weeklyHoursProblem(intervals: readonly TWeeklyInterval[]): string | null {
  for (const { day, name } of WEEK_DAYS) {
    const ofDay = intervals.filter((i) => i.day === day).sort((a, b) => a.start.localeCompare(b.start));
    for (const [index, interval] of ofDay.entries()) {
      if (interval.start >= interval.end) return `${name}: each end must be after its start.`;
      const previous = ofDay[index - 1];
      if (previous && interval.start < previous.end) return `${name}: hours must not overlap.`;
    }
  }
  return null;
}
