/**
 * Group, program and organization rules (spec 4 Group join window per role, spec 8 messages,
 * spec 2 group tabs).
 */
import { calendarDay, isDateSet, type TDateInput } from './time.js';

/** Group types (spec 3). */
export type TGroupType = 'group' | 'mentorshipProgram' | 'organization';

/** Roles in a group (spec 6 Group roles). */
export type TGroupRole = 'mentor' | 'mentee' | 'both' | 'admin';

/** An application timeframe of one role (spec 3 groupSettings.timelines.applicationTimeFrame). */
export interface TApplicationTimeframe {
  start?: TDateInput;
  end?: TDateInput;
  noEndDate?: boolean;
}

/** Application timeframes per role. */
export interface TApplicationTimeframes {
  mentee?: TApplicationTimeframe | null;
  mentor?: TApplicationTimeframe | null;
}

/** Where today falls in one role's window. */
export type TRoleWindowState = 'before' | 'open' | 'after';

/** Join window values (spec 4). */
export type TJoinWindow =
  'beforeBoth' | 'afterBoth' | 'menteeBefore' | 'menteeAfter' | 'mentorBefore' | 'mentorAfter' | 'allow';

/** Join result statuses (spec 4). */
export type TJoinResult =
  'beforeBoth' | 'afterBoth' | 'missedMenteeTimeline' | 'missedMentorTimeline' | 'allow';

/**
 * Where today (in the user's time zone) falls in one window, comparing calendar days inclusively:
 * before the start day, after the end day, else open. A missing timeframe, start or end does not
 * restrict that side; noEndDate ignores the end.
 */
export function roleWindowState(options: {
  timeframe: TApplicationTimeframe | null | undefined;
  now: Date;
  timeZone: string;
}): TRoleWindowState {
  const { timeframe, timeZone } = options;
  const today = calendarDay(options.now, timeZone);
  if (timeframe === null || timeframe === undefined || today === null) return 'open';
  if (isDateSet(timeframe.start)) {
    const startDay = calendarDay(timeframe.start, timeZone);
    if (startDay !== null && today < startDay) return 'before';
  }
  if (timeframe.noEndDate !== true && isDateSet(timeframe.end)) {
    const endDay = calendarDay(timeframe.end, timeZone);
    if (endDay !== null && today > endDay) return 'after';
  }
  return 'open';
}

/** Both roles' window states. */
export interface TRoleWindows {
  mentee: TRoleWindowState;
  mentor: TRoleWindowState;
}

/** Window state of each role from the application timeframes and the user's time zone (spec 4). */
export function roleWindows(options: {
  timeframes: TApplicationTimeframes;
  now: Date;
  timeZone: string;
}): TRoleWindows {
  const { now, timeZone } = options;
  return {
    mentee: roleWindowState({ timeframe: options.timeframes.mentee, now, timeZone }),
    mentor: roleWindowState({ timeframe: options.timeframes.mentor, now, timeZone }),
  };
}

/**
 * Join window value (spec 4): beforeBoth / afterBoth when both roles are closed on the same side,
 * else the first closed role (mentee checked before mentor) as menteeBefore, menteeAfter,
 * mentorBefore or mentorAfter, else allow.
 */
export function groupJoinWindow(options: {
  timeframes: TApplicationTimeframes;
  now: Date;
  timeZone: string;
}): TJoinWindow {
  const { mentee, mentor } = roleWindows(options);
  if (mentee === 'before' && mentor === 'before') return 'beforeBoth';
  if (mentee === 'after' && mentor === 'after') return 'afterBoth';
  if (mentee === 'before') return 'menteeBefore';
  if (mentee === 'after') return 'menteeAfter';
  if (mentor === 'before') return 'mentorBefore';
  if (mentor === 'after') return 'mentorAfter';
  return 'allow';
}

/** How the user's role is set when joining: chosen by the user, or fixed by the program. */
export type TJoinRole = { kind: 'choose' } | { kind: 'fixed'; role: 'mentee' | 'mentor' | 'both' };

/**
 * Join result (spec 4). A user who chooses a role is blocked only when both windows are closed on
 * the same side (beforeBoth, afterBoth); with one role open they may join in that role. A fixed
 * role is blocked when its own window is closed: after the window gives missedMenteeTimeline /
 * missedMentorTimeline, before it gives beforeBoth (the 'not yet open' case). A fixed 'both' role
 * needs both windows: mentee is checked first.
 */
