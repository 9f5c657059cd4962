import type { TActionItem, THubSettings } from '@commons/contract';
import { actionItemBanner, type TActionItemType } from '@commons/domain';
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
