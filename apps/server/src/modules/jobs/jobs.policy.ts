/**
 * Who may read, post, edit, approve and configure on the job and project board (issue #19; spec 6 Projects,
 * canPostJob, access groups approve-job-posts and job-settings, the DIY projects flag).
 */
import { JOB_POST_NOT_ALLOWED, type TJobSettings } from '@commons/contract';
import {
  applyDenial,
  isJobFlowShown,
  isJobPostListed,
  isInJobAudience,
  jobPostDenial,
  JOB_FLOWS,
  type TJobApprovalStatus,
  type TJobFlow,
  type TJobPostDenial,
} from '@commons/domain';
import { AppError, notFound } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';
import type { TJobViewer } from './jobs.queries.js';

function refuse(message: string): AppError {
  return new AppError({ statusCode: 403, code: 'forbidden', message, userMessage: message });
}

/** An admin of the board (spec 6 Projects "an admin"): super and cluster admins, hub admins with approve-job-posts or job-settings. */
export function isJobsAdmin(ctx: TRequestContext): boolean {
  return ctx.hasRight('approve-job-posts') || ctx.hasRight('job-settings');
}

/**
 * The board is read by approved members of the hub (the module is not in a light user's reduced set, spec 6)
 * and admins; others get 403. Answers the viewer as the list queries need them.
 */
export function requireJobsReader(ctx: TRequestContext): TJobViewer {
  const viewer = ctx.requireViewer();
  ctx.requireHub();
  const isAdmin = isJobsAdmin(ctx);
  const isHubAdmin = ctx.isClusterAdmin() || ctx.membership?.isAdmin === true;
  if (!isHubAdmin && !isApprovedMember(ctx.membership))
    throw refuse('The job board is open to approved members of this community.');
  return { userId: viewer.user.id, userTypeId: ctx.membership?.userTypeId ?? null, isAdmin };
}

/** The flows the hub hides (spec 3 Active module item disableJobs, disableProjects). */
export function hiddenFlowsOf(settings: TJobSettings): TJobFlow[] {
  return JOB_FLOWS.filter((flow) => !isJobFlowShown(flow, settings));
}

const POST_DENIAL_MESSAGES: Readonly<Record<TJobPostDenial, string>> = {
  userTypeCannotPost: JOB_POST_NOT_ALLOWED,
  flowHidden: 'This community does not take these posts.',
  notApproved: 'Only approved members of this community can post.',
};

/** Why the viewer may not post this flow in the hub (domain jobPostDenial), or null. */
export function postDenialOf(
  ctx: TRequestContext,
  settings: TJobSettings,
  jobFlow: TJobFlow,
): TJobPostDenial | null {
  return jobPostDenial({
    jobFlow,
    isAdmin: isJobsAdmin(ctx),
    isApprovedMember: isApprovedMember(ctx.membership),
    canPostJob: ctx.membership?.userType?.canPostJob === true,
    isDiyProjectsEnabled: settings.isDiyProjectsEnabled,
    isFlowShown: isJobFlowShown(jobFlow, settings),
  });
}

/** Posting: 403 with the reason when the viewer may not post this flow. */
export function requirePoster(ctx: TRequestContext, settings: TJobSettings, jobFlow: TJobFlow): void {
  const denial = postDenialOf(ctx, settings, jobFlow);
  if (denial) throw refuse(POST_DENIAL_MESSAGES[denial]);
}

/** The fields of a post the visibility and ability rules read. */
export type TPostFacts = {
  ownerUserId: string;
  jobFlow: TJobFlow;
  approvalStatus: TJobApprovalStatus;
  closedAt: Date | null;
  expiresAt: Date;
  audience: readonly string[];
  applicationMethod: 'internal' | 'external';
  hasApplied: boolean;
};

/**
 * Whether the viewer may open a post: its owner and board admins always; members while it is listed (approved,
 * open, before expiry), for their audience, of a flow the hub shows.
 */
