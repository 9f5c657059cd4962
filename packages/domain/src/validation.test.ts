import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brandColorProblem,
  formatContrastRatio,
  BANNER_IMAGE_MAX_BYTES,
  canResendVerificationCode,
  checkColor,
  checkPassword,
  contrastRatio,
  countWords,
  DATE_RANGE_MESSAGES,
  findUnfilledPlaceholders,
  INVALID_LOGIN_METHOD_MESSAGE,
  isIsoDateTime,
  isMessageTemplateComplete,
  isOpaqueColor,
  safeRedirectPath,
  isValidColor,
  isValidDateInput,
  isValidEmail,
  isValidMailto,
  isValidMentionTerm,
  isValidShortText,
  isSingleLineText,
  isMultiLineText,
  toSingleLineText,
  SINGLE_LINE_TEXT_MESSAGE,
  MULTI_LINE_TEXT_MESSAGE,
  MENTION_SEARCH_DEBOUNCE_MS,
  mentionSearchTerm,
  parseColor,
  parseUsDate,
  PHONE_VERIFICATION_MAX_RESENDS,
  relativeLuminance,
  RICH_TEXT_ALLOWED_TAGS,
  validateDateRange,
  validateLoginMethod,
  yearPickerRange,
} from './validation.js';
import { isIpAddress, isPrivateAddress, isPrivateHost, isValidUrl } from './network-address.js';

describe('checkPassword (spec 5 Password)', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['', false],
    ['ÄbcdefG1', true],
  ])('judges %j valid=%s', (password, isValid) => {
    expect(checkPassword(password).isValid).toBe(isValid);
  });

  it('lists each sub-rule with a readable label in a fixed order', () => {
    expect(checkPassword('abc')).toEqual({
      isValid: false,
      rules: [
        { id: 'minLength', label: 'At least 8 characters', isMet: false },
        { id: 'uppercase', label: 'An uppercase letter', isMet: false },
        { id: 'lowercase', label: 'A lowercase letter', isMet: true },
        { id: 'digit', label: 'A digit', isMet: false },
      ],
    });
  });

  it('accepts exactly 8 characters and rejects 7', () => {
    expect(checkPassword('Aa1aaaaa').rules[0]?.isMet).toBe(true);
    expect(checkPassword('Aa1aaaa').rules[0]?.isMet).toBe(false);
  });

  it('is valid exactly when every sub-rule is met (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        const result = checkPassword(password);
        expect(result.isValid).toBe(result.rules.every((rule) => rule.isMet));
        expect(result.rules.map((rule) => rule.id)).toEqual(['minLength', 'uppercase', 'lowercase', 'digit']);
      }),
    );
  });

  it('accepts any password built from an upper, a lower, a digit and 5+ more characters (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('A', 'Q', 'Z'),
        fc.constantFrom('a', 'm', 'z'),
        fc.integer({ min: 0, max: 9 }),
        fc.string({ minLength: 5, maxLength: 30 }),
        (upper, lower, digit, rest) => {
          expect(checkPassword(`${rest}${upper}${lower}${digit}`).isValid).toBe(true);
        },
      ),
    );
  });
});

describe('isValidEmail (spec 5 Email)', () => {
  it.each([
    ['ada@example.edu', true],
    ['ada.lovelace+tag@mail.example.co.uk', true],
    ["o'brien@example.org", true],
    ['ada@example', false],
    ['ada@@example.edu', false],
    ['@example.edu', false],
    ['ada example@example.edu', false],
    ['ada@-example.edu', false],
    ['ada.@example.edu', false],
    ['', false],
    [`${'a'.repeat(64)}@example.edu`, true],
    [`${'a'.repeat(65)}@example.edu`, false],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.io`, true],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(58)}.io`, false],
  ])('judges %j valid=%s', (email, isValid) => {
    expect(isValidEmail(email)).toBe(isValid);
  });

  it('accepts generated well-formed addresses (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        fc.stringMatching(/^[a-z]{2,6}$/),
        (local, domain, tld) => {
          expect(isValidEmail(`${local}@${domain}.${tld}`)).toBe(true);
        },
      ),
    );
  });

  it('rejects any string containing whitespace (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(' ', '\t', '\n'), fc.string(), (a, space, b) => {
        expect(isValidEmail(`${a}${space}${b}`)).toBe(false);
      }),
    );
  });
});

