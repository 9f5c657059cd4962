/**
 * Signup, approval and first-time-user rules of spec 4 (Signup and approval).
 */

/** Signup stage of a light user's hub membership (spec 3, spec 4). */
export const LIGHT_SIGNUP_STAGE = 'LIGHT_SIGNUP_STAGE';

/** Signup status of a user (spec 4). */
export type TSignupStatus = 'notstarted' | 'started' | 'completed';

/** Approval state of a hub membership (spec 4). */
export type TApprovalState = 'approved' | 'rejected' | 'pending';

/** Import status of a hub or group membership (spec 3). */
export type TImportStatus = 'joined' | 'imported';

type TMaybeDate = Date | string | null | undefined;

function isSet(value: TMaybeDate): boolean {
  return value !== null && value !== undefined && value !== '';
}

function isEmptyStage(stage: string | null | undefined): boolean {
  return stage === null || stage === undefined || stage === '';
}

/** notstarted without startedSignupAt, started with it, completed once dateJoined or completedSignupAt is set (spec 4). */
export function signupStatus(options: {
  startedSignupAt?: TMaybeDate;
  completedSignupAt?: TMaybeDate;
  dateJoined?: TMaybeDate;
}): TSignupStatus {
  if (isSet(options.dateJoined) || isSet(options.completedSignupAt)) return 'completed';
  return isSet(options.startedSignupAt) ? 'started' : 'notstarted';
}

/** approved true is approved, false is rejected, unset is pending (spec 4). */
export function approvalState(approved: boolean | null | undefined): TApprovalState {
  if (approved === true) return 'approved';
  if (approved === false) return 'rejected';
  return 'pending';
}

/** Approved user: importStatus joined, empty signupStage and approved true (spec 4). */
export function isApprovedUser(options: {
  importStatus: string | null | undefined;
  signupStage: string | null | undefined;
  approved: boolean | null | undefined;
}): boolean {
  return options.importStatus === 'joined' && isEmptyStage(options.signupStage) && options.approved === true;
}

/** Light user: signupStage is LIGHT_SIGNUP_STAGE (spec 4). */
export function isLightUser(options: { signupStage: string | null | undefined }): boolean {
  return options.signupStage === LIGHT_SIGNUP_STAGE;
}

/** How far a member stands in a hub, for what the app shows them (spec 2 Redirect rules, spec 4, spec 6). */
export type TMemberStanding = 'approved' | 'light' | 'pending' | 'rejected';

/** The standing of a hub membership: pending or rejected until approved, then light or (fully) approved. */
export function memberStanding(options: {
  approved: boolean | null | undefined;
  signupStage: string | null | undefined;
}): TMemberStanding {
  const approval = approvalState(options.approved);
  if (approval !== 'approved') return approval;
  return isLightUser(options) ? 'light' : 'approved';
}

/**
 * The reduced module set of a light user (spec 6 'Light users get a reduced module set'): what can be read
 * without a full profile. Messaging, the directory, groups and programs wait for a full membership, because
 * the server lets only approved users message, list people and join (INTERPRETATION in the domain README).
 */
export const LIGHT_USER_MODULES: readonly string[] = ['home', 'events', 'resources', 'discussions'];

/**
 * Whether a navigation module shows for a member of this standing: every module for approved members, the
 * light set for light users, none for pending or rejected members, whom every hub page sends to the
 * pending-approval page (spec 2 Redirect rules).
 */
export function isModuleOpenTo(options: { moduleId: string; standing: TMemberStanding }): boolean {
  if (options.standing === 'approved') return true;
  if (options.standing === 'light') return LIGHT_USER_MODULES.includes(options.moduleId);
  return false;
}

/** Pending actions that start the first-time-user flow (spec 4). */
export const FTU_PENDING_ACTIONS = {
  required: 'FTU_REQUIRED',
  matchingRequired: 'FTU_MATCHING_REQUIRED',
} as const;

/** Target of a first-time-user redirect (spec 2 signup/new/collect-preferences and signup/new/matching). */
export type TFtuRedirectTarget = 'collect-preferences' | 'matching';

/**
 * The first-time-user redirect target, or null (spec 4): requires FTU_REQUIRED or
 * FTU_MATCHING_REQUIRED pending, an empty signup stage, a user type showing the matching
 * experience, and parent approval. FTU_REQUIRED goes to collect-preferences (the flow's first step);
 * FTU_MATCHING_REQUIRED alone goes straight to matching.
 */
