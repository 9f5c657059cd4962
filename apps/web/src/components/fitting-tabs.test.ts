import { describe, expect, it } from 'vitest';
import { countFittingTabs } from './fitting-tabs';

describe('countFittingTabs (one row of tabs, the rest in More)', () => {
  const tabWidths = [60, 70, 80, 90];

  it('keeps every tab when all of them fit, without room for More', () => {
    // 60 + 70 + 80 + 90 + 3 gaps of 10 = 330
    expect(countFittingTabs({ tabWidths, gap: 10, moreWidth: 70, available: 330 })).toBe(4);
  });

  it('keeps as many as fit beside More once one does not fit', () => {
    // 3 tabs: 210 + 2 gaps = 230, + gap + More 70 = 310
    expect(countFittingTabs({ tabWidths, gap: 10, moreWidth: 70, available: 329 })).toBe(3);
    expect(countFittingTabs({ tabWidths, gap: 10, moreWidth: 70, available: 309 })).toBe(2);
  });

  it('puts every tab in More when not even one fits beside it', () => {
    expect(countFittingTabs({ tabWidths, gap: 10, moreWidth: 70, available: 100 })).toBe(0);
  });

  it('has nothing to fit without tabs', () => {
    expect(countFittingTabs({ tabWidths: [], gap: 10, moreWidth: 70, available: 0 })).toBe(0);
  });
});
