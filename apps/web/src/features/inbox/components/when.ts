import { formatDate } from '@commons/domain';

/** A message time in the viewer's zone: the time of day when it is today there, else the short date (spec 9 Date formats). */
export function shortWhen(iso: string, timeZone: string, now: Date = new Date()): string {
  const isToday =
    formatDate(iso, { style: 'short', timeZone }) === formatDate(now, { style: 'short', timeZone });
  return formatDate(iso, { style: isToday ? 'time' : 'short', timeZone });
}

/** Date and time of a message for its tooltip (spec 9 Date formats, medium and time). */
export function fullWhen(iso: string, timeZone: string): string {
  return `${formatDate(iso, { style: 'medium', timeZone })} ${formatDate(iso, { style: 'time', timeZone })}`;
}
