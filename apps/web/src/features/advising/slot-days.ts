import type { TAdvisingSlotsResponse } from '@commons/contract';
import {
  formatCalendarDay,
  formatCalendarDayBrief,
  formatInZone,
  zoneAbbreviation,
} from '../../lib/viewer-time';

/** One day of free slots as the slots endpoint answers it. */
export type TSlotDay = TAdvisingSlotsResponse['days'][number];

/** A calendar day 'YYYY-MM-DD' as a short label ('Thu, Jun 4'); a day has no zone, so none applies. */
export function slotDayLabel(date: string): string {
  return formatCalendarDayBrief(date);
}

/** The same day in full for screen readers and headings (spec 9 full: 'Thursday, June 4, 2026'). */
export function slotDayFullLabel(date: string): string {
  return formatCalendarDay(date, 'full');
}

/** The day to show first: the chosen one while it still has slots, else the first day with any. */
export function dayToShow(days: readonly TSlotDay[], chosen: string | null): string | null {
  if (chosen !== null && days.some((day) => day.date === chosen && day.slots.length > 0)) return chosen;
  return days.find((day) => day.slots.length > 0)?.date ?? null;
}

/** Whether a start time is still among the free slots (after a refresh, someone may have taken it). */
export function isSlotOffered(days: readonly TSlotDay[], start: string | null): boolean {
  if (start === null) return false;
  const at = Date.parse(start);
  return days.some((day) => day.slots.some((slot) => Date.parse(slot.start) === at));
}

/** How many free slots the days hold. */
export function slotCount(days: readonly TSlotDay[]): number {
  return days.reduce((sum, day) => sum + day.slots.length, 0);
}

/** A slot's time of day in the viewer's zone ('9:30 am'). */
export function slotTime(start: string, timeZone: string): string {
  return formatInZone(start, 'time', timeZone);
}

/** A chosen slot in words: 'Thu, Jun 4th, 2026 · 9:30 am – 10:00 am PDT'. */
export function slotSummary(slot: { start: string; end: string }, timeZone: string): string {
  return `${formatInZone(slot.start, 'long', timeZone)} · ${slotTime(slot.start, timeZone)} – ${slotTime(slot.end, timeZone)} ${zoneAbbreviation(slot.start, timeZone)}`;
}
