/**
 * Wall-clock times in an IANA time zone, for the event form (issue #7 item 4: time zone aware). The
 * browser's Intl data does the zone arithmetic; no zone table ships with the app.
 */

/** The zone's offset from UTC, in minutes, at the given instant. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The UTC instant of a wall-clock time ('YYYY-MM-DDTHH:mm') in the zone; null when the text is no such time. */
export function zonedWallTimeToUtc(wallTime: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallTime);
  if (match === null) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const first = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  // Near a daylight-saving change the offset at the result can differ from the guess's: settle on it.
  const second = guess - zoneOffsetMinutes(new Date(first), timeZone) * 60_000;
  return new Date(second);
}

/** The wall-clock time ('YYYY-MM-DDTHH:mm') of an instant in the zone, for a datetime-local input. */
export function utcToZonedWallTime(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** Every IANA zone the browser knows, for the time zone picker. */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
}