describe('isValidMailto (spec 5 Email)', () => {
  it.each([
    ['mailto:ada@example.edu', true],
    ['MAILTO:ada@example.edu?subject=Hi', true],
    ['mailto:ada@example.edu,bob@example.org', true],
    ['mailto:ada%40example.edu', true],
    ['mailto:', false],
    ['mailto:?subject=Hi', false],
    ['mailto:not-an-email', false],
    ['mailto:%E0%A4%A', false],
    ['https://example.edu', false],
  ])('judges %j valid=%s', (link, isValid) => {
    expect(isValidMailto(link)).toBe(isValid);
  });
});

describe('validateLoginMethod (spec 5 Sign-in login method)', () => {
  it.each([
    ['google', null],
    ['email', null],
    ['', INVALID_LOGIN_METHOD_MESSAGE],
    [undefined, INVALID_LOGIN_METHOD_MESSAGE],
    [null, INVALID_LOGIN_METHOD_MESSAGE],
    [42, INVALID_LOGIN_METHOD_MESSAGE],
    [{ method: 'google' }, INVALID_LOGIN_METHOD_MESSAGE],
  ])('answers %j with %j', (value, expected) => {
    expect(validateLoginMethod(value)).toBe(expected);
  });

  it('uses the exact spec message', () => {
    expect(INVALID_LOGIN_METHOD_MESSAGE).toBe('Invalid Login Method');
  });
});

describe('isPrivateAddress (spec 5 URL)', () => {
  it.each([
    ['10.0.0.1', true],
    ['10.255.255.255', true],
    ['9.255.255.255', false],
    ['11.0.0.0', false],
    ['172.15.255.255', false],
    ['172.16.0.0', true],
    ['172.31.255.255', true],
    ['172.32.0.0', false],
    ['192.168.0.1', true],
    ['192.169.0.1', false],
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['169.254.169.254', true],
    ['169.253.1.1', false],
    ['0.0.0.0', true],
    ['0.255.255.255', true],
    ['100.63.255.255', false],
    ['100.64.0.0', true],
    ['100.127.255.255', true],
    ['100.128.0.0', false],
    ['192.0.0.8', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['::1', true],
    ['[::1]', true],
    ['::', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::2', true],
    ['fc00::1', true],
    ['fd12:3456:789a::1', true],
    ['fe80::1%eth0', true],
    ['febf::1', true],
    ['fec0::1', true],
    ['ff02::1', true],
    ['2001:4860:4860::8888', false],
    ['2606:4700::1111', false],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.1.2.3', true],
    ['::ffff:7f00:1', true],
    ['::ffff:8.8.8.8', false],
    ['::127.0.0.1', true],
    ['64:ff9b::10.0.0.1', true],
    ['64:ff9b::8.8.8.8', false],
    ['localhost', false],
    ['example.edu', false],
    ['1.2.3', false],
    ['256.1.1.1', false],
    ['1.2.3.4.5', false],
    ['1::2::3', false],
    ['1:2:3:4:5:6:7:8:9', false],
    ['1:2:3:4:5:6:7', false],
    ['1:2:3:4::5:6:7:8', false],
    ['::ffff:999.1.1.1', false],
    ['gggg::1', false],
    // Every IANA special-purpose range, not only RFC 1918 (issue #13 item 4).
    ['192.0.2.1', true],
    ['198.18.0.1', true],
    ['198.19.255.255', true],
    ['198.51.100.7', true],
    ['203.0.113.5', true],
    ['192.88.99.1', true],
    ['240.0.0.1', true],
    ['2001:db8::1', true],
    ['2002::1', true],
    ['2002:c000:0204::1', true],
    ['2001::1', true],
    ['2001:10::1', true],
    ['2001:20::1', true],
    ['64:ff9b:1::1', true],
    ['100::1', true],
  ])('%s is private=%s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });

  it.each([
    ['8.8.8.8', true],
    ['2001:db8::1', true],
    ['[2001:db8::1]', true],
    ['example.edu', false],
    ['127.1', false],
  ])('isIpAddress(%s) is %s', (value, expected) => {
    expect(isIpAddress(value)).toBe(expected);
  });

  it('flags every address in the private IPv4 blocks (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<[number, number, number]>(
          [10, 0, 255],
          [127, 0, 255],
          [192, 168, 168],
          [169, 254, 254],
          [172, 16, 31],
          [100, 64, 127],
        ),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        ([a, bMin, bMax], b, c, d) => {
          const second = bMin + (b % (bMax - bMin + 1));
          expect(isPrivateAddress(`${a}.${second}.${c}.${d}`)).toBe(true);
          expect(isPrivateAddress(`::ffff:${a}.${second}.${c}.${d}`)).toBe(true);
        },
      ),
    );
  });

  it('treats public documentation-free ranges as public (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.nat(255), fc.nat(255), fc.nat(255), (a, b, c, d) => {
        expect(isPrivateAddress(`${a}.${b}.${c}.${d}`)).toBe(false);
      }),
    );
  });
});

