/**
 * Applications to job posts and projects: the one status machine of spec 4 Projects and the rules of spec 6
 * Projects, used by the server (which refuses what the table does not list) and the web (which offers what
 * the presenter's `can` flags, derived from the same table, allow).
 *
 * An application's state is its decision (applied, shortlisted, hired, rejected, withdrawn) and, once a
 * project's applicant is hired, the progress of the work in the applicant's words (spec 4: notStarted,
 * inProgress, submitForReview, pendingReview, completed, notCompleted). A hired job applicant stays 'hired'.
 * The employer's view is the applicant's without submitForReview (read as inProgress); the wider admin filter
 * describes a whole project (plus pendingApproval, pendingHire, inactive, unapproved).
 */
import {
  APPLICANT_PROJECT_STATUSES,
  type TApplicantProjectStatus,
  type TJobApplicationMethod,
  type TJobApprovalStatus,
  type TJobFlow,
  type TProjectStatusFilter,
} from './jobs.js';
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from './formatting.js';
import { canActOnProject } from './permissions.js';
import { dayjs } from './time.js';

/** The decision on an application, as stored (job_applications.status). */
export const APPLICATION_DECISIONS = ['applied', 'shortlisted', 'hired', 'rejected', 'withdrawn'] as const;
/** One decision. */
export type TApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

/** Every state of an application: the decisions, and a hired project's work progress (spec 4 applicant view). */
export const APPLICATION_STATES = [...APPLICATION_DECISIONS, ...APPLICANT_PROJECT_STATUSES] as const;
/** One state of the machine. */
export type TApplicationState = (typeof APPLICATION_STATES)[number];

/** What the applicant and the owner read for each state (the project states as spec 4 names them). */
export const APPLICATION_STATE_LABELS: Readonly<Record<TApplicationState, string>> = {
  applied: 'Applied',
  shortlisted: 'Shortlisted',
  hired: 'Hired',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
  notStarted: 'Not started',
  inProgress: 'In progress',
  submitForReview: 'Submit for review',
  pendingReview: 'Pending review',
  completed: 'Completed',
  notCompleted: 'Not completed',
};

/** States of an application that still waits for the owner's decision. */
export const OPEN_APPLICATION_STATES: readonly TApplicationState[] = ['applied', 'shortlisted'];
/** States of a hired applicant (the hired user of spec 6): a hired job, or any stage of a project's work. */
export const HIRED_APPLICATION_STATES: readonly TApplicationState[] = [
  'hired',
  ...APPLICANT_PROJECT_STATUSES,
];
/** States after which nothing more happens. */
export const FINAL_APPLICATION_STATES: readonly TApplicationState[] = [
  'hired',
  'rejected',
  'withdrawn',
  'completed',
  'notCompleted',
];

/** The state of a stored application: its decision, or a hired project's work status. */
export function applicationState(stored: {
  status: TApplicationDecision;
  workStatus: TApplicantProjectStatus | null;
}): TApplicationState {
  return stored.status === 'hired' && stored.workStatus !== null ? stored.workStatus : stored.status;
}

/** How a state is stored: job_applications.status and work_status. */
export function storedApplicationState(state: TApplicationState): {
  status: TApplicationDecision;
  workStatus: TApplicantProjectStatus | null;
} {
  return (APPLICANT_PROJECT_STATUSES as readonly string[]).includes(state)
    ? { status: 'hired', workStatus: state as TApplicantProjectStatus }
    : { status: state as TApplicationDecision, workStatus: null };
}

/** The moves of an application once made (making it is applying, see applyDenial). */
export const APPLICATION_ACTIONS = [
  'shortlist',
  'hire',
  'reject',
  'withdraw',
  'start',
  'due',
  'submit',
  'complete',
  'markNotCompleted',
] as const;
/** One move. */
export type TApplicationAction = (typeof APPLICATION_ACTIONS)[number];

/** The moves people make through the API; `start` and `due` are the calendar's. */
export const USER_APPLICATION_ACTIONS = [
  'shortlist',
  'hire',
  'reject',
  'withdraw',
  'submit',
  'complete',
  'markNotCompleted',
] as const satisfies readonly TApplicationAction[];
/** One move a person makes. */
export type TUserApplicationAction = (typeof USER_APPLICATION_ACTIONS)[number];

