import { formatInZone } from '../../../lib/viewer-time';

/** A message time in the viewer's zone: the time of day when it is today there, else the short date (spec 9 Date formats). */
export function shortWhen(iso: string, timeZone: string, now: Date = new Date()): string {
  const isToday = formatInZone(iso, 'short', timeZone) === formatInZone(now, 'short', timeZone);
  return formatInZone(iso, isToday ? 'time' : 'short', timeZone);
}

/** Date and time of a message for its tooltip (spec 9 Date formats, medium and time). */
export function fullWhen(iso: string, timeZone: string): string {
  return `${formatInZone(iso, 'medium', timeZone)} ${formatInZone(iso, 'time', timeZone)}`;
}
