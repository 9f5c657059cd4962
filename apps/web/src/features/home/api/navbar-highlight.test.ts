import { BADGE_HIGHLIGHT_MS } from '@commons/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { highlightNavbar, isNavbarHighlighted, subscribe } from './navbar-highlight';

describe('navbar highlight (spec 4 Action item completed, spec 9: 2 seconds)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lights up for 2 seconds, and a second event restarts the 2 seconds', () => {
    const changes: boolean[] = [];
    const unsubscribe = subscribe(() => changes.push(isNavbarHighlighted()));
    expect(isNavbarHighlighted()).toBe(false);
    highlightNavbar();
    expect(isNavbarHighlighted()).toBe(true);
    vi.advanceTimersByTime(BADGE_HIGHLIGHT_MS - 500);
    highlightNavbar();
    vi.advanceTimersByTime(BADGE_HIGHLIGHT_MS - 1);
    expect(isNavbarHighlighted()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isNavbarHighlighted()).toBe(false);
    expect(changes).toEqual([true, true, false]);
    unsubscribe();
  });
});
