import { addCalendarDays, weekStartOf, zonedDate, type TAdvisingReportGroup } from '@commons/domain';
import { slotDayLabel } from './slot-days';

/**
 * The report's first range: from the Monday four weeks before this week's to the end of the booking window
 * (today + 13 days), days of the admin's zone, so recent and booked appointments both show.
 */
export function reportRange(now: Date, timeZone: string): { from: string; to: string } {
  return {
    from: addCalendarDays(weekStartOf(now, timeZone), -28),
    to: addCalendarDays(zonedDate(now, timeZone), 13),
  };
}

/** A report row's name: the server's label; a week by its Monday ('Week of Mon, Nov 23'), which is its key. */
export function reportRowLabel(groupBy: TAdvisingReportGroup, row: { key: string; label: string }): string {
  if (groupBy === 'week' && /^\d{4}-\d{2}-\d{2}$/.test(row.key)) return `Week of ${slotDayLabel(row.key)}`;
  return row.label;
}