/**
 * Who makes a move: the applicant (before being hired), the hired user (the same person once hired, spec
 * 6), the post's owner, an admin of the post's hub (spec 6: admin, owner and hired user may always act), or
 * the calendar (a project's start and due dates arriving).
 */
export type TApplicationActor = 'applicant' | 'hiredUser' | 'owner' | 'admin' | 'calendar';

/** The side of an application told of a move: the applicant, the post's owner, or nobody. */
export type TApplicationSide = 'applicant' | 'owner' | 'none';

/** One row of the status machine. */
export interface TApplicationTransition {
  action: TApplicationAction;
  from: TApplicationState;
  to: TApplicationState;
  /** Who may make it. */
  by: readonly TApplicationActor[];
  /** The kinds of post it exists for: a job's hire is final, a project's hire starts the work. */
  flows: readonly TJobFlow[];
  /** The other side, told by an inbox system message, a notification and, per preferences, an email. */
  notifies: TApplicationSide;
}

const ALL_FLOWS: readonly TJobFlow[] = ['job', 'project'];
const JOBS: readonly TJobFlow[] = ['job'];
const PROJECTS: readonly TJobFlow[] = ['project'];
const DECIDERS: readonly TApplicationActor[] = ['owner', 'admin'];

const move = (
  action: TApplicationAction,
  from: TApplicationState,
  to: TApplicationState,
  by: readonly TApplicationActor[],
  flows: readonly TJobFlow[],
  notifies: TApplicationSide,
): TApplicationTransition => ({ action, from, to, by, flows, notifies });

/**
 * The status machine (spec 4 Projects, spec 6 Projects). The owner or an admin shortlists, hires and
 * rejects an open application; the applicant may withdraw it. A hired project starts as notStarted; its
 * start date makes it inProgress and its due date submitForReview (the calendar's moves, which tell nobody).
 * The hired user submits the work once, from inProgress or submitForReview, which makes it pendingReview;
 * the owner or an admin then marks it completed or notCompleted, or notCompleted without a submission once
 * the work has started and none came.
 */
export const APPLICATION_TRANSITIONS: readonly TApplicationTransition[] = [
  move('shortlist', 'applied', 'shortlisted', DECIDERS, ALL_FLOWS, 'applicant'),
  move('hire', 'applied', 'hired', DECIDERS, JOBS, 'applicant'),
  move('hire', 'shortlisted', 'hired', DECIDERS, JOBS, 'applicant'),
  move('hire', 'applied', 'notStarted', DECIDERS, PROJECTS, 'applicant'),
  move('hire', 'shortlisted', 'notStarted', DECIDERS, PROJECTS, 'applicant'),
  move('reject', 'applied', 'rejected', DECIDERS, ALL_FLOWS, 'applicant'),
  move('reject', 'shortlisted', 'rejected', DECIDERS, ALL_FLOWS, 'applicant'),
  move('withdraw', 'applied', 'withdrawn', ['applicant'], ALL_FLOWS, 'owner'),
  move('withdraw', 'shortlisted', 'withdrawn', ['applicant'], ALL_FLOWS, 'owner'),
  move('start', 'notStarted', 'inProgress', ['calendar'], PROJECTS, 'none'),
  move('due', 'inProgress', 'submitForReview', ['calendar'], PROJECTS, 'none'),
  move('submit', 'inProgress', 'pendingReview', ['hiredUser'], PROJECTS, 'owner'),
  move('submit', 'submitForReview', 'pendingReview', ['hiredUser'], PROJECTS, 'owner'),
  move('complete', 'pendingReview', 'completed', DECIDERS, PROJECTS, 'applicant'),
  move('markNotCompleted', 'pendingReview', 'notCompleted', DECIDERS, PROJECTS, 'applicant'),
  move('markNotCompleted', 'inProgress', 'notCompleted', DECIDERS, PROJECTS, 'applicant'),
  move('markNotCompleted', 'submitForReview', 'notCompleted', DECIDERS, PROJECTS, 'applicant'),
];

/** What a move is called on buttons and in messages. */
export const APPLICATION_ACTION_LABELS: Readonly<Record<TApplicationAction, string>> = {
  shortlist: 'Shortlist',
  hire: 'Hire',
  reject: 'Reject',
  withdraw: 'Withdraw',
  start: 'Start',
  due: 'Due',
  submit: 'Submit for review',
  complete: 'Mark completed',
  markNotCompleted: 'Mark not completed',
};

