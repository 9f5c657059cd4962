import { describe, expect, it } from 'vitest';
import {
  ACTION_ITEM_TYPES,
  ACTION_ITEMS,
  actionItemBanner,
  isActionItemType,
  shouldShowActionItem,
} from './action-items.js';

describe('action item catalogue (spec 3)', () => {
  it('defines all 27 types with copy, click action and heading', () => {
    expect(ACTION_ITEM_TYPES).toHaveLength(27);
    expect(Object.keys(ACTION_ITEMS)).toEqual([...ACTION_ITEM_TYPES]);
    for (const type of ACTION_ITEM_TYPES) {
      const item = ACTION_ITEMS[type];
      expect(item.type).toBe(type);
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.description.length).toBeGreaterThan(0);
      expect(item.buttonLabel.length).toBeGreaterThan(0);
      expect(['modal', 'link', 'group', 'pathway', 'link-or-highlight']).toContain(item.clickAction);
      if (item.clickAction === 'modal' || item.clickAction === 'group' || item.clickAction === 'pathway') {
        expect(item.link).toBeNull();
      }
    }
  });

  it('uses every click action and gives some items a showLimit', () => {
    const actions = new Set(Object.values(ACTION_ITEMS).map((item) => item.clickAction));
    expect(actions).toEqual(new Set(['modal', 'link', 'group', 'pathway', 'link-or-highlight']));
    expect(Object.values(ACTION_ITEMS).filter((item) => item.showLimit !== null).length).toBeGreaterThan(0);
  });

  it.each([
    ['complete_profile', true],
    ['el_apply_opportunity', true],
    ['make_coffee', false],
    [null, false],
  ])('%j is an action item type=%s', (value, expected) => {
    expect(isActionItemType(value)).toBe(expected);
  });
});

describe('actionItemBanner (spec 3 admin edits)', () => {
  it('shows the defaults without overrides', () => {
    expect(actionItemBanner({ type: 'sync_calendar' })).toEqual({
      ...ACTION_ITEMS.sync_calendar,
      imageUrl: null,
      mobileImageUrl: null,
      reflectionPrompt: null,
    });
  });

  it('applies non-blank admin overrides', () => {
    const banner = actionItemBanner({
      type: 'complete_profile',
      overrides: {
        title: 'Finish your profile!',
        description: '  ',
        buttonLabel: null,
        imageUrl: 'https://cdn.example/banner.png',
        reflectionPrompt: 'What do you want people to know?',
      },
    });
    expect(banner.title).toBe('Finish your profile!');
    expect(banner.description).toBe(ACTION_ITEMS.complete_profile.description);
    expect(banner.buttonLabel).toBe(ACTION_ITEMS.complete_profile.buttonLabel);
    expect(banner.imageUrl).toBe('https://cdn.example/banner.png');
    expect(banner.mobileImageUrl).toBeNull();
    expect(banner.reflectionPrompt).toBe('What do you want people to know?');
  });
});

describe('shouldShowActionItem (spec 3 showLimit)', () => {
  it.each([
    ['sync_calendar', 0, false, true],
    ['sync_calendar', 2, false, true],
    ['sync_calendar', 3, false, false],
    ['auto_greeting_welcome', 1, false, false],
    ['complete_profile', 1000, false, true],
    ['complete_profile', 0, true, false],
  ] as const)('%s shown %d times (completed %s) shows=%s', (type, timesShown, isCompleted, expected) => {
    expect(shouldShowActionItem({ type, timesShown, isCompleted })).toBe(expected);
  });
});
