import { describe, expect, it } from 'vitest';
import {
  connectionState,
  isTypingIndicatorVisible,
  PRESENCE_WINDOW_MS,
  presenceStatus,
  shouldWriteTyping,
  TYPING_INDICATOR_TIMEOUT_MS,
  TYPING_LOOKBACK_MS,
  TYPING_WRITE_THROTTLE_MS,
} from './presence.js';

const now = new Date('2025-03-10T12:00:00Z');
const ago = (ms: number): Date => new Date(now.getTime() - ms);
const HOUR = 3_600_000;

describe('presence constants (spec 9)', () => {
  it('uses a 48 h window, 3 s indicator, 2 s throttle and 3 s look-back', () => {
    expect(PRESENCE_WINDOW_MS).toBe(172_800_000);
    expect(PRESENCE_WINDOW_MS).toBe(48 * HOUR);
    expect(TYPING_INDICATOR_TIMEOUT_MS).toBe(3_000);
    expect(TYPING_WRITE_THROTTLE_MS).toBe(2_000);
    expect(TYPING_LOOKBACK_MS).toBe(3_000);
  });
});

describe('presenceStatus (spec 4 Presence)', () => {
  it.each([
    ['an online connection', ['online'], ago(100 * HOUR), false, 'online'],
    ['one online among away', ['away', 'online'], null, false, 'online'],
    ['away connections, active 1 h ago', ['away'], ago(HOUR), false, 'away'],
    ['away connections, active exactly 48 h ago', ['away'], ago(48 * HOUR), false, 'away'],
    ['away connections, active 48 h + 1 ms ago', ['away'], ago(48 * HOUR + 1), false, 'offline'],
    ['no connections, active 1 h ago', [], ago(HOUR), false, 'offline-away'],
    ['no connections, active exactly 48 h ago', [], ago(48 * HOUR), false, 'offline-away'],
    ['no connections, active 49 h ago', [], ago(49 * HOUR), false, 'offline'],
    ['no connections, never active', [], null, false, 'offline'],
    ['away connections, never active', ['away'], undefined, false, 'offline'],
    ['always-offline while online', ['online'], ago(0), true, 'offline'],
  ] as const)('%s is %s', (_label, connections, lastActivityAt, isAlwaysOffline, expected) => {
    expect(presenceStatus({ connections, lastActivityAt, now, isAlwaysOffline })).toBe(expected);
  });

  it('a hidden page reports away, a visible one online', () => {
    expect(connectionState({ isPageHidden: true })).toBe('away');
    expect(connectionState({ isPageHidden: false })).toBe('online');
    expect(
      presenceStatus({ connections: [connectionState({ isPageHidden: true })], lastActivityAt: now, now }),
    ).toBe('away');
  });
});

describe('typing (spec 4, spec 9)', () => {
  it.each([
    [null, false],
    [undefined, false],
    [ago(0), true],
    [ago(2_999), true],
    [ago(3_000), false],
    [ago(10_000), false],
    [new Date(now.getTime() + 500), false],
  ])('typing at %j shows the indicator=%s', (typingAt, expected) => {
    expect(isTypingIndicatorVisible({ typingAt, now })).toBe(expected);
  });

  it.each([
    [null, true],
    [ago(1_999), false],
    [ago(2_000), true],
  ])('last write %j allows a new write=%s', (lastWriteAt, expected) => {
    expect(shouldWriteTyping({ lastWriteAt, now })).toBe(expected);
  });
});
