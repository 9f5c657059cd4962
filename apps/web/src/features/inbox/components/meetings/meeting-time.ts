/** Meeting times in the viewer's zone (lib/viewer-time.ts), with the other participant's as a labelled note. */
import { formatInZone, zoneAbbreviation } from '../../../../lib/viewer-time';

/** Calendar day 'YYYY-MM-DD' of an instant in a zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

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
    dayInZone(instant, options.viewerZone) === dayInZone(instant, options.otherZone)
  ) {
    return null;
  }
  const otherDay =
    dayInZone(instant, options.otherZone) === dayInZone(instant, options.viewerZone)
      ? ''
      : `${formatInZone(iso, 'medium', options.otherZone)} `;
  return `${otherDay}${timeOfDay(iso, options.otherZone)} ${zoneAbbreviation(instant, options.otherZone)} for ${options.otherName}`;
}
