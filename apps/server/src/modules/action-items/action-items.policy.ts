import { ZActionItemSetting, type TActionItemSetting, type THubSettings } from '@commons/contract';
import { isHubFeatureOn, type TActionItemType } from '@commons/domain';
import type { TUserTypeRow } from '../../plugins/request-context.js';
import { assessmentSettingsOf } from '../assessments/assessments.policy.js';
import { areCareerPathsShown } from '../career-paths/career-paths.policy.js';
import { arePathwaysShown } from '../pathways/pathways.policy.js';
import { mayHaveCareerStories } from '../profiles/career-stories.policy.js';

/**
 * Action items whose feature exists in Commons today (issue #18 item 4); the others stay hidden until
 * their feature exists: select_interests (no general interests),
 * job_connections, job_search_alerts,
 * resume_review, schedule_mock_interview (no jobs or review requests), el_save_opportunity (saving a post does not complete it
 * yet) and student_opt_in (no opt-in).
 * Each of these completes by itself from its event, custom_manual_action by hand:
 * - complete_profile: the profile health reaches 100 % (profile edits, photo, documents).
 * - upload_documents: a resume or document is uploaded (modules/files).
 * - career_stories: a career story is saved (modules/profiles career-stories).
 * - group_register: the user completes joining or registering in a group or program of the hub (modules/groups).
 * - build_your_network: the user starts a conversation with someone in the hub (modules/inbox).
 * - number_of_meetings: a meeting of the user in the hub is accepted, for both participants (modules/meetings);
 *   Commons has no per-program meeting count, so one meeting fulfils it.
 * - share_your_experience: the user answers a discussion question of the hub (modules/discussions).
 * - offer_expertise: the user's profile offers help topics (modules/profiles); only for user types that offer help.
 * - sync_calendar: a calendar app fetches the user's private meetings feed (modules/availability).
 * - get_notified: the user chooses email notifications of unread messages (account settings, other than
 *   never) or a device registers for pushes (modules/push-tokens).
 * - el_add_interest: the user saves experience interests (PUT /api/experiential-learning/interests).
 * - el_report_participation: the user reports participation (POST /api/experiential-learning/reports).
 * - el_apply_opportunity: the user applies to a job or project of the hub (modules/job-applications).
 * - favorite_career_paths: the user favourites a career path (modules/career-paths); offered only where the hub
 *   shows career paths (the Career Paths module and the career paths feature flag).
 * - complete_pathwayu_assessment: the assessment provider's signed results of the user arrive (modules/assessments
 *   webhook); offered only where the hub has an active assessment (moduleSettings.careerAssessment.isEnabled).
 * - advising_meetings: the user books an advising appointment in the hub (modules/advising); offered only where
 *   the hub shows advising (its Advisers module).
 * - start_pathway, complete_pathway: the user accepts and starts, or completes, a pathway of the hub
 *   (modules/pathways; completing may come with a reviewer's approval of the last pending step); offered only
 *   where the hub shows pathways (its Pathways module).
 * - auto_greeting_welcome: the member opens the hub's auto-greeting in their inbox (modules/hub-welcome); offered only
 *   where the hub's auto-greeting feature flag is on, and only to members who received the greeting.
 * - custom_manual_action: the user marks it done (POST /api/action-items/:type/complete).
 */
export const AVAILABLE_ACTION_ITEMS: readonly TActionItemType[] = [
  'complete_profile',
  'upload_documents',
  'career_stories',
  'group_register',
  'build_your_network',
  'number_of_meetings',
  'share_your_experience',
  'offer_expertise',
  'sync_calendar',
  'get_notified',
  'el_add_interest',
  'el_save_opportunity',
  'el_report_participation',
  'el_apply_opportunity',
  'advising_meetings',
  'favorite_career_paths',
  'start_pathway',
  'complete_pathway',
  'complete_pathwayu_assessment',
  'auto_greeting_welcome',
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
 * Whether an item's feature exists in the hub: built in Commons; advising_meetings only where advising is shown,
 * favorite_career_paths only where career paths are, start_pathway and complete_pathway only where pathways are,
 * complete_pathwayu_assessment only where an assessment is active.
 */
export function isActionItemFeatureOn(settings: THubSettings | null, type: TActionItemType): boolean {
  if (!AVAILABLE_ACTION_ITEMS.includes(type)) return false;
  if (type === 'favorite_career_paths') return settings !== null && areCareerPathsShown(settings);
  if (type === 'start_pathway' || type === 'complete_pathway')
    return settings !== null && arePathwaysShown(settings.enabledModules);
  if (type === 'complete_pathwayu_assessment') return assessmentSettingsOf(settings).isEnabled;
  if (type === 'auto_greeting_welcome')
    return settings !== null && isHubFeatureOn(settings.featureFlags, 'autoGreeting');
  return type !== 'advising_meetings' || settings?.enabledModules.includes('advisers') === true;
}

/**
 * Whether the hub offers an item: its feature exists and the admins did not turn it off;
 * custom_manual_action only once the admins turned it on with a link.
 */
export function isActionItemOffered(settings: THubSettings | null, type: TActionItemType): boolean {
  if (!isActionItemFeatureOn(settings, type)) return false;
  const setting = actionItemSettingOf(settings, type);
  if (type === 'custom_manual_action') return setting?.isEnabled === true && Boolean(setting.link?.trim());
  return setting?.isEnabled !== false;
}

/** Whether an item fits the member's user type: career stories and help offers only where the type has them. */
export function isActionItemForUserType(
  settings: THubSettings | null,
  userType: TUserTypeRow | null,
  type: TActionItemType,
): boolean {
  if (type === 'career_stories') return mayHaveCareerStories(userType, settings);
  if (type === 'offer_expertise') return userType?.canOfferHelp === true;
  return true;
}