describe('isPrivateHost and isValidUrl (spec 5 URL)', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST.', true],
    ['api.localhost', true],
    ['10.1.1.1', true],
    ['example.edu', false],
  ])('host %s is private=%s', (host, expected) => {
    expect(isPrivateHost(host)).toBe(expected);
  });

  it.each([
    ['https://example.edu/path?q=1', true],
    ['http://example.edu', true],
    ['HTTPS://Example.edu', true],
    ['  https://example.edu  ', true],
    ['ftp://example.edu', false],
    ['javascript:alert(1)', false],
    ['example.edu', false],
    ['//example.edu', false],
    ['https://', false],
    ['http://localhost:3000', false],
    ['http://127.0.0.1/admin', false],
    ['http://2130706433/', false],
    ['http://0x7f.1/', false],
    ['http://[::1]/', false],
    ['http://[::ffff:192.168.1.1]/', false],
    ['http://169.254.169.254/latest/meta-data', false],
    ['http://10.0.0.5', false],
    ['http://8.8.8.8', true],
    ['http://[2001:4860:4860::8888]/', true],
    ['https://exa mple.edu', false],
    [`https://${'a'.repeat(60)}.${'b'.repeat(60)}.edu`, true],
  ])('%s is valid=%s', (url, expected) => {
    expect(isValidUrl(url)).toBe(expected);
  });

  it('rejects a host longer than 2048 characters and accepts exactly 2048', () => {
    const label = 'a'.repeat(63);
    const hostOf = (length: number): string => {
      const labels: string[] = [];
      let host = '';
      while (host.length < length) {
        labels.push(label);
        host = labels.join('.');
      }
      const trimmed = host.slice(0, length - 4);
      return `${trimmed.replace(/\.$/, 'a')}.edu`;
    };
    expect(hostOf(2048)).toHaveLength(2048);
    expect(isValidUrl(`https://${hostOf(2048)}/`)).toBe(true);
    expect(isValidUrl(`https://${hostOf(2049)}/`)).toBe(false);
  });

  it('accepts generated public https URLs and rejects other schemes (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https', 'http'] }), (url) => {
        const host = new URL(url).hostname;
        expect(isValidUrl(url)).toBe(!isPrivateHost(host) && host.length <= 2048);
      }),
    );
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['ftp', 'ws', 'file'] }), (url) => {
        expect(isValidUrl(url)).toBe(false);
      }),
    );
    // fast-check builds its web URL arbitrary once (about 1.5 s, several on a loaded machine).
  }, 30_000);
});

