import type { TGroupDetail, TGroupTypeName } from '@commons/contract';
import type { TGroupTab } from '@commons/domain';
import { formatCalendarDay, formatInZone } from '../../lib/viewer-time';

/** Display names of the group types. */
export const GROUP_TYPE_LABELS: Readonly<Record<TGroupTypeName, string>> = {
  group: 'Group',
  mentorshipProgram: 'Mentorship program',
  organization: 'Organization',
};

/** Titles of the list pages. */
export const GROUP_LIST_TITLES: Readonly<Record<TGroupTypeName, string>> = {
  group: 'Groups',
  mentorshipProgram: 'Programs',
  organization: 'Organizations',
};

/** The text with its first letter in upper case. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A tab's name; the mentors tab takes the program's alias (spec 3 customText). */
export function tabLabel(tab: TGroupTab, group: Pick<TGroupDetail, 'roleLabels'>): string {
  if (tab === 'mentors') return capitalize(group.roleLabels.mentors);
  return capitalize(tab);
}

/** A settings date (calendar day or ISO date-time) in the medium style (spec 9), in the viewer's zone. */
export function formatSettingDate(value: string, timeZone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDay(value, 'medium');
  return formatInZone(value, 'medium', timeZone);
}

/** An application window as text: 'Jun 1, 2026 to Jul 31, 2026', 'from …, no end date', or null. */
export function timeframeText(
  frame: { start: string | null; end: string | null; noEndDate: boolean } | null,
  timeZone: string,
): string | null {
  if (frame === null || (frame.start === null && frame.end === null)) return null;
  const start = frame.start === null ? null : formatSettingDate(frame.start, timeZone);
  const end = frame.noEndDate || frame.end === null ? null : formatSettingDate(frame.end, timeZone);
  if (start !== null && end !== null) return `${start} to ${end}`;
  if (start !== null) return `From ${start}${frame.noEndDate ? ', no end date' : ''}`;
  return `Until ${end ?? ''}`;
}
