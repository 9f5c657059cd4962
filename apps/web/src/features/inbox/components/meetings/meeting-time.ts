/** Meeting times in the viewer's zone (lib/viewer-time.ts), with the other participant's as a labelled note. */
import { zonedDate } from '@commons/domain';
import { formatInZone, zoneAbbreviation } from '../../../../lib/viewer-time';

/** A time as 'h:mm a' in a zone (spec 9 Date formats). */
export function timeOfDay(iso: string, timeZone: string): string {
  return formatInZone(iso, 'time', timeZone);
}

/** A meeting start as 'ddd, MMM Do, YYYY · h:mm a ZONE' in a zone (spec 9 long date and time formats). */
export function meetingDateTime(iso: string, timeZone: string): string {
  return `${formatInZone(iso, 'long', timeZone)} · ${timeOfDay(iso, timeZone)} ${zoneAbbreviation(new Date(iso), timeZone)}`;
}

/** A meeting's span 'ddd, MMM Do, YYYY · h:mm a – h:mm a ZONE' in a zone. */
export function meetingSpan(startIso: string, durationMinutes: number, timeZone: string): string {
  const end = new Date(Date.parse(startIso) + durationMinutes * 60_000).toISOString();
  return `${formatInZone(startIso, 'long', timeZone)} · ${timeOfDay(startIso, timeZone)} – ${timeOfDay(end, timeZone)} ${zoneAbbreviation(new Date(startIso), timeZone)}`;
}

/**
 * The same instant for the other participant when their zone differs ("6:00 pm CEST for Alex"), so each
 * side sees proposals in both time zones; null when both share the zone's clock.
 */
export function otherZoneNote(
  iso: string,
  options: { viewerZone: string; otherZone: string; otherName: string },
): string | null {
  const instant = new Date(iso);
  if (
    timeOfDay(iso, options.viewerZone) === timeOfDay(iso, options.otherZone) &&
    zonedDate(instant, options.viewerZone) === zonedDate(instant, options.otherZone)
  ) {
    return null;
  }
  const otherDay =
    zonedDate(instant, options.otherZone) === zonedDate(instant, options.viewerZone)
      ? ''
      : `${formatInZone(iso, 'medium', options.otherZone)} `;
  return `${otherDay}${timeOfDay(iso, options.otherZone)} ${zoneAbbreviation(instant, options.otherZone)} for ${options.otherName}`;
}
