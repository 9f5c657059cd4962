/**
 * Wall-clock times in an IANA time zone, for the event form (issue #7 item 4: time zone aware). The
 * browser's Intl data does the zone arithmetic (through the domain's helpers); no zone table ships with the app.
 */
import { zonedInstant, zoneOffsetMs } from '@commons/domain';

/**
 * The UTC instant of a wall-clock time ('YYYY-MM-DDTHH:mm') in the zone; null when the text is no such time. A time
 * the clocks skip is the moment they change, a time they repeat its later occurrence (the domain's zonedInstant).
 */
export function zonedWallTimeToUtc(wallTime: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(wallTime);
  if (match === null) return null;
  const [, date = '', hours, minutes] = match;
  return zonedInstant(date, Number(hours) * 60 + Number(minutes), timeZone);
}

/** The wall-clock time ('YYYY-MM-DDTHH:mm') of an instant in the zone, for a datetime-local input. */
export function utcToZonedWallTime(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 16);
}

/** Every IANA zone the browser knows, for the time zone picker. */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
}