describe('colours (spec 5 Colour)', () => {
  it.each([
    ['#fff', { r: 255, g: 255, b: 255, a: 1 }],
    ['#000000', { r: 0, g: 0, b: 0, a: 1 }],
    ['#1A2b3C', { r: 26, g: 43, b: 60, a: 1 }],
    ['#ff000080', { r: 255, g: 0, b: 0, a: 128 / 255 }],
    ['#f008', { r: 255, g: 0, b: 0, a: 136 / 255 }],
    ['rgb(255, 0, 0)', { r: 255, g: 0, b: 0, a: 1 }],
    ['rgba(0,0,255,0.5)', { r: 0, g: 0, b: 255, a: 0.5 }],
    ['rgba(0, 0, 255, 1)', { r: 0, g: 0, b: 255, a: 1 }],
    ['rgb(0 128 0)', { r: 0, g: 128, b: 0, a: 1 }],
    ['rgb(0 128 0 / 50%)', { r: 0, g: 128, b: 0, a: 0.5 }],
    ['rgb(100%, 0%, 0%)', { r: 255, g: 0, b: 0, a: 1 }],
    ['rgba(10, 20, 30, .25)', { r: 10, g: 20, b: 30, a: 0.25 }],
  ])('parses %s', (input, expected) => {
    expect(parseColor(input)).toEqual(expected);
  });

  it.each([
    'red',
    '#ff',
    '#fffff',
    '#ggg',
    'rgb(256, 0, 0)',
    'rgb(0, 0)',
    'rgba(0, 0, 0, 2)',
    'rgb(0 0 0 / 1 / 1)',
    'rgb(-1, 0, 0)',
    'rgb(0, 0, 0, 0, 0)',
    'hsl(0, 0%, 0%)',
    '',
    'rgb(a, b, c)',
    'rgb(0 0 0 / x)',
  ])('rejects %j', (input) => {
    expect(parseColor(input)).toBeNull();
    expect(isValidColor(input)).toBe(false);
  });

  it.each([
    ['#123456', true],
    ['#12345680', false],
    ['rgba(0,0,0,0.99)', false],
    ['nope', false],
  ])('%s is opaque=%s', (input, expected) => {
    expect(isOpaqueColor(input)).toBe(expected);
  });

  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#0000ff', '#ffffff', 8.59],
  ])('contrast of %s on %s is %s', (fg, bg, ratio) => {
    const a = parseColor(fg);
    const b = parseColor(bg);
    expect(a && b && contrastRatio(a, b)).toBe(ratio);
  });

  it.each([
    [
      { color: '#767676' },
      { isValid: true, isOpaque: true, contrastRatio: 4.54, hasEnoughContrast: true, isAcceptable: true },
    ],
    [
      { color: '#777777' },
      { isValid: true, isOpaque: true, contrastRatio: 4.48, hasEnoughContrast: false, isAcceptable: false },
    ],
    [
      { color: '#777777', minContrast: 3 },
      { isValid: true, isOpaque: true, contrastRatio: 4.48, hasEnoughContrast: true, isAcceptable: true },
    ],
    [
      { color: '#ffffff', background: '#000' },
      { isValid: true, isOpaque: true, contrastRatio: 21, hasEnoughContrast: true, isAcceptable: true },
    ],
    [
      { color: '#00000080' },
      { isValid: true, isOpaque: false, contrastRatio: 21, hasEnoughContrast: true, isAcceptable: false },
    ],
    [
      { color: 'blue' },
      { isValid: false, isOpaque: false, contrastRatio: null, hasEnoughContrast: false, isAcceptable: false },
    ],
    [
      { color: '#000', background: 'bad' },
      { isValid: true, isOpaque: true, contrastRatio: null, hasEnoughContrast: false, isAcceptable: false },
    ],
  ])('checkColor(%j)', (options, expected) => {
    expect(checkColor(options)).toEqual(expected);
  });

  const channel = fc.integer({ min: 0, max: 255 });
  const rgb = fc.record({ r: channel, g: channel, b: channel, a: fc.constant(1) });
  const hex = (n: number): string => n.toString(16).padStart(2, '0');

  it('round-trips #rrggbb and rgb() for every colour (property)', () => {
    fc.assert(
      fc.property(rgb, (c) => {
        expect(parseColor(`#${hex(c.r)}${hex(c.g)}${hex(c.b)}`)).toEqual(c);
        expect(parseColor(`rgb(${c.r}, ${c.g}, ${c.b})`)).toEqual(c);
      }),
    );
  });

  it('gives a symmetric ratio between 1 and 21 with 2 decimals, and luminance in [0, 1] (property)', () => {
    fc.assert(
      fc.property(rgb, rgb, (x, y) => {
        const ratio = contrastRatio(x, y);
        expect(ratio).toBe(contrastRatio(y, x));
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21);
        expect(Math.round(ratio * 100) / 100).toBe(ratio);
        expect(relativeLuminance(x)).toBeGreaterThanOrEqual(0);
        expect(relativeLuminance(x)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('accepts exactly when valid, opaque and the rounded ratio reaches the minimum (property)', () => {
    fc.assert(
      fc.property(rgb, fc.double({ min: 1, max: 21, noNaN: true }), (c, minContrast) => {
        const color = `#${hex(c.r)}${hex(c.g)}${hex(c.b)}`;
        const result = checkColor({ color, minContrast });
        expect(result.isAcceptable).toBe((result.contrastRatio ?? 0) >= minContrast);
      }),
    );
  });
});

describe('date inputs (spec 5 Dates)', () => {
  it.each([
    ['3/1/2025', true],
    ['03/01/2025', true],
    ['12/31/1999', true],
    ['2/29/2024', true],
    ['2/29/2025', false],
    ['13/1/2025', false],
    ['0/1/2025', false],
    ['4/31/2025', false],
    ['1/0/2025', false],
    ['3/1/25', false],
    ['2025-03-01T09:30:00Z', true],
    ['2025-03-01T09:30:00.123Z', true],
    ['2025-03-01T09:30Z', true],
    ['2025-03-01T09:30:00+05:30', true],
    ['2025-03-01T09:30:00-0800', true],
    ['2025-02-30T09:30:00Z', false],
    ['2025-03-01T24:00:00Z', false],
    ['2025-03-01T09:30:00', false],
    ['2025-03-01', false],
    ['yesterday', false],
  ])('%s is valid=%s', (value, expected) => {
    expect(isValidDateInput(value)).toBe(expected);
  });

  it('parses M/D/YYYY parts', () => {
    expect(parseUsDate(' 7/4/1976 ')).toEqual({ year: 1976, month: 7, day: 4 });
  });

  it('accepts every real calendar date in both forms (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2200-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const us = `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
          expect(parseUsDate(us)).toEqual({
            year: date.getUTCFullYear(),
            month: date.getUTCMonth() + 1,
            day: date.getUTCDate(),
          });
          expect(isIsoDateTime(date.toISOString())).toBe(true);
        },
      ),
    );
  });
});

