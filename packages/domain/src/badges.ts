/**
 * Badges (spec 3 Badge: createdAt, form, title; spec 4 'Earned badge'; issue #18 item 5): a hub defines
 * badges, each with an earning rule over events that exist in Commons today; a member earns a badge once,
 * when their count of the rule's kind reaches its threshold. The spec names no rules; these are Commons'.
 */

/**
 * What a badge counts, each over the member's activity in the badge's hub:
 * - profile_complete: the profile health is 100 % (spec 9 profile score); counts 1 or 0.
 * - answers_given: answers the member posted in the hub's discussions (deleted ones no longer count).
 * - questions_asked: the member's approved questions (a question waiting for moderation is not asked yet).
 * - meetings_held: the member's meetings marked completed by a participant (spec 4 Meetings). An accepted
 *   meeting whose end passed is not counted: it may have been a no-show, which is its own status.
 * - mentorships_completed: long-term mentorships of the member that ended after being active, closed by
 *   the mentor or the mentee or run to the hub's mentorship length (autoClosed, spec 4); one an
 *   administrator closed is not counted, since the pair did not complete it.
 * - groups_joined: groups, organizations and programs the member is an approved member of.
 * - pathways_completed: pathways of the hub the member completed (issue #20 item 1).
 */
export const BADGE_RULE_KINDS = [
  'profile_complete',
  'answers_given',
  'questions_asked',
  'meetings_held',
  'mentorships_completed',
  'groups_joined',
  'pathways_completed',
] as const;

/** One earning-rule kind. */
export type TBadgeRuleKind = (typeof BADGE_RULE_KINDS)[number];

/** A badge's earning rule: the kind it counts and how many it takes. */
export interface TBadgeRule {
  kind: TBadgeRuleKind;
  threshold: number;
}

/** The member's counts per kind; a kind left out counts 0. */
export type TBadgeCounts = Partial<Record<TBadgeRuleKind, number>>;

/** The largest threshold an admin may set (a badge nobody can reach is a mistake). */
export const BADGE_MAX_THRESHOLD = 1000;

/** How each kind reads to admins and members, and whether its threshold is fixed at 1. */
export const BADGE_RULE_LABELS: Readonly<
  Record<TBadgeRuleKind, { label: string; unit: string; isThresholdFixed: boolean }>
> = {
  profile_complete: { label: 'Profile at 100 %', unit: 'complete profile', isThresholdFixed: true },
  answers_given: { label: 'Answers given', unit: 'answers', isThresholdFixed: false },
  questions_asked: { label: 'Questions asked', unit: 'questions', isThresholdFixed: false },
  meetings_held: { label: 'Meetings held', unit: 'meetings', isThresholdFixed: false },
  mentorships_completed: { label: 'Mentorships completed', unit: 'mentorships', isThresholdFixed: false },
  groups_joined: { label: 'Groups joined', unit: 'groups', isThresholdFixed: false },
  pathways_completed: { label: 'Pathways completed', unit: 'pathways', isThresholdFixed: false },
};

/** The meeting status that counts as held (see meetings_held). */
export const HELD_MEETING_STATUS = 'completed';

/** Mentorship closing statuses that count as completed (see mentorships_completed; spec 4). */
export const COMPLETED_MENTORSHIP_STATUSES = ['mentorClosed', 'menteeClosed', 'autoClosed'] as const;

/** Why a rule is not acceptable, or null: a whole threshold from 1, exactly 1 for profile_complete. */
export function badgeRuleError(rule: TBadgeRule): string | null {
  if (!Number.isInteger(rule.threshold) || rule.threshold < 1) return 'Enter a whole number from 1.';
  if (rule.threshold > BADGE_MAX_THRESHOLD) return `Enter a number up to ${BADGE_MAX_THRESHOLD}.`;
  if (BADGE_RULE_LABELS[rule.kind].isThresholdFixed && rule.threshold !== 1)
    return 'A complete profile is earned once: the threshold is 1.';
  return null;
}

/** Whether the counts earn the badge: the rule's count reached its threshold (never below 1). */
export function isBadgeEarned(rule: TBadgeRule, counts: TBadgeCounts): boolean {
  return (counts[rule.kind] ?? 0) >= Math.max(1, rule.threshold);
}

/** One line saying what earns a badge, for admins and the badge modal ("5 answers given"). */
export function describeBadgeRule(rule: TBadgeRule): string {
  const { label, unit, isThresholdFixed } = BADGE_RULE_LABELS[rule.kind];
  return isThresholdFixed ? label : `${rule.threshold} ${rule.threshold === 1 ? singular(unit) : unit}`;
}

function singular(unit: string): string {
  return unit.endsWith('s') ? unit.slice(0, -1) : unit;
}