/** The transition an action takes from a state for a kind of post, or null when the table has none. */
export function findApplicationTransition(options: {
  flow: TJobFlow;
  from: TApplicationState;
  action: TApplicationAction;
}): TApplicationTransition | null {
  return (
    APPLICATION_TRANSITIONS.find(
      (t) => t.action === options.action && t.from === options.from && t.flows.includes(options.flow),
    ) ?? null
  );
}

/**
 * The roles a person holds on one application (spec 6 Projects): the applicant, who is the hired user once
 * hired; the post's owner; an admin of its hub. One person may hold several (an admin who owns the post).
 */
export function applicationActors(options: {
  isApplicant: boolean;
  isOwner: boolean;
  isAdmin: boolean;
  state: TApplicationState;
}): TApplicationActor[] {
  const actors: TApplicationActor[] = [];
  if (options.isApplicant)
    actors.push(HIRED_APPLICATION_STATES.includes(options.state) ? 'hiredUser' : 'applicant');
  if (options.isOwner) actors.push('owner');
  if (options.isAdmin) actors.push('admin');
  return actors;
}

/** Why a move is refused: nobody may make it from this state (409), or these actors may not (403). */
export type TApplicationMoveDenial = 'invalidTransition' | 'notAllowed';

/**
 * Whether these actors may make a move now: null when the table has it from the state for them;
 * 'invalidTransition' when they could make it from another state (the application has moved on);
 * 'notAllowed' when it is never theirs.
 */
export function applicationMoveDenial(options: {
  flow: TJobFlow;
  state: TApplicationState;
  action: TApplicationAction;
  actors: readonly TApplicationActor[];
}): TApplicationMoveDenial | null {
  const isTheirs = (t: TApplicationTransition): boolean =>
    t.action === options.action &&
    t.flows.includes(options.flow) &&
    t.by.some((actor) => options.actors.includes(actor));
  const transition = findApplicationTransition({ ...options, from: options.state });
  if (transition && isTheirs(transition)) return null;
  return APPLICATION_TRANSITIONS.some(isTheirs) ? 'invalidTransition' : 'notAllowed';
}

/** The moves these actors may make now, in APPLICATION_ACTIONS order: the presenter's `can` flags. */
export function allowedApplicationActions(options: {
  flow: TJobFlow;
  state: TApplicationState;
  actors: readonly TApplicationActor[];
}): TUserApplicationAction[] {
  return USER_APPLICATION_ACTIONS.filter((action) => applicationMoveDenial({ ...options, action }) === null);
}

/** The user-facing message of a refused move. */
export function applicationMoveMessage(options: {
  denial: TApplicationMoveDenial;
  state: TApplicationState;
}): string {
  if (options.denial === 'notAllowed') return 'You cannot do this on this application.';
  return `This application is now ${APPLICATION_STATE_LABELS[options.state].toLowerCase()}, so this cannot be done.`;
}

/** A project's start and due dates as calendar days 'YYYY-MM-DD' in the owner's time zone; null when unset. */
export interface TProjectDates {
  startDate: string | null;
  dueDate: string | null;
}

/**
 * Today as the project's calendar sees it: the day 'YYYY-MM-DD' of `now` in the owner's time zone (their
 * start and due dates are days of that zone), or in the default zone when theirs is unknown.
 */
export function projectToday(now: Date, ownerTimeZone: string | null | undefined): string {
  const zone = ownerTimeZone && isKnownTimeZone(ownerTimeZone) ? ownerTimeZone : DEFAULT_TIME_ZONE;
  return dayjs(now).tz(zone).format('YYYY-MM-DD');
}

/**
 * A hired project's state once the calendar has moved it (the `start` and `due` transitions): notStarted
 * becomes inProgress on the start date (or at once without one), inProgress becomes submitForReview on the
 * due date. Other states are unchanged. `today` is the calendar day in the owner's time zone.
 */
export function stateOnDate(options: {
  flow: TJobFlow;
  state: TApplicationState;
  dates: TProjectDates;
  today: string;
}): TApplicationState {
  const { dates, today } = options;
  let state = options.state;
  if (state === 'notStarted' && (dates.startDate === null || today >= dates.startDate)) {
    state = findApplicationTransition({ flow: options.flow, from: state, action: 'start' })?.to ?? state;
  }
  if (state === 'inProgress' && dates.dueDate !== null && today >= dates.dueDate) {
    state = findApplicationTransition({ flow: options.flow, from: state, action: 'due' })?.to ?? state;
  }
  return state;
}