describe('validateDateRange (spec 5 Date ranges)', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const M = DATE_RANGE_MESSAGES;
  it.each([
    [
      'a complete past range',
      { startMonth: 1, startYear: 2020, endMonth: 5, endYear: 2022, isCurrent: false },
      {},
    ],
    ['nothing chosen', { isCurrent: false }, {}],
    ['start month without year', { startMonth: 3, isCurrent: false }, { startYear: M.startYearMissing }],
    [
      'end month without year',
      { startMonth: 3, startYear: 2020, endMonth: 4, endYear: null, isCurrent: false },
      { endYear: M.endYearMissing },
    ],
    [
      'end month without year on a current entry',
      { startMonth: 3, startYear: 2020, endMonth: 4, isCurrent: true },
      {},
    ],
    ['start this month', { startMonth: 6, startYear: 2025, isCurrent: false }, {}],
    [
      'start next month',
      { startMonth: 7, startYear: 2025, isCurrent: false },
      { startMonth: M.startMonthInFuture },
    ],
    ['end this month', { startMonth: 1, startYear: 2025, endMonth: 6, endYear: 2025, isCurrent: false }, {}],
    [
      'end next month',
      { startMonth: 1, startYear: 2025, endMonth: 7, endYear: 2025, isCurrent: false },
      { endMonth: M.endInFuture },
    ],
    ['end next year without month', { startYear: 2025, endYear: 2026, isCurrent: false }, {}],
    [
      'current entry starting next year by year only',
      { startYear: 2026, isCurrent: true },
      { startDate: M.currentStartAfterNow },
    ],
    ['current entry starting this year by year only', { startYear: 2025, isCurrent: true }, {}],
    [
      'current entry starting next month',
      { startMonth: 7, startYear: 2025, isCurrent: true },
      { startMonth: M.startMonthInFuture, startDate: M.currentStartAfterNow },
    ],
    [
      'end before start by month',
      { startMonth: 5, startYear: 2021, endMonth: 4, endYear: 2021, isCurrent: false },
      { endDate: M.endBeforeStart },
    ],
    [
      'end equal to start',
      { startMonth: 5, startYear: 2021, endMonth: 5, endYear: 2021, isCurrent: false },
      {},
    ],
    [
      'end before start by year',
      { startYear: 2021, endMonth: 4, endYear: 2020, isCurrent: false },
      { endDate: M.endBeforeStart },
    ],
    ['same year without months', { startYear: 2021, endYear: 2021, isCurrent: false }, {}],
  ])('%s', (_label, input, expected) => {
    expect(validateDateRange({ ...input, now })).toEqual(expected);
  });

  it('uses the exact spec messages, including the trailing space', () => {
    expect(Object.values(M)).toEqual([
      'Please select a start year.',
      'Please select an end year.',
      'Start month should not be greater than present month.',
      'Must be before the current date ',
      'Start date should be before present date.',
      'End date should be after start date.',
    ]);
  });

  it('reads the current month in the given time zone', () => {
    const newYearUtc = new Date('2026-01-01T03:00:00Z');
    const input = { startMonth: 1, startYear: 2026, isCurrent: true, now: newYearUtc };
    expect(validateDateRange(input)).toEqual({});
    expect(validateDateRange({ ...input, timeZone: 'America/Los_Angeles' })).toEqual({
      startMonth: M.startMonthInFuture,
      startDate: M.currentStartAfterNow,
    });
  });

  it('never flags a finished range whose months are both in the past and in order (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1935, max: 2024 }),
        fc.integer({ min: 1, max: 12 }),
        fc.nat(120),
        (year, month, span) => {
          const startIndex = year * 12 + month - 1;
          const endIndex = Math.min(startIndex + span, 2025 * 12 + 5);
          const input = {
            startYear: Math.floor(startIndex / 12),
            startMonth: (startIndex % 12) + 1,
            endYear: Math.floor(endIndex / 12),
            endMonth: (endIndex % 12) + 1,
            isCurrent: false,
            now,
          };
          expect(validateDateRange(input)).toEqual({});
        },
      ),
    );
  });
});

