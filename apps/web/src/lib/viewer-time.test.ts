import { isKnownTimeZone } from '@commons/domain';
import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  formatCalendarDay,
  formatDateTime,
  formatInZone,
  formatTimeRange,
  resolveViewerTimeZone,
  zoneAbbreviation,
} from './viewer-time';

describe('the viewer’s time zone', () => {
  it('is the account’s zone when it is a known zone, else the browser’s', () => {
    expect(resolveViewerTimeZone('Europe/Berlin', 'Asia/Tokyo')).toBe('Europe/Berlin');
    expect(resolveViewerTimeZone('', 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(resolveViewerTimeZone(null, 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(resolveViewerTimeZone(undefined, 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(resolveViewerTimeZone('Mars/Olympus', 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone(browserTimeZone())).toBe(true);
  });
});

describe('dates in a zone', () => {
  const instant = '2026-06-04T16:00:00.000Z';

  it('formats one instant in the spec 9 styles of the zone, not the machine’s', () => {
    expect(formatInZone(instant, 'medium', 'America/Los_Angeles')).toBe('Jun 4, 2026');
    expect(formatInZone(instant, 'time', 'America/Los_Angeles')).toBe('9:00 am');
    expect(formatInZone('2026-06-04T23:30:00Z', 'medium', 'Asia/Tokyo')).toBe('Jun 5, 2026');
    expect(formatDateTime(instant, 'Europe/Berlin')).toBe('Jun 4, 2026 6:00 pm GMT+2');
  });

  it('labels a span with the zone, and names both days when it ends on another day there', () => {
    expect(
      formatTimeRange({ startsAt: instant, endsAt: '2026-06-04T18:00:00Z', timeZone: 'America/Los_Angeles' }),
    ).toBe('Thu, Jun 4th, 2026 · 9:00 am – 11:00 am PDT');
    expect(
      formatTimeRange({ startsAt: instant, endsAt: '2026-06-04T18:00:00Z', timeZone: 'Asia/Tokyo' }),
    ).toBe('Fri, Jun 5th, 2026 · 1:00 am – 3:00 am GMT+9');
    expect(
      formatTimeRange({
        startsAt: '2026-06-05T04:00:00Z',
        endsAt: '2026-06-05T08:00:00Z',
        timeZone: 'America/Los_Angeles',
      }),
    ).toBe('Thu, Jun 4th, 2026 9:00 pm – Fri, Jun 5th, 2026 1:00 am PDT');
    expect(zoneAbbreviation('2026-01-15T12:00:00Z', 'America/Los_Angeles')).toBe('PST');
  });

  it('keeps a calendar day (a deadline without a time) on its day in every zone', () => {
    expect(formatCalendarDay('2026-06-04', 'medium')).toBe('Jun 4, 2026');
  });
});

/** Every source file of the web app but tests and the helper itself, as text (Vite's glob, no Node APIs). */
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./viewer-time.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

describe('one time zone rule for the whole web app', () => {
  it('formats dates only through lib/viewer-time.ts: no toLocale…, dayjs or zone-less formatDate elsewhere', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const offenders = Object.entries(sources).flatMap(([path, text]) => {
      const found = [
        /\.toLocale(Date|Time)?String\(/.test(text) ? 'toLocale…String' : null,
        /from 'dayjs'|dayjs\(/.test(text) ? 'dayjs' : null,
        /\bformatDate\(/.test(text) ? 'formatDate' : null,
      ].filter((f) => f !== null);
      return found.map((f) => `${path}: ${f}`);
    });
    expect(offenders).toEqual([]);
  });
});