export function canViewPost(
  viewer: TJobViewer,
  post: TPostFacts,
  options: { now: Date; settings: TJobSettings },
): boolean {
  if (viewer.isAdmin || post.ownerUserId === viewer.userId) return true;
  return (
    isJobFlowShown(post.jobFlow, options.settings) &&
    isJobPostListed({ ...post, now: options.now }) &&
    isInJobAudience({ audience: post.audience, userTypeId: viewer.userTypeId })
  );
}

/** A post the viewer may open, else 404 (a hidden post is answered as missing). */
export function requireViewablePost<T extends TPostFacts>(
  viewer: TJobViewer,
  post: T | undefined,
  options: { now: Date; settings: TJobSettings },
): T {
  if (!post || !canViewPost(viewer, post, options)) throw notFound('Post');
  return post;
}

/** Editing and closing: the post's owner, or an admin with approve-job-posts (spec 6: an admin or the owner). */
export function canManagePost(
  ctx: TRequestContext,
  viewer: TJobViewer,
  post: Pick<TPostFacts, 'ownerUserId'>,
): boolean {
  return post.ownerUserId === viewer.userId || ctx.hasRight('approve-job-posts');
}

/** Who edits the posts of a list: the viewer (owner of their posts) and whether they approve posts in its hub. */
export type TPostEditor = { userId: string; isApprover: boolean };

/** The request's viewer as an editor of the request hub's posts. */
export function postEditorOf(ctx: TRequestContext, viewer: TJobViewer): TPostEditor {
  return { userId: viewer.userId, isApprover: ctx.hasRight('approve-job-posts') };
}

/**
 * Editing (spec 6: an admin or the owner) while the post is not closed: `can.edit` of a post's page and of its
 * cards (the job board's My posts tab links to the edit form with it).
 */
export function canEditPost(editor: TPostEditor, post: { ownerUserId: string; isClosed: boolean }): boolean {
  return (post.ownerUserId === editor.userId || editor.isApprover) && !post.isClosed;
}

/** 403 unless the viewer may edit or close the post. */
export function requirePostManager(
  ctx: TRequestContext,
  viewer: TJobViewer,
  post: Pick<TPostFacts, 'ownerUserId'>,
): void {
  if (!canManagePost(ctx, viewer, post))
    throw refuse('Only the owner of this post or an admin can change it.');
}

/** What the viewer may do with a post (presenters ship these as `can`). */
export function postAbilities(
  ctx: TRequestContext,
  viewer: TJobViewer,
  post: TPostFacts,
  now: Date,
): {
  edit: boolean;
  close: boolean;
  approve: boolean;
  save: boolean;
  apply: boolean;
  viewApplications: boolean;
} {
  const isOwner = post.ownerUserId === viewer.userId;
  const canManage = canManagePost(ctx, viewer, post);
  const isOpen = isJobPostListed({ ...post, now });
  return {
    edit: canEditPost(postEditorOf(ctx, viewer), {
      ownerUserId: post.ownerUserId,
      isClosed: post.closedAt !== null,
    }),
    close: canManage && post.closedAt === null,
    approve: post.approvalStatus === 'pending' && ctx.hasRight('approve-job-posts'),
    save: true,
    apply:
      applyDenial({
        flow: post.jobFlow,
        isOpen,
        applicationMethod: post.applicationMethod,
        isOwner,
        isAdmin: viewer.isAdmin,
        hasApplied: post.hasApplied,
        canApplyProject: ctx.membership?.userType?.canApplyProject === true,
        audience: post.audience,
        userTypeId: viewer.userTypeId,
      }) === null,
    viewApplications: isOwner || viewer.isAdmin,
  };
}

/** The approval queue: hub admins with approve-job-posts (spec 6 access groups). */
export function requireJobApprover(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  ctx.requireRight('approve-job-posts');
}

/** The board's settings: hub admins with job-settings (spec 6 access groups). */
export function requireJobSettingsAdmin(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  ctx.requireRight('job-settings');
}
