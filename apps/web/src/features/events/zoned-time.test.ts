import { describe, expect, it } from 'vitest';
import { utcToZonedWallTime, zonedWallTimeToUtc } from './zoned-time';

describe('zoned wall times (events are time zone aware)', () => {
  it('turns a Berlin wall time into the UTC instant, in summer and in winter', () => {
    expect(zonedWallTimeToUtc('2026-06-04T14:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-06-04T12:00:00.000Z',
    );
    expect(zonedWallTimeToUtc('2026-12-04T14:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-12-04T13:00:00.000Z',
    );
    expect(zonedWallTimeToUtc('2026-06-04T09:30', 'America/Los_Angeles')?.toISOString()).toBe(
      '2026-06-04T16:30:00.000Z',
    );
  });

  it('takes a time the clocks skip as the moment they change, and a repeated time at its later occurrence', () => {
    // Berlin: 02:00 became 03:00 on 2026-03-29; 03:00 became 02:00 on 2026-10-25.
    expect(zonedWallTimeToUtc('2026-03-29T02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(zonedWallTimeToUtc('2026-10-25T02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-10-25T01:30:00.000Z',
    );
  });

  it('reads an instant back as the wall time of the zone', () => {
    expect(utcToZonedWallTime(new Date('2026-06-04T12:00:00Z'), 'Europe/Berlin')).toBe('2026-06-04T14:00');
    expect(utcToZonedWallTime(new Date('2026-06-04T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-06-04T17:30');
  });

  it('refuses text that is not a wall time', () => {
    expect(zonedWallTimeToUtc('tomorrow', 'UTC')).toBeNull();
  });
});