export function groupJoinResult(options: { windows: TRoleWindows; role: TJoinRole }): TJoinResult {
  const { mentee, mentor } = options.windows;
  if (options.role.kind === 'choose') {
    if (mentee === 'before' && mentor === 'before') return 'beforeBoth';
    if (mentee === 'after' && mentor === 'after') return 'afterBoth';
    return 'allow';
  }
  const checks: Array<['mentee' | 'mentor', TRoleWindowState]> = [];
  if (options.role.role !== 'mentor') checks.push(['mentee', mentee]);
  if (options.role.role !== 'mentee') checks.push(['mentor', mentor]);
  for (const [role, state] of checks) {
    if (state === 'after') return role === 'mentee' ? 'missedMenteeTimeline' : 'missedMentorTimeline';
    if (state === 'before') return 'beforeBoth';
  }
  return 'allow';
}

/** Roles a choosing user may pick now: those whose window is open (spec 4). */
export function selectableJoinRoles(windows: TRoleWindows): Array<'mentee' | 'mentor'> {
  const roles: Array<'mentee' | 'mentor'> = [];
  if (windows.mentee === 'open') roles.push('mentee');
  if (windows.mentor === 'open') roles.push('mentor');
  return roles;
}

/** Plural role names used in the join messages; programs may alias them (groupSettings.customText). */
export interface TRoleLabels {
  mentees: string;
  mentors: string;
}

/** Default plural role names. */
export const DEFAULT_ROLE_LABELS: TRoleLabels = { mentees: 'mentees', mentors: 'mentors' };

/**
 * User message of a blocked join (spec 8), or null for allow. beforeBoth: 'Sorry! This program is
 * not yet open to {mentees} or {mentors}' (spec wording, no final punctuation); afterBoth: 'Sorry!
 * This program is no longer accepting {mentees} or {mentors}'; missed timelines: 'Sorry! This
 * program is no longer accepting {mentees}' or '… {mentors}'.
 */
export function joinResultMessage(options: { result: TJoinResult; labels?: TRoleLabels }): string | null {
  const { mentees, mentors } = options.labels ?? DEFAULT_ROLE_LABELS;
  switch (options.result) {
    case 'beforeBoth':
      return `Sorry! This program is not yet open to ${mentees} or ${mentors}`;
    case 'afterBoth':
      return `Sorry! This program is no longer accepting ${mentees} or ${mentors}`;
    case 'missedMenteeTimeline':
      return `Sorry! This program is no longer accepting ${mentees}`;
    case 'missedMentorTimeline':
      return `Sorry! This program is no longer accepting ${mentors}`;
    default:
      return null;
  }
}

/** Favoriting window values (spec 4). */
export type TFavoritingWindow = 'isBefore' | 'isAfter' | 'isBetween' | 'allow';

/**
 * Favoriting window (spec 4), by calendar day in the user's time zone, inclusive: no timeline gives
 * allow; before the start isBefore; after the end isAfter; else isBetween. A timeline with only a
 * start or only an end is open on the other side.
 */
export function favoritingWindow(options: {
  favorite: { start?: TDateInput; end?: TDateInput } | null | undefined;
  now: Date;
  timeZone: string;
}): TFavoritingWindow {
  const { favorite } = options;
  if (
    favorite === null ||
    favorite === undefined ||
    (!isDateSet(favorite.start) && !isDateSet(favorite.end))
  ) {
    return 'allow';
  }
  const state = roleWindowState({
    timeframe: { start: favorite.start, end: favorite.end },
    now: options.now,
    timeZone: options.timeZone,
  });
  if (state === 'before') return 'isBefore';
  if (state === 'after') return 'isAfter';
  return 'isBetween';
}

/** Favoriting is allowed in the window (isBetween) or with no timeline (allow) (spec 4). */
export function isFavoritingAllowed(window: TFavoritingWindow): boolean {
  return window === 'isBetween' || window === 'allow';
}

/** Message before the favoriting window opens (spec 8). */
export const FAVORITES_NOT_YET_MESSAGE = 'Sorry, we are not yet accepting favorites for this program!';
/** Message after the favoriting window closed (spec 8). */
export const FAVORITES_NO_LONGER_MESSAGE = 'Sorry, we are no longer accepting favorites for this program!';

