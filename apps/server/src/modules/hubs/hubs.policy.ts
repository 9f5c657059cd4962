import { approvalState, isApprovedUser, memberStanding, type TMemberStanding } from '@commons/domain';
import { AppError } from '../../lib/app-error.js';
import type { THubRow, TMembership, TRequestContext } from '../../plugins/request-context.js';

/** The membership fields the standing rules read. */
type TStandingFields = Pick<TMembership, 'approved' | 'importStatus' | 'signupStage'>;

/**
 * An approved member (spec 4 'approved user'): joined, no light signup stage, approved. The one place
 * this is decided on the server; it acts in the hub (posts, messages, joins groups).
 */
export function isApprovedMember(membership: TStandingFields | null | undefined): boolean {
  return membership !== null && membership !== undefined && isApprovedUser(membership);
}

/**
 * A member whose approval went through, light users and invited (imported) members included: they may
 * read the hub's content (spec 4 Approval; spec 6 gives light users a reduced module set).
 */
export function isAdmittedMember(membership: Pick<TMembership, 'approved'> | null | undefined): boolean {
  return membership !== null && membership !== undefined && approvalState(membership.approved) === 'approved';
}

/**
 * The viewer's standing in the request's hub: hub admins and cluster or super admins stand approved
 * (they may open every module); members by their membership (pending, rejected, light or approved).
 */
export function viewerStanding(ctx: TRequestContext): TMemberStanding {
  if (ctx.isClusterAdmin() || ctx.membership?.isAdmin === true) return 'approved';
  return ctx.membership ? memberStanding(ctx.membership) : 'pending';
}

function refuse(message: string): AppError {
  return new AppError({ statusCode: 403, code: 'forbidden', message, userMessage: message });
}

/** The request's hub when the viewer is a member of it (any standing) or a cluster or super admin, else 403. */
export function requireHubMember(ctx: TRequestContext): THubRow {
  const hub = ctx.requireHub();
  ctx.requireViewer();
  if (!ctx.membership && !ctx.isClusterAdmin()) throw refuse('You are not a member of this hub.');
  return hub;
}

/**
 * The viewer's membership of the request's hub when they are an approved member (spec 4), else 403 with
 * `message`. Cluster and super admins pass and get their membership, if any.
 */
export function requireApprovedMember(
  ctx: TRequestContext,
  message = 'Only approved members of this hub can do this.',
): TMembership | null {
  ctx.requireViewer();
  ctx.requireHub();
  if (ctx.isClusterAdmin()) return ctx.membership;
  if (!isApprovedMember(ctx.membership)) throw refuse(message);
  return ctx.membership;
}

/** Whether the viewer is an approved member of the request's hub, or of any hub when the request names none. */
export function isApprovedSomewhere(ctx: TRequestContext): boolean {
  if (ctx.isClusterAdmin()) return true;
  const memberships = ctx.hub ? (ctx.membership ? [ctx.membership] : []) : (ctx.viewer?.memberships ?? []);
  return memberships.some((m) => isApprovedMember(m));
}

/**
 * Feature flags are hub settings, so the right that governs hub settings governs them: branding-settings,
 * the right under which GET /api/hub answers the full settings and the home's layout, widget and action-item
 * banners are edited. Spec 6's access groups name no right of their own for feature flags. Cluster and super
 * admins pass. Else 403.
 */
export function requireHubSettingsManager(ctx: TRequestContext): THubRow {
  const hub = ctx.requireHub();
  ctx.requireViewer();
  ctx.requireRight('branding-settings');
  return hub;
}

/** The hub's signup settings (methods, approval, required fields): the signup-settings right (spec 6). Else 403. */
export function requireSignupSettingsManager(ctx: TRequestContext): THubRow {
  const hub = ctx.requireHub();
  ctx.requireViewer();
  ctx.requireRight('signup-settings');
  return hub;
}
