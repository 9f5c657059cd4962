import type { TActionItem, TActionItemAdminEntry, THubSettings } from '@commons/contract';
import { ACTION_ITEMS, actionItemBanner, type TActionItemType } from '@commons/domain';
import { actionItemSettingOf, MANUAL_ACTION_ITEMS } from './action-items.policy.js';

/** One action item as the viewer sees it in the hub: the banner with the hub's edits applied (spec 3). */
export function presentActionItem(settings: THubSettings | null, type: TActionItemType): TActionItem {
  const setting = actionItemSettingOf(settings, type);
  const banner = actionItemBanner({ type, overrides: setting });
  const link = type === 'custom_manual_action' ? (setting?.link?.trim() ?? null) : banner.link;
  return {
    type,
    heading: banner.heading,
    title: banner.title,
    description: banner.description,
    buttonLabel: banner.buttonLabel,
    clickAction: banner.clickAction,
    link: link === '' ? null : link,
    imageUrl: banner.imageUrl,
    mobileImageUrl: banner.mobileImageUrl,
    reflectionPrompt: banner.reflectionPrompt,
    isManual: MANUAL_ACTION_ITEMS.includes(type),
  };
}

/**
 * One item as the hub's admins edit it: the default copy, the stored edits in the shape they are saved
 * (items other than custom_manual_action are on until turned off), and the banner members see.
 */
export function presentActionItemAdminEntry(
  settings: THubSettings | null,
  type: TActionItemType,
): TActionItemAdminEntry {
  const setting = actionItemSettingOf(settings, type);
  const base = ACTION_ITEMS[type];
  return {
    type,
    heading: base.heading,
    clickAction: base.clickAction,
    defaults: { title: base.title, description: base.description, buttonLabel: base.buttonLabel },
    setting: {
      isEnabled: setting?.isEnabled ?? type !== 'custom_manual_action',
      title: setting?.title ?? null,
      description: setting?.description ?? null,
      buttonLabel: setting?.buttonLabel ?? null,
      imageUrl: setting?.imageUrl ?? null,
      mobileImageUrl: setting?.mobileImageUrl ?? null,
      reflectionPrompt: setting?.reflectionPrompt ?? null,
      link: setting?.link ?? null,
    },
    banner: presentActionItem(settings, type),
  };
}
