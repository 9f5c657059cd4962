import type { THubSettings } from '@commons/contract';
import { DEFAULT_ASSESSMENT_NAME } from '@commons/domain';
import { AppError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { isApprovedMember } from '../hubs/hubs.policy.js';

/** The right that configures assessments: they belong to career paths (spec 6 manage-career-paths). */
export const ASSESSMENT_ADMIN_RIGHT = 'manage-career-paths';

/** Where a hub keeps its assessments' tab name and whether one is active (hub moduleSettings). */
export const ASSESSMENT_SETTINGS_KEY = 'careerAssessment';

function refuse(message: string): AppError {
  return new AppError({ statusCode: 403, code: 'forbidden', message, userMessage: message });
}

/** The hub's assessment settings: the tab's name ('PathwayU' by default, spec 9) and whether one is active. */
export function assessmentSettingsOf(settings: THubSettings | null): { tabName: string; isEnabled: boolean } {
  const value = settings?.moduleSettings[ASSESSMENT_SETTINGS_KEY];
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const tabName =
    typeof record['tabName'] === 'string' && record['tabName'].trim() !== '' ? record['tabName'] : null;
  return { tabName: tabName ?? DEFAULT_ASSESSMENT_NAME, isEnabled: record['isEnabled'] === true };
}

/** Whether the viewer configures the hub's assessments (manage-career-paths; super and cluster admins pass). */
export function canManageAssessments(ctx: TRequestContext): boolean {
  return ctx.hasRight(ASSESSMENT_ADMIN_RIGHT);
}

/** Admin endpoints: 403 without manage-career-paths. */
export function requireAssessmentAdmin(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  if (!canManageAssessments(ctx))
    throw refuse('Only admins who manage career paths can configure assessments.');
}

/** Member endpoints: an approved member of the hub, its assessment admins, or a cluster admin. */
export function requireAssessmentMember(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  if (ctx.isClusterAdmin() || canManageAssessments(ctx) || isApprovedMember(ctx.membership)) return;
  throw refuse('Only approved members of this hub can take its assessments.');
}

/**
 * Who sees a member's results (the profile): the member, and the hub's admins who explore users or manage career
 * paths (row-level security says the same).
 */
export function canSeeResultsOf(ctx: TRequestContext, userId: string): boolean {
  return ctx.requireViewer().user.id === userId || ctx.hasRight('explore-users') || canManageAssessments(ctx);
}
