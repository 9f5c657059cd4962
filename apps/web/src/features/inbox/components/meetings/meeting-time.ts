import { DEFAULT_TIME_ZONE, formatDate } from '@commons/domain';

/** The browser's time zone, else the platform default (spec 9 Default timezone). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** A user's time zone as stored, falling back to the default for an empty value. */
export function zoneOrDefault(zone: string | null | undefined): string {
  return zone === null || zone === undefined || zone === '' ? DEFAULT_TIME_ZONE : zone;
}

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

/** The zone's short name at an instant, e.g. 'PDT' or 'GMT+2'. */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** A time as 'h:mm a' in a zone (spec 9 Date formats). */
export function timeOfDay(iso: string, timeZone: string): string {
  return formatDate(iso, { style: 'time', timeZone });
}

/** A meeting start as 'ddd, MMM Do, YYYY · h:mm a ZONE' in a zone (spec 9 long date and time formats). */
export function meetingDateTime(iso: string, timeZone: string): string {
  return `${formatDate(iso, { style: 'long', timeZone })} · ${timeOfDay(iso, timeZone)} ${zoneAbbreviation(new Date(iso), timeZone)}`;
}

/** A meeting's span 'ddd, MMM Do, YYYY · h:mm a – h:mm a ZONE' in a zone. */
export function meetingSpan(startIso: string, durationMinutes: number, timeZone: string): string {
  const end = new Date(Date.parse(startIso) + durationMinutes * 60_000).toISOString();
  return `${formatDate(startIso, { style: 'long', timeZone })} · ${timeOfDay(startIso, timeZone)} – ${timeOfDay(end, timeZone)} ${zoneAbbreviation(new Date(startIso), timeZone)}`;
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
      : `${formatDate(iso, { style: 'medium', timeZone: options.otherZone })} `;
  return `${otherDay}${timeOfDay(iso, options.otherZone)} ${zoneAbbreviation(instant, options.otherZone)} for ${options.otherName}`;
}
