/**
 * Who may do what in experiential learning (issue #19 item 5; spec 6: experiential-learning-only hubs keep the
 * experiential-learning right). The page is read like the job board (approved members, admins); reporting
 * participation needs an approved member; reviewing reports needs the experiential-learning right.
 */
import type { TRequestContext } from '../../plugins/request-context.js';
import { requireHubContributor } from '../content/content.policy.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';

/** Reviewing the hub's participation reports: hub admins holding experiential-learning, cluster admins. */
export function canReviewReports(ctx: TRequestContext): boolean {
  return ctx.hasRight('experiential-learning');
}

/** The reviewers' queue and decisions; 403 for anyone else. */
export function requireReviewer(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  ctx.requireRight('experiential-learning');
}

/** Reporting participation and keeping interests: an approved member of the hub, or an admin. */
export function requireParticipant(ctx: TRequestContext): void {
  requireHubContributor(ctx);
}

/** Whether the viewer may report participation (the page's can.report), as requireHubContributor decides. */
export function mayReport(ctx: TRequestContext): boolean {
  if (ctx.isClusterAdmin()) return true;
  const membership = ctx.membership;
  return membership !== null && (membership.isAdmin || isApprovedMember(membership));
}
