import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_MS, reconnectDelayMs } from './realtime-backoff';

describe('reconnectDelayMs (exponential backoff with jitter)', () => {
  it('doubles the ceiling per attempt and draws from its upper half', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelayMs(attempt, () => 0))).toEqual([
      500, 1000, 2000, 4000,
    ]);
    expect([0, 1, 2, 3].map((attempt) => reconnectDelayMs(attempt, () => 0.999_999))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('never waits longer than the maximum, however many attempts failed', () => {
    expect(reconnectDelayMs(5, () => 0.999_999)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelayMs(500, () => 0.999_999)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelayMs(500, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  it('spreads tabs out: two random draws give different delays', () => {
    expect(reconnectDelayMs(3, () => 0.1)).not.toBe(reconnectDelayMs(3, () => 0.9));
  });

  it('treats a negative attempt as the first', () => {
    expect(reconnectDelayMs(-2, () => 0)).toBe(500);
  });
});
