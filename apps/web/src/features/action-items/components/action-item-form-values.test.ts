import type { TActionItemAdminEntry } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { bannerPreviewOf, formValuesOf, settingRequestOf } from './action-item-form-values';

const entry = (
  type: TActionItemAdminEntry['type'],
  setting: Partial<TActionItemAdminEntry['setting']> = {},
) =>
  ({
    type,
    heading: 'Get started',
    clickAction: 'link',
    defaults: { title: 'Default title', description: 'Default text', buttonLabel: 'Go' },
    setting: {
      isEnabled: true,
      title: null,
      description: null,
      buttonLabel: null,
      imageUrl: null,
      mobileImageUrl: null,
      reflectionPrompt: null,
      link: null,
      ...setting,
    },
    banner: {} as TActionItemAdminEntry['banner'],
  }) satisfies TActionItemAdminEntry;

describe('the action item edit form', () => {
  it('sends blank text as null so the default copy stays, trimmed text as typed', () => {
    const item = entry('complete_profile', { title: 'Finish today' });
    const values = { ...formValuesOf(item), description: '   ', reflectionPrompt: ' What did you learn? ' };
    expect(values.title).toBe('Finish today');
    expect(settingRequestOf(item, values)).toEqual({
      isEnabled: true,
      title: 'Finish today',
      description: null,
      buttonLabel: null,
      imageUrl: null,
      mobileImageUrl: null,
      reflectionPrompt: 'What did you learn?',
      link: null,
    });
  });

  it('sends the link only for the custom manual action', () => {
    const manual = entry('custom_manual_action');
    const values = { ...formValuesOf(manual), link: ' https://example.test/coc ' };
    expect(settingRequestOf(manual, values).link).toBe('https://example.test/coc');
    expect(settingRequestOf(entry('complete_profile'), values).link).toBeNull();
  });

  it('previews the banner with the defaults where the text is blank', () => {
    const item = entry('group_register');
    const preview = bannerPreviewOf(item, { ...formValuesOf(item), title: 'Join a club', buttonLabel: ' ' });
    expect(preview).toMatchObject({ title: 'Join a club', description: 'Default text', buttonLabel: 'Go' });
  });
});