export function ftuRedirectTarget(options: {
  pendingActions: readonly string[];
  signupStage: string | null | undefined;
  showFirstTimeMatchingExperience: boolean;
  parentApproved: boolean | null | undefined;
}): TFtuRedirectTarget | null {
  if (
    !isEmptyStage(options.signupStage) ||
    !options.showFirstTimeMatchingExperience ||
    options.parentApproved !== true
  ) {
    return null;
  }
  if (options.pendingActions.includes(FTU_PENDING_ACTIONS.required)) return 'collect-preferences';
  if (options.pendingActions.includes(FTU_PENDING_ACTIONS.matchingRequired)) return 'matching';
  return null;
}

/** Hub-relative path of a first-time-user redirect target (spec 2 routes). */
export function ftuRedirectPath(options: { hubIdentifier: string; target: TFtuRedirectTarget }): string {
  return `/hub/${encodeURIComponent(options.hubIdentifier)}/signup/new/${options.target}`;
}

/** State of the second first-time-user flow (userProfileSettings.ftuV2). */
export type TFtuV2State = 'notStarted' | 'started' | 'completed';

/** ftuV2 is completed when completedAt is set, started when only startedAt is set (spec 4). */
export function ftuV2State(options: { startedAt?: TMaybeDate; completedAt?: TMaybeDate }): TFtuV2State {
  if (isSet(options.completedAt)) return 'completed';
  return isSet(options.startedAt) ? 'started' : 'notStarted';
}

/** ftuV2 started: startedAt set and completedAt not (spec 4). */
export function isFtuV2Started(options: { startedAt?: TMaybeDate; completedAt?: TMaybeDate }): boolean {
  return ftuV2State(options) === 'started';
}

/** ftuV2 completed: completedAt set (spec 4). */
export function isFtuV2Completed(options: { startedAt?: TMaybeDate; completedAt?: TMaybeDate }): boolean {
  return ftuV2State(options) === 'completed';
}

/** A group membership as far as ftuV2 cares. */
export interface TFtuGroupMembership {
  importStatus?: string | null;
  completedRegistrationDate?: TMaybeDate;
}

/**
 * ftuV2 applies only to a user who is approved and joined and has no imported or unregistered
 * group (spec 4). A group is unregistered when its membership has no completedRegistrationDate.
 */
export function doesFtuV2Apply(options: {
  approved: boolean | null | undefined;
  importStatus: string | null | undefined;
  groupMemberships: readonly TFtuGroupMembership[];
}): boolean {
  if (options.approved !== true || options.importStatus !== 'joined') return false;
  return options.groupMemberships.every(
    (membership) => membership.importStatus !== 'imported' && isSet(membership.completedRegistrationDate),
  );
}

/** Where the hub route guard sends a user (spec 2 Redirect rules). */
export type THubRedirect = 'hubLanding' | 'signup' | 'pendingApproval' | null;

/** Pages an unapproved member may still open (spec 2 Redirect rules). */
export const PENDING_APPROVAL_EXEMPT_PAGES = ['submit', 'posts', 'faq', 'terms', 'privacy'] as const;

/**
 * Route guard for hub paths (spec 2 Redirect rules): visitors go to the hub's home/login/landing,
 * signed-in users who have not finished signup and admins with no hubs go to signup, unapproved
 * members go to pending approval except on submit, posts, faq, terms and privacy pages.
 */
export function hubRedirect(options: {
  isSignedIn: boolean;
  hasCompletedSignup: boolean;
  isApproved: boolean;
  isAdminWithoutHubs?: boolean;
  page: string;
}): THubRedirect {
  if (!options.isSignedIn) return 'hubLanding';
  if (options.isAdminWithoutHubs === true || !options.hasCompletedSignup) return 'signup';
  if (!options.isApproved && !(PENDING_APPROVAL_EXEMPT_PAGES as readonly string[]).includes(options.page)) {
    return 'pendingApproval';
  }
  return null;
}

/** Signup and sign-in methods (spec 5 Signup methods). */
export const SIGNUP_METHODS = ['google', 'linkedin', 'sso', 'email'] as const;

/** One signup method. */
export type TSignupMethod = (typeof SIGNUP_METHODS)[number];

/**
 * Signup methods offered (spec 5): those not hidden for the cluster; when the user's email domain
 * requires SSO, only SSO (even if the cluster hides it from the general list).
 */
export function availableSignupMethods(options: {
  hiddenMethods: readonly string[];
  isSsoRequiredForEmailDomain: boolean;
}): TSignupMethod[] {
  if (options.isSsoRequiredForEmailDomain) return ['sso'];
  return SIGNUP_METHODS.filter((method) => !options.hiddenMethods.includes(method));
}
