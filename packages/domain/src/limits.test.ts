import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONNECTION_LIMIT_TITLE,
  connectionLimitDetail,
  doesHelpOfferCount,
  effectiveLimit,
  hasCapacity,
  hasAvailabilityEnded,
  isBlockedByAvailability,
  isConnectionAllowed,
  isRequestLimitReached,
  NO_AVAILABLE_DATES_MESSAGE,
  remainingCapacity,
  requestLimitError,
  requestLimitMessage,
  unavailableMessage,
  UNLIMITED,
} from './limits.js';

const limit = fc.oneof(fc.constant(-1), fc.nat(1000));

describe('request limit (spec 5 Request limit)', () => {
  it.each([
    [0, -1, false],
    [10_000, -1, false],
    [0, 0, true],
    [0, 1, false],
    [1, 1, true],
    [2, 3, false],
    [3, 3, true],
    [4, 3, true],
  ])('%d requested with maxMessages %d is blocked=%s', (requestedCount, maxMessages, isBlocked) => {
    expect(isRequestLimitReached({ requestedCount, maxMessages })).toBe(isBlocked);
    expect(requestLimitError({ requestedCount, maxMessages })).toBe(
      isBlocked ? requestLimitMessage(maxMessages) : null,
    );
  });

  it('uses the exact spec message', () => {
    expect(requestLimitMessage(3)).toBe(
      'You already have the maximum number of allowed ongoing or pending requests. You are allowed 3 requests or connections at a time.',
    );
  });

  it('blocks exactly when a finite limit is reached (property)', () => {
    fc.assert(
      fc.property(fc.nat(2000), limit, (requestedCount, maxMessages) => {
        const isBlocked = isRequestLimitReached({ requestedCount, maxMessages });
        expect(isBlocked).toBe(maxMessages !== -1 && requestedCount >= maxMessages);
      }),
    );
  });
});

describe('isConnectionAllowed (spec 5 Connection)', () => {
  it.each([
    [true, false, -1, true],
    [false, true, 5, true],
    [true, true, 0, false],
    [false, false, 5, false],
    [false, false, -1, false],
  ])(
    'flash=%s long-term=%s max=%d gives %s',
    (isFlashMentorshipEnabled, isLongTermMentorshipEnabled, maxConnections, expected) => {
      expect(
        isConnectionAllowed({ isFlashMentorshipEnabled, isLongTermMentorshipEnabled, maxConnections }),
      ).toBe(expected);
    },
  );
});

describe('effectiveLimit (spec 5 Effective limit)', () => {
  it.each([
    [-1, -1, -1],
    [-1, 0, 0],
    [0, -1, 0],
    [5, -1, 5],
    [-1, 7, 7],
    [5, 7, 5],
    [7, 5, 5],
    [0, 0, 0],
    [null, 4, 4],
    [undefined, undefined, -1],
  ])('combines %j and %j into %d', (a, b, expected) => {
    expect(effectiveLimit(a, b)).toBe(expected);
  });

  it('is commutative, never looser than either finite value, and -1 is its identity (property)', () => {
    fc.assert(
      fc.property(limit, limit, (a, b) => {
        const combined = effectiveLimit(a, b);
        expect(combined).toBe(effectiveLimit(b, a));
        expect(effectiveLimit(a, UNLIMITED)).toBe(a);
        if (a !== -1) expect(combined === -1 ? false : combined <= a).toBe(true);
        if (a === -1 && b === -1) expect(combined).toBe(-1);
        expect(effectiveLimit(combined, a)).toBe(combined);
      }),
    );
  });
});

describe('capacity (spec 5 Capacity)', () => {
  it.each([
    [-1, 0, Number.POSITIVE_INFINITY, true],
    [-1, 500, Number.POSITIVE_INFINITY, true],
    [0, 0, 0, false],
    [3, 2, 1, true],
    [3, 3, 0, false],
    [3, 5, 0, false],
  ])('limit %d with %d used leaves %d, allowed=%s', (lim, used, remaining, isAllowed) => {
    expect(remainingCapacity({ limit: lim, used })).toBe(remaining);
    expect(hasCapacity({ limit: lim, remaining })).toBe(isAllowed);
  });

  it('allows a request exactly when remaining capacity is above 0 or the limit is -1 (property)', () => {
    fc.assert(
      fc.property(limit, fc.nat(2000), (lim, used) => {
        const remaining = remainingCapacity({ limit: lim, used });
        expect(remaining).toBeGreaterThanOrEqual(0);
        expect(hasCapacity({ limit: lim, remaining })).toBe(lim === -1 || used < lim);
      }),
    );
  });
});

describe('limit messages (spec 8)', () => {
  it('uses the exact spec wording', () => {
    expect(CONNECTION_LIMIT_TITLE).toBe(
      "Looks like you've reached the maximum number of connections allowed!",
    );
    expect(connectionLimitDetail(5)).toBe('You can have 5 connections open at a time.');
    expect(unavailableMessage('Ada')).toBe('Ada is unavailable at this time.');
    expect(NO_AVAILABLE_DATES_MESSAGE).toBe('This user currently has no available dates for meeting');
  });
});

describe('isBlockedByAvailability (spec 5 Availability)', () => {
  const now = new Date('2025-03-10T18:00:00Z');
  const timeZone = 'America/Los_Angeles';
  it.each([
    ['flashMentorship', '2025-03-09', true],
    ['flashMentorship', '2025-03-10', false],
    ['exploreMentorship', '2025-03-09T23:00:00Z', true],
    ['adviserMeetingV2', new Date('2025-03-10T06:00:00Z'), true],
    ['adviserMeetingV2', new Date('2025-03-10T08:00:00Z'), false],
    ['flashMentorship', null, false],
    ['flashMentorship', '', false],
    ['flashMentorship', 'not a date', false],
    ['longTermMentorship', '2020-01-01', false],
    ['message', '2020-01-01', false],
  ] as const)('%s with last availability %j is blocked=%s', (messageType, lastAvailabilityDate, expected) => {
    expect(isBlockedByAvailability({ messageType, lastAvailabilityDate, now, timeZone })).toBe(expected);
  });

  it('hasAvailabilityEnded answers for any booking, whatever the message type', () => {
    expect(hasAvailabilityEnded({ lastAvailabilityDate: '2025-03-09', now, timeZone })).toBe(true);
    expect(hasAvailabilityEnded({ lastAvailabilityDate: '2025-03-10', now, timeZone })).toBe(false);
    expect(hasAvailabilityEnded({ lastAvailabilityDate: null, now, timeZone })).toBe(false);
  });
});

describe('doesHelpOfferCount (spec 5 Help offer attribute)', () => {
  it.each([
    [true, 3, false, true],
    [true, 0, true, true],
    [true, 0, false, false],
    [false, 3, true, false],
  ])(
    'canOfferHelp=%s options=%d custom=%s counts=%s',
    (canOfferHelp, optionCount, allowsCustomOptions, expected) => {
      expect(doesHelpOfferCount({ canOfferHelp, optionCount, allowsCustomOptions })).toBe(expected);
    },
  );
});
