import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingThrottle, createTypingTracker, typingText } from './realtime-typing';

describe('createTypingThrottle (spec 9: typing written at most every 2 s)', () => {
  it('sends the first keystroke, drops the ones within 2 seconds, and sends again after 2 seconds', () => {
    let nowMs = 0;
    const throttle = createTypingThrottle(() => new Date(nowMs));
    const sent: number[] = [];
    for (nowMs = 0; nowMs <= 4500; nowMs += 250) if (throttle.shouldSend('t1')) sent.push(nowMs);
    expect(sent).toEqual([0, 2000, 4000]);
  });

  it('throttles each thread on its own and sends at once after a reset', () => {
    const throttle = createTypingThrottle(() => new Date(1000));
    expect(throttle.shouldSend('a')).toBe(true);
    expect(throttle.shouldSend('b')).toBe(true);
    expect(throttle.shouldSend('a')).toBe(false);
    throttle.reset('a');
    expect(throttle.shouldSend('a')).toBe(true);
  });
});

describe('createTypingTracker (spec 4: the typing indicator clears after 3 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a typing user and clears them 3 seconds after the last typing message', () => {
    const changes: string[][] = [];
    const tracker = createTypingTracker({ onChange: (_thread, users) => changes.push([...users]) });
    tracker.record('t1', 'u1');
    expect(tracker.typingIn('t1')).toEqual(['u1']);
    vi.advanceTimersByTime(2000);
    tracker.record('t1', 'u1');
    vi.advanceTimersByTime(2999);
    expect(tracker.typingIn('t1')).toEqual(['u1']);
    vi.advanceTimersByTime(1);
    expect(tracker.typingIn('t1')).toEqual([]);
    expect(changes).toEqual([['u1'], []]);
  });

  it('clears a user at once when their message arrives, and disposes every timer', () => {
    const tracker = createTypingTracker({ onChange: () => undefined });
    tracker.record('t1', 'u1');
    tracker.record('t2', 'u2');
    tracker.clear('t1', 'u1');
    expect(tracker.typingIn('t1')).toEqual([]);
    tracker.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('typingText', () => {
  it('names who is typing', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['Alex'])).toBe('Alex is typing…');
    expect(typingText(['Alex', 'Sam'])).toBe('Alex and Sam are typing…');
  });
});
