import type { THubSettings } from '@commons/contract';
import { earliestCompletedBy } from '@commons/domain';
import { AppError, forbidden } from '../../lib/app-error.js';
import type { THubRow, TRequestContext } from '../../plugins/request-context.js';
import { requireHubReader } from '../content/content.policy.js';
import type { TAssignmentRow, TPathwayRow } from './pathways.queries.js';
import { mentorIdsOf, menteeIdsOf } from './pathways.queries.js';

/** Members of the hub read and take its pathways (admitted members, hub and cluster admins). */
export function requirePathwayMember(ctx: TRequestContext): THubRow {
  requireHubReader(ctx);
  return ctx.requireHub();
}

/** 403 message while the hub's Pathways module is off. */
export const PATHWAYS_HIDDEN_MESSAGE = 'Pathways are not available in this hub.';

/** Whether the hub shows pathways: its Pathways module is on (spec 2 navigation tab Pathways). */
export function arePathwaysShown(enabledModules: THubSettings['enabledModules']): boolean {
  return enabledModules.includes('pathways');
}

/**
 * Members take pathways only where the hub shows them; pathway managers (and cluster admins) may build and try
 * them while the module is still off. 403 pathways_hidden otherwise.
 */
export async function requirePathwaysShown(ctx: TRequestContext): Promise<void> {
  if (mayManagePathways(ctx) || ctx.isClusterAdmin() || arePathwaysShown(await ctx.enabledModules())) return;
  throw new AppError({
    statusCode: 403,
    code: 'pathways_hidden',
    message: PATHWAYS_HIDDEN_MESSAGE,
    userMessage: PATHWAYS_HIDDEN_MESSAGE,
  });
}

/** Whether the viewer builds, assigns, copies and reviews the hub's pathways (spec 6 manage-pathways). */
export function mayManagePathways(ctx: TRequestContext): boolean {
  return ctx.hub !== null && ctx.viewer !== null && ctx.hasRight('manage-pathways');
}

/** The request's hub when the viewer holds manage-pathways there (cluster and super admins pass), else 403. */
export function requirePathwayManager(ctx: TRequestContext): THubRow {
  const hub = ctx.requireHub();
  ctx.requireViewer();
  ctx.requireRight('manage-pathways');
  return hub;
}

/** Whether the viewer sees a pathway of the hub: published, or any when they manage pathways. */
export function maySeePathway(ctx: TRequestContext, pathway: TPathwayRow): boolean {
  return pathway.status === 'published' || mayManagePathways(ctx);
}

/**
 * Who may review a member's submitted step (issue #20 item 1): an admin with manage-pathways, or the member's
 * mentor in one of the hub's programs (a published match). Null for everyone else.
 */
export async function reviewerRoleFor(
  ctx: TRequestContext,
  memberUserId: string,
): Promise<'admin' | 'mentor' | null> {
  if (mayManagePathways(ctx)) return 'admin';
  const viewer = ctx.requireViewer();
  const mentors = await mentorIdsOf(ctx.tx, { hubId: ctx.requireHub().id, menteeUserId: memberUserId });
  return mentors.includes(viewer.user.id) ? 'mentor' : null;
}

/**
 * The review queue's scope: every member of the hub for pathway managers, the viewer's mentees for program
 * mentors; 403 for anyone else.
 */
export async function requireReviewScope(
  ctx: TRequestContext,
): Promise<{ userIds: string[] | null; role: 'admin' | 'mentor' }> {
  requirePathwayMember(ctx);
  if (mayManagePathways(ctx)) return { userIds: null, role: 'admin' };
  const mentees = await menteeIdsOf(ctx.tx, {
    hubId: ctx.requireHub().id,
    mentorUserId: ctx.requireViewer().user.id,
  });
  if (mentees.length === 0) throw forbidden('Only pathway admins and program mentors review pathway steps.');
  return { userIds: mentees, role: 'mentor' };
}

/** The viewer's program roles by program id, with each program's pathwayTimelines. */
export type TViewerPrograms = ReadonlyMap<
  string,
  { role: 'mentor' | 'mentee' | 'both'; timelines: Partial<Record<string, { completedBy: string | null }>> }
>;

/**
 * Whether a pathway is assigned to the viewer and by when (spec 3 group pathwayTimelines.{role}.completedBy):
 * their user type's assignment, or a program's in one of its roles (a member of role both matches every role);
 * a program role without its own date takes the program's timeline. The earliest deadline wins.
 */
export function viewerAssignment(options: {
  assignments: readonly TAssignmentRow[];
  userTypeId: string | null;
  programs: TViewerPrograms;
}): { isAssigned: boolean; completedBy: string | null } {
  let isAssigned = false;
  const dates: Array<string | null> = [];
  for (const a of options.assignments) {
    if (a.userTypeId !== null && a.userTypeId === options.userTypeId) {
      isAssigned = true;
      dates.push(a.completedBy);
      continue;
    }
    const program = a.groupId === null ? undefined : options.programs.get(a.groupId);
    if (!program) continue;
    const role = program.role;
    const isMatch = role === 'both' ? a.roles.length > 0 : a.roles.includes(role) || a.roles.includes('both');
    if (!isMatch) continue;
    isAssigned = true;
    const key = a.roles.includes(role) ? role : role === 'both' ? (a.roles[0] ?? role) : 'both';
    dates.push(a.roleCompletedBy[key] ?? program.timelines[key]?.completedBy ?? null);
  }
  return { isAssigned, completedBy: earliestCompletedBy(dates) };
}