/** User message of a closed favoriting window, or null when favoriting is allowed (spec 8). */
export function favoritingMessage(window: TFavoritingWindow): string | null {
  if (window === 'isBefore') return FAVORITES_NOT_YET_MESSAGE;
  if (window === 'isAfter') return FAVORITES_NO_LONGER_MESSAGE;
  return null;
}

/** A user's group membership as far as access cares (spec 3 Group membership). */
export interface TGroupMembershipStanding {
  status: string | null | undefined;
  hubApproved: boolean | null | undefined;
  completedRegistrationDate: TDateInput;
  importStatus?: string | null;
}

/**
 * Member in good standing (spec 4): group status approved (a group admin's status 'admin' counts
 * too), hub approval true and registration completed.
 */
export function isMemberInGoodStanding(membership: TGroupMembershipStanding): boolean {
  return (
    (membership.status === 'approved' || membership.status === 'admin') &&
    membership.hubApproved === true &&
    isDateSet(membership.completedRegistrationDate)
  );
}

/** Outcome of opening group content as a member. */
export type TGroupMemberAccess = 'allow' | 'continueRegistration' | 'deny';

/**
 * Group content access for a member (spec 4): a member in good standing is allowed; an imported
 * member who has not completed registration is sent to continueRegistration; anyone else is denied.
 */
export function groupMemberAccess(
  membership: TGroupMembershipStanding | null | undefined,
): TGroupMemberAccess {
  if (membership === null || membership === undefined) return 'deny';
  if (isMemberInGoodStanding(membership)) return 'allow';
  if (membership.importStatus === 'imported' && !isDateSet(membership.completedRegistrationDate)) {
    return 'continueRegistration';
  }
  return 'deny';
}

/** The group page URL with continueRegistration=true appended (spec 2 Query parameters). */
export function continueRegistrationUrl(groupPath: string): string {
  return `${groupPath}${groupPath.includes('?') ? '&' : '?'}continueRegistration=true`;
}

/** Message when a non-member tries to message group members (spec 8). */
export const NOT_GROUP_MEMBER_MESSAGE =
  'Looks like you are not a member of this group. Only group members could message other members.';

/** Message when a group member writes, inside the group, to someone who is not in it. */
export const RECIPIENT_NOT_IN_GROUP_MESSAGE =
  'This person is not a member of this group. Write to them from your inbox instead.';

/** Group page tabs (spec 2). */
export const GROUP_TABS = [
  'about',
  'members',
  'mentors',
  'discussion',
  'resources',
  'events',
  'admin',
  'feed',
] as const;

/** One group tab. */
export type TGroupTab = (typeof GROUP_TABS)[number];

/** Per-tab visibility settings (spec 3 groupSettings.visibleTabs). */
export interface TGroupTabSetting {
  id: string;
  visible?: boolean;
  /** Group roles that see the tab; empty or absent means every role. */
  visibleUserTypes?: readonly string[];
  /** Hub user type ids that see the tab; empty or absent means every user type. */
  visibleForUserTypes?: readonly string[];
}

/**
 * Tabs shown on a group page (spec 2, spec 6): feed always; members for groups and organizations,
 * mentors (and members) for mentorship programs; the admin tab only when isAdminTabVisible;
 * other tabs follow their visibleTabs setting by role (visibleUserTypes) and by hub user type
 * (visibleForUserTypes). Tabs without a setting are shown.
 */
export function visibleGroupTabs(options: {
  groupType: TGroupType;
  settings?: readonly TGroupTabSetting[];
  role: TGroupRole | null;
  userTypeId: string | null;
  isAdminTabVisible: boolean;
}): TGroupTab[] {
  return GROUP_TABS.filter((tab) => {
    if (tab === 'feed') return true;
    if (tab === 'admin') return options.isAdminTabVisible;
    if (tab === 'mentors' && options.groupType !== 'mentorshipProgram') return false;
    const setting = options.settings?.find((item) => item.id === tab);
    if (setting === undefined) return true;
    if (setting.visible === false) return false;
    const matches = (list: readonly string[] | undefined, value: string | null): boolean =>
      list === undefined || list.length === 0 || (value !== null && list.includes(value));
    return (
      matches(setting.visibleUserTypes, options.role) &&
      matches(setting.visibleForUserTypes, options.userTypeId)
    );
  });
}
