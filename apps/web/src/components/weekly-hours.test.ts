import { describe, expect, it } from 'vitest';
import { clockLabel, clockOptions, weeklyHoursProblem } from './weekly-hours';

describe('weekly hours', () => {
  it('labels times in the spec 9 time format', () => {
    expect(clockLabel('00:00')).toBe('12:00 am');
    expect(clockLabel('09:30')).toBe('9:30 am');
    expect(clockLabel('12:15')).toBe('12:15 pm');
    expect(clockLabel('24:00')).toBe('12:00 am (end of day)');
  });

  it('offers starts and ends every 15 minutes', () => {
    expect(clockOptions('start')).toHaveLength(96);
    expect(clockOptions('start')[0]?.value).toBe('00:00');
    expect(clockOptions('end').at(-1)?.value).toBe('24:00');
  });

  it('names the day of the first inverted or overlapping interval', () => {
    expect(
      weeklyHoursProblem([
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '13:00', end: '17:00' },
      ]),
    ).toBeNull();
    expect(weeklyHoursProblem([{ day: 2, start: '12:00', end: '09:00' }])).toBe(
      'Tuesday: each end must be after its start.',
    );
    expect(
      weeklyHoursProblem([
        { day: 0, start: '09:00', end: '12:00' },
        { day: 0, start: '11:00', end: '13:00' },
      ]),
    ).toBe('Sunday: hours must not overlap.');
  });
});
