import { describe, expect, it } from 'vitest';
import { calendarDay, zonedDate, zonedInstant, zoneOffsetMs } from './time.js';

const HOUR = 3_600_000;

describe('calendar days and offsets in a zone', () => {
  it('reads the day an instant falls on in each zone', () => {
    const instant = new Date('2026-06-05T03:00:00Z');
    expect(zonedDate(instant, 'America/Los_Angeles')).toBe('2026-06-04');
    expect(zonedDate(instant, 'Europe/Berlin')).toBe('2026-06-05');
    expect(zonedDate(instant, 'Asia/Tokyo')).toBe('2026-06-05');
    expect(zonedDate(new Date('2026-04-01T00:00:00Z'), 'UTC')).toBe('2026-04-01');
  });

  it('gives calendar dates as they are and other values as the day in the zone', () => {
    expect(calendarDay('2026-08-16', 'Pacific/Kiritimati')).toBe('2026-08-16');
    expect(calendarDay('2026-08-16T04:00:00.000Z', 'America/New_York')).toBe('2026-08-16');
    expect(calendarDay('2026-08-16T04:00:00.000Z', 'America/Los_Angeles')).toBe('2026-08-15');
    expect(calendarDay('not a date', 'UTC')).toBeNull();
  });

  it('reads the offset on both sides of a daylight-saving change, including half hours', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'America/Los_Angeles')).toBe(-7 * HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    // Berlin springs forward at 01:00 UTC on 2026-03-29.
    expect(zoneOffsetMs(Date.parse('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe(HOUR);
    expect(zoneOffsetMs(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(2 * HOUR);
  });

  it('turns a wall-clock time back into the instant that reads it', () => {
    expect(zonedInstant('2026-06-04', 14 * 60, 'Europe/Berlin').toISOString()).toBe(
      '2026-06-04T12:00:00.000Z',
    );
    expect(zonedInstant('2026-12-04', 14 * 60, 'Europe/Berlin').toISOString()).toBe(
      '2026-12-04T13:00:00.000Z',
    );
  });
});
