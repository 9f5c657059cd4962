import { ZActionItemSetting, type TActionItemSetting, type THubSettings } from '@commons/contract';
import type { TActionItemType } from '@commons/domain';

/**
 * Action items whose feature exists in Commons today (issue #18 item 4); the others stay hidden until
 * their feature (interests, calendar sync, advising, pathways, jobs, experiential learning, …) exists.
 * Each of these completes by itself from its event, custom_manual_action by hand:
 * - complete_profile: the profile health reaches 100 % (profile edits, photo, documents).
 * - upload_documents: a resume or document is uploaded (modules/files).
 * - career_stories: a career story is saved (modules/profiles career-stories).
 * - custom_manual_action: the user marks it done (POST /api/action-items/:type/complete).
 */
export const AVAILABLE_ACTION_ITEMS: readonly TActionItemType[] = [
  'complete_profile',
  'upload_documents',
  'career_stories',
  'custom_manual_action',
];

/** The action items a user completes by hand. */
export const MANUAL_ACTION_ITEMS: readonly TActionItemType[] = ['custom_manual_action'];

/** The hub's edits of one action item (hub moduleSettings.actionItems[type]); malformed counts as none. */
export function actionItemSettingOf(
  settings: THubSettings | null,
  type: TActionItemType,
): TActionItemSetting | null {
  const all = settings?.moduleSettings['actionItems'];
  if (typeof all !== 'object' || all === null) return null;
  const parsed = ZActionItemSetting.safeParse((all as Record<string, unknown>)[type]);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether the hub offers an item: its feature exists and the admins did not turn it off;
 * custom_manual_action only once the admins turned it on with a link.
 */
export function isActionItemOffered(settings: THubSettings | null, type: TActionItemType): boolean {
  if (!AVAILABLE_ACTION_ITEMS.includes(type)) return false;
  const setting = actionItemSettingOf(settings, type);
  if (type === 'custom_manual_action') return setting?.isEnabled === true && Boolean(setting.link?.trim());
  return setting?.isEnabled !== false;
}