describe('yearPickerRange (spec 5)', () => {
  it('spans 90 years back to 7 ahead, newest first', () => {
    const range = yearPickerRange(new Date('2025-06-15T00:00:00Z'));
    expect(range.minYear).toBe(1935);
    expect(range.maxYear).toBe(2032);
    expect(range.years).toHaveLength(98);
    expect(range.years[0]).toBe(2032);
    expect(range.years.at(-1)).toBe(1935);
  });

  it('uses the year in the given time zone', () => {
    const now = new Date('2026-01-01T03:00:00Z');
    expect(yearPickerRange(now).maxYear).toBe(2033);
    expect(yearPickerRange(now, 'America/Los_Angeles').maxYear).toBe(2032);
  });
});

describe('short text (spec 5)', () => {
  it.each([
    ['', 0, true],
    ['   ', 0, true],
    ['one two three four five six seven eight nine', 9, true],
    ['one two three four five six seven eight nine ten', 10, false],
    ['  spaced\tout\nwords  ', 3, true],
  ])('%j has %d words, valid=%s', (text, words, isValid) => {
    expect(countWords(text)).toBe(words);
    expect(isValidShortText(text)).toBe(isValid);
  });
});

describe('single-line and multi-line text (issue #13)', () => {
  it.each([
    ['Ada Lovelace', true, true],
    ['Åsa Öberg-Ärlig 🙂', true, true],
    ['', true, true],
    ['Subject\r\nBcc: victim@example.test', false, true],
    ['two\nlines', false, true],
    ['tab\there', false, true],
    ['nul\u0000byte', false, false],
    ['bell\u0007', false, false],
    ['escape\u001b[31m', false, false],
    ['delete\u007f', false, false],
    ['next line\u0085', false, false],
    ['csi\u009b', false, false],
    ['lone\rreturn', false, false],
    ['ends with return\r', false, false],
    ['line\u2028separator', false, true],
    ['lone \ud800 high surrogate', false, false],
    ['lone \udfff low surrogate', false, false],
    ['a pair \ud83d\ude42 is one character', true, true],
  ])('%j: single line %s, multi line %s', (text, isSingle, isMulti) => {
    expect(isSingleLineText(text)).toBe(isSingle);
    expect(isMultiLineText(text)).toBe(isMulti);
  });

  it('accepts any text without control characters on one line, and keeps line breaks and tabs in multi-line text', () => {
    const printable = fc.string({ unit: 'grapheme' }).filter((text) => isSingleLineText(text));
    fc.assert(
      fc.property(printable, fc.array(printable, { maxLength: 4 }), (line, lines) => {
        expect(isSingleLineText(line)).toBe(true);
        expect(isMultiLineText([line, ...lines].join('\r\n'))).toBe(true);
        expect(isMultiLineText(lines.join('\n\t'))).toBe(true);
      }),
    );
  });

  it('makes a text single-line by turning each run of control characters into one space', () => {
    expect(toSingleLineText('Hub\r\nBcc: victim@example.test\r\n\r\nbody')).toBe(
      'Hub Bcc: victim@example.test body',
    );
    expect(toSingleLineText('  tab\tand\u0000nul\u0085next\u2028line\n')).toBe('tab and nul next line');
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => isSingleLineText(toSingleLineText(text))));
  });

  it('names the fix in its user messages', () => {
    expect(SINGLE_LINE_TEXT_MESSAGE).toBe('Use a single line without control characters.');
    expect(MULTI_LINE_TEXT_MESSAGE).toBe('Remove the control characters from this text.');
  });
});