/** The applicant's project status (spec 4 applicant view): the state once hired on a project, else null. */
export function applicantProjectStatus(state: TApplicationState): TApplicantProjectStatus | null {
  return (APPLICANT_PROJECT_STATUSES as readonly string[]).includes(state)
    ? (state as TApplicantProjectStatus)
    : null;
}

/** The employer's project status (spec 4 employer view): the applicant's with submitForReview read as inProgress. */
export function employerProjectStatus(
  state: TApplicationState,
): Exclude<TApplicantProjectStatus, 'submitForReview'> | null {
  const status = applicantProjectStatus(state);
  return status === 'submitForReview' ? 'inProgress' : status;
}

/** Precedence among a project's hired applications: the status needing attention first. */
const HIRED_STATUS_PRECEDENCE = [
  'pendingReview',
  'inProgress',
  'notStarted',
  'notCompleted',
  'completed',
] as const satisfies readonly TProjectStatusFilter[];

/**
 * A project's status in the wider admin filter (spec 4 Projects). Once someone is hired, the employer status of
 * its hired applications (the one needing attention first: pendingReview, inProgress, notStarted, then
 * notCompleted, completed). Otherwise: inactive when closed; unapproved when refused; inactive when expired;
 * pendingApproval while waiting in the approve-job-posts queue; else pendingHire (open, nobody hired yet).
 */
export function projectFilterStatus(options: {
  approval: TJobApprovalStatus;
  isClosed: boolean;
  isExpired: boolean;
  hiredStates: readonly TApplicationState[];
}): TProjectStatusFilter {
  const statuses = new Set(options.hiredStates.map(employerProjectStatus));
  const first = HIRED_STATUS_PRECEDENCE.find((status) => statuses.has(status));
  if (first) return first;
  if (options.isClosed) return 'inactive';
  if (options.approval === 'rejected') return 'unapproved';
  if (options.isExpired) return 'inactive';
  return options.approval === 'pending' ? 'pendingApproval' : 'pendingHire';
}

/** Why a first application is refused; null when it may be made. */
export type TApplyDenial =
  'ownPost' | 'notOpen' | 'external' | 'alreadyApplied' | 'userTypeCannotApply' | 'notInAudience';

/** User-facing messages of the refusals to apply. */
export const APPLY_DENIAL_MESSAGES: Readonly<Record<TApplyDenial, string>> = {
  ownPost: 'You cannot apply to your own post.',
  notOpen: 'This opportunity is no longer taking applications.',
  external: 'This opportunity takes applications on the employer’s site.',
  alreadyApplied: 'You have already applied to this opportunity.',
  userTypeCannotApply: 'Your user type cannot apply to projects.',
  notInAudience: 'This opportunity is not open to your user type.',
};

/**
 * Whether the viewer may make a first application (spec 6 Projects): never to their own post, to a post
 * that is not open (unapproved, closed or expired), to one that takes applications outside, nor twice. An
 * admin may always act; otherwise a project needs a user type with canApplyProject, and any post a user
 * type in its audience (empty or 'all' is everyone). canApplyProject gates only this first application:
 * what the applicant and the hired user do afterwards is the status machine's.
 */
export function applyDenial(options: {
  flow: TJobFlow;
  applicationMethod: TJobApplicationMethod;
  isOpen: boolean;
  isOwner: boolean;
  isAdmin: boolean;
  hasApplied: boolean;
  canApplyProject: boolean;
  audience: readonly string[];
  userTypeId: string | null;
}): TApplyDenial | null {
  if (options.isOwner) return 'ownPost';
  if (!options.isOpen) return 'notOpen';
  if (options.applicationMethod !== 'internal') return 'external';
  if (options.hasApplied) return 'alreadyApplied';
  if (options.isAdmin) return null;
  if (options.flow === 'project' && !options.canApplyProject) return 'userTypeCannotApply';
  // The audience half of spec 6's rule (canApplyProject was checked above, for projects only).
  const isInAudience = canActOnProject({
    isAdmin: false,
    isOwner: false,
    isHired: false,
    canApplyProject: true,
    hasApplied: false,
    audience: options.audience,
    userTypeId: options.userTypeId ?? '',
  });
  return isInAudience ? null : 'notInAudience';
}
