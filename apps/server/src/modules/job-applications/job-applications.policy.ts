/**
 * Who may do what with applications (issue #19 item 3; spec 6 Projects): built on the status machine of
 * packages/domain job-applications.ts. An admin of the job board is a hub admin holding approve-job-posts or
 * job-settings (the rights migration 0032's policy on job_applications names), or a cluster or super admin.
 */
import {
  APPLY_DENIAL_MESSAGES,
  applicationActors,
  applicationMoveDenial,
  applicationMoveMessage,
  applyDenial,
  isInJobAudience,
  isJobPostListed,
  projectToday,
  stateOnDate,
  type TApplicationAction,
  type TApplicationActor,
  type TApplicationState,
  type TApplyDenial,
  type TJobFlow,
} from '@commons/domain';
import { AppError, forbidden } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import type { TApplicationPost, TApplicationRecord } from './job-applications.queries.js';

/** The viewer administers the request hub's job board (spec 6: approve-job-posts or job-settings; cluster admins). */
export function isJobAdmin(ctx: TRequestContext): boolean {
  return ctx.hasRight('approve-job-posts') || ctx.hasRight('job-settings');
}

/**
 * Whether the viewer may see a post at all: its owner and the board's admins always; other members while it
 * is listed (approved, open, not expired) and their user type is in its audience (spec 6 Projects).
 */
export function maySeePost(ctx: TRequestContext, post: TApplicationPost): boolean {
  const viewerId = ctx.requireViewer().user.id;
  if (post.ownerUserId === viewerId || isJobAdmin(ctx)) return true;
  return (
    isJobPostListed({ ...post, now: ctx.now }) &&
    isInJobAudience({
      audience: post.audienceUserTypeIds,
      userTypeId: ctx.membership?.userTypeId ?? null,
    })
  );
}

/** HTTP status and code of each refusal to apply. */
const APPLY_DENIAL_STATUS: Readonly<Record<TApplyDenial, { statusCode: 403 | 409; code: string }>> = {
  ownPost: { statusCode: 403, code: 'own_post' },
  notOpen: { statusCode: 409, code: 'not_open' },
  external: { statusCode: 409, code: 'external_application' },
  alreadyApplied: { statusCode: 409, code: 'already_applied' },
  userTypeCannotApply: { statusCode: 403, code: 'user_type_cannot_apply' },
  notInAudience: { statusCode: 403, code: 'not_in_audience' },
};

/** The error of a refusal to apply, with the domain's message. */
export function applyDenialError(denial: TApplyDenial): AppError {
  const { statusCode, code } = APPLY_DENIAL_STATUS[denial];
  const message = APPLY_DENIAL_MESSAGES[denial];
  return new AppError({ statusCode, code, message, userMessage: message });
}

/**
 * The viewer's first application to a post (spec 6 Projects: canApplyProject gates the first application
 * only; audience; admins may always act), or the refusal.
 */
export function requireMayApply(
  ctx: TRequestContext,
  options: { post: TApplicationPost; hasApplied: boolean },
): void {
  const { post } = options;
  const denial = applyDenial({
    flow: post.jobFlow,
    applicationMethod: post.applicationMethod,
    isOpen: isJobPostListed({ ...post, now: ctx.now }),
    isOwner: post.ownerUserId === ctx.requireViewer().user.id,
    isAdmin: isJobAdmin(ctx),
    hasApplied: options.hasApplied,
    canApplyProject: ctx.membership?.userType?.canApplyProject === true,
    audience: post.audienceUserTypeIds,
    userTypeId: ctx.membership?.userTypeId ?? null,
  });
  if (denial !== null) throw applyDenialError(denial);
}

/** The roles the viewer holds on an application: applicant or hired user, owner, admin. */
export function viewerActors(
  ctx: TRequestContext,
  options: { applicantUserId: string; ownerUserId: string; state: TApplicationState },
): TApplicationActor[] {
  const viewerId = ctx.requireViewer().user.id;
  return applicationActors({
    isApplicant: options.applicantUserId === viewerId,
    isOwner: options.ownerUserId === viewerId,
    isAdmin: isJobAdmin(ctx),
    state: options.state,
  });
}

/**
 * The viewer may make this move now (the domain's table): 403 forbidden when it is never theirs, 409
 * invalid_transition when the application has moved past it.
 */
export function requireMove(options: {
  flow: TJobFlow;
  state: TApplicationState;
  action: TApplicationAction;
  actors: readonly TApplicationActor[];
}): void {
  const denial = applicationMoveDenial(options);
  if (denial === null) return;
  const message = applicationMoveMessage({ denial, state: options.state });
  throw new AppError({
    statusCode: denial === 'notAllowed' ? 403 : 409,
    code: denial === 'notAllowed' ? 'forbidden' : 'invalid_transition',
    message,
    userMessage: message,
  });
}

/** The state of a stored application today: the calendar's moves applied (spec 4: start and due dates). */
export function currentState(
  record: Pick<TApplicationRecord, 'state' | 'post'>,
  now: Date,
): TApplicationState {
  return stateOnDate({
    flow: record.post.jobFlow,
    state: record.state,
    dates: { startDate: record.post.startDate, dueDate: record.post.dueDate },
    today: projectToday(now, record.post.owner.timezone),
  });
}

/** A post's applicant list: its owner and the board's admins (spec 6 Projects); anyone else 403. */
export function requireApplicantListAccess(ctx: TRequestContext, post: TApplicationPost): void {
  if (post.ownerUserId === ctx.requireViewer().user.id || isJobAdmin(ctx)) return;
  throw forbidden('Only the post’s owner and the job board’s admins see its applications.');
}