describe('mention search (spec 5)', () => {
  it.each([
    ['Ada', true, 'Ada'],
    ['Åsa Öberg-Ärlig', true, 'Åsa Öberg-Ärlig'],
    ['åsa', true, 'åsa'],
    ['', true, null],
    ['  ', true, null],
    ['Ada1', false, null],
    ['ada@', false, null],
    ['José', false, null],
    ["O'Brien", false, null],
  ])('%j valid=%s lookup=%j', (term, isValid, lookup) => {
    expect(isValidMentionTerm(term)).toBe(isValid);
    expect(mentionSearchTerm(term)).toBe(lookup);
  });

  it('debounces by 300 ms', () => {
    expect(MENTION_SEARCH_DEBOUNCE_MS).toBe(300);
  });
});

describe('message template placeholders (spec 5)', () => {
  it.each([
    ['Hi, I study at [add school name].', ['[add school name]'], false],
    ['Hi [add name], I am [your name]', ['[add name]', '[your name]'], false],
    ['Hi Ada, see [my site](https://example.edu)', [], true],
    ['Hi Ada, no placeholders.', [], true],
  ])('%j', (text, placeholders, isComplete) => {
    expect(findUnfilledPlaceholders(text)).toEqual(placeholders);
    expect(isMessageTemplateComplete(text)).toBe(isComplete);
  });
});

describe('phone verification and constants (spec 5, spec 9)', () => {
  it.each([
    [0, true],
    [2, true],
    [3, false],
    [4, false],
  ])('after %d resends another is allowed=%s', (count, expected) => {
    expect(canResendVerificationCode(count)).toBe(expected);
  });

  it('has the spec constants', () => {
    expect(PHONE_VERIFICATION_MAX_RESENDS).toBe(3);
    expect(BANNER_IMAGE_MAX_BYTES).toBe(122_880);
    expect(RICH_TEXT_ALLOWED_TAGS).toContain('strong');
  });
});

describe('safeRedirectPath (spec 2 postLoginRedirect, postSignupRedirect)', () => {
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    null,
    undefined,
  ])('refuses %s', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('accepts in-app paths', () => {
    expect(safeRedirectPath('/advising/people?x=1')).toBe('/advising/people?x=1');
  });
});

describe('brand colours (issue #22 item 1; spec 5 Colour against white)', () => {
  it('refuses a light colour and shows its ratio to 2 places', () => {
    // #777777 on white is 4.48:1, just under 4.5.
    expect(brandColorProblem('#777777')).toBe(
      'The contrast ratio against white is 4.48:1; it must be at least 4.50:1. Choose a darker colour.',
    );
    expect(brandColorProblem('#ffcc00')).toContain('1.51:1');
  });
  it('accepts a colour at or above 4.5:1', () => {
    expect(brandColorProblem('#767676')).toBeNull();
    expect(brandColorProblem('#1e3a8a')).toBeNull();
  });
  it('refuses an invalid or transparent colour with its own message', () => {
    expect(brandColorProblem('navy')).toBe('Enter a colour as #rrggbb, #rgb or rgb(r, g, b).');
    expect(brandColorProblem('#1e3a8a80')).toBe('The colour must be opaque (no transparency).');
  });
  it('formats ratios with two decimals', () => {
    expect(formatContrastRatio(21)).toBe('21.00:1');
    expect(formatContrastRatio(4.5)).toBe('4.50:1');
  });
});
