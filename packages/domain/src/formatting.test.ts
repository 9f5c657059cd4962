import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayjs } from './time.js';
import {
  APP_ICON_SIZES,
  BREAKPOINTS,
  DATE_FORMATS,
  DEFAULT_TIME_ZONE,
  formatCount,
  formatWholeNumber,
  formatDate,
  isKnownTimeZone,
  ogDescription,
  ogTitle,
  responseTimeLabel,
  TAG_COLORS,
  trimPathwayId,
  truncateText,
} from './formatting.js';

describe('formatCount (spec 9 Count display)', () => {
  it.each([
    [0, undefined, ''],
    [9, undefined, ''],
    [10, undefined, '10'],
    [50, undefined, '50'],
    [999, undefined, '999'],
    [1000, undefined, '1.0k+'],
    [1049, undefined, '1.0k+'],
    [1099, undefined, '1.0k+'],
    [1100, undefined, '1.1k+'],
    [12_345, undefined, '12.3k+'],
    [99_999, undefined, '99.9k+'],
    [100_000, undefined, '100k+'],
    [5_000_000, undefined, '100k+'],
    [3, 0, '3'],
    [0, 0, '0'],
    [49, 50, ''],
    [50, 50, '50'],
    [-1, 0, ''],
    [Number.NaN, undefined, ''],
  ])('%d with threshold %j shows %j', (count, threshold, text) => {
    expect(formatCount(count, threshold)).toBe(text);
  });

  it('never overstates the count and always matches one of the formats (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (count) => {
        const text = formatCount(count);
        if (count < 10) expect(text).toBe('');
        else if (count < 1000) expect(text).toBe(String(count));
        else if (count < 100_000) {
          expect(text).toMatch(/^\d{1,2}\.\dk\+$/);
          expect(Number(text.slice(0, -2)) * 1000).toBeLessThanOrEqual(count);
        } else expect(text).toBe('100k+');
      }),
    );
  });
});

describe('responseTimeLabel (spec 9 Response time labels)', () => {
  it.each([
    [0, 'Responds within a day'],
    [24, 'Responds within a day'],
    [24.5, 'Responds within 2 days'],
    [47.9, 'Responds within 2 days'],
    [48, 'Active this week'],
    [167.9, 'Active this week'],
    [168, 'Active this month'],
    [1000, 'Active this month'],
    [null, null],
    [undefined, null],
    [-1, null],
    [Number.NaN, null],
  ])('%j hours reads %j', (hours, label) => {
    expect(responseTimeLabel(hours)).toBe(label);
  });
});

describe('open-graph text and pathway ids (spec 9)', () => {
  it.each([
    ['a'.repeat(80), 'a'.repeat(80)],
    ['a'.repeat(81), `${'a'.repeat(79)}…`],
    [`  ${'b'.repeat(10)}  `, 'b'.repeat(10)],
  ])('title %j → %j', (title, expected) => {
    expect(ogTitle(title)).toBe(expected);
  });

  it.each([
    ['d'.repeat(200), 'd'.repeat(200)],
    ['d'.repeat(201), `${'d'.repeat(199)}…`],
    ['line\n\nbreaks   collapse', 'line breaks collapse'],
  ])('description %j → %j', (description, expected) => {
    expect(ogDescription(description)).toBe(expected);
  });

  it('cuts by code points, never inside an emoji, and trims before the ellipsis', () => {
    expect(truncateText('😀'.repeat(5), 3)).toBe('😀😀…');
    expect(truncateText('ab cd', 4)).toBe('ab…');
    expect(truncateText('abc', 0)).toBe('…');
  });

  it('keeps any text within its limit (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect(Array.from(ogTitle(text)).length).toBeLessThanOrEqual(80);
        expect(Array.from(ogDescription(text)).length).toBeLessThanOrEqual(200);
      }),
    );
  });

  it.each([
    ['short-id', 'short-id'],
    ['x'.repeat(30), 'x'.repeat(30)],
    ['x'.repeat(31), 'x'.repeat(30)],
  ])('pathway id %j displays as %j', (id, shown) => {
    expect(trimPathwayId(id)).toBe(shown);
  });
});

describe('date formats (spec 9)', () => {
  const date = new Date('2025-03-01T17:05:00Z');
  it.each([
    ['short', '3/1/25'],
    ['medium', 'Mar 1, 2025'],
    ['long', 'Sat, Mar 1st, 2025'],
    ['full', 'Saturday, March 1, 2025'],
    ['time', '9:05 am'],
  ] as const)('%s in the default zone reads %j', (style, text) => {
    expect(formatDate(date, { style })).toBe(text);
  });

  it('renders in the given zone', () => {
    expect(formatDate('2025-03-01T02:00:00Z', { style: 'short', timeZone: 'UTC' })).toBe('3/1/25');
    expect(formatDate('2025-03-01T02:00:00Z', { style: 'short', timeZone: 'America/Los_Angeles' })).toBe(
      '2/28/25',
    );
    expect(formatDate(date, { style: 'time', timeZone: 'Europe/Stockholm' })).toBe('6:05 pm');
  });

  it('matches dayjs tz() for every style, zone and instant, across clock changes and midnight', () => {
    const zones = ['UTC', 'America/Los_Angeles', 'Europe/Stockholm', 'Asia/Kolkata', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(
        // 1990-2060, so spring-forward and fall-back nights of every zone are drawn.
        fc.integer({ min: 631_152_000_000, max: 2_840_140_800_000 }),
        fc.constantFrom(...zones),
        fc.constantFrom(...(Object.keys(DATE_FORMATS) as (keyof typeof DATE_FORMATS)[])),
        (ms, timeZone, style) => {
          const expected = dayjs(ms).tz(timeZone).format(DATE_FORMATS[style]);
          expect(formatDate(new Date(ms), { style, timeZone })).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
    // The instant a zone's clock reads midnight (hour 0, not 24) and an invalid date.
    expect(formatDate('2025-03-01T08:00:00Z', { style: 'time', timeZone: 'America/Los_Angeles' })).toBe(
      '12:00 am',
    );
    expect(formatDate('not a date', { style: 'medium', timeZone: 'UTC' })).toBe('Invalid Date');
  });

  it('has the spec constants', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/Los_Angeles');
    expect(isKnownTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(DATE_FORMATS).toEqual({
      short: 'M/D/YY',
      medium: 'MMM D, YYYY',
      long: 'ddd, MMM Do, YYYY',
      full: 'dddd, MMMM D, YYYY',
      time: 'h:mm a',
    });
    expect(TAG_COLORS).toEqual({ hiring: 'purple', industry: 'grey', offers: 'green', serviceType: 'grey' });
    expect(Object.values(BREAKPOINTS)).toEqual([320, 576, 768, 992, 1200, 1600]);
    expect(APP_ICON_SIZES).toEqual([192, 256, 512]);
  });
});

describe('formatWholeNumber', () => {
  it('writes a count in full with thousands separators and no fraction', () => {
    expect(formatWholeNumber(10000)).toBe('10,000');
    expect(formatWholeNumber(7)).toBe('7');
    expect(formatWholeNumber(1234567.8)).toBe('1,234,568');
  });
});
