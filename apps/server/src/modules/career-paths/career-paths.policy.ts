/**
 * Who may do what with career paths (issue #20 item 2; spec 6): members of a hub that shows career paths (the
 * Career Paths module and the career paths feature flag) browse, search and favourite them; hub admins with
 * manage-career-paths, and cluster and super admins, manage the cluster's catalogue, even while it is hidden.
 */
import type { THubSettings } from '@commons/contract';
import { CAREER_PATHS_RIGHT, isHubFeatureOn, isModuleOpenTo } from '@commons/domain';
import { AppError } from '../../lib/app-error.js';
import type { TRequestContext } from '../../plugins/request-context.js';
import { viewerStanding } from '../hubs/hubs.policy.js';

/** Message when the hub does not show career paths. */
export const CAREER_PATHS_HIDDEN_MESSAGE = 'Career paths are not available in this hub.';

function refuse(message: string, code = 'forbidden'): AppError {
  return new AppError({ statusCode: 403, code, message, userMessage: message });
}

/** Whether the hub shows career paths: its Career Paths module is on and so is the career paths flag (spec 6). */
export function areCareerPathsShown(settings: THubSettings): boolean {
  return (
    settings.enabledModules.includes('career-paths') && isHubFeatureOn(settings.featureFlags, 'careerPaths')
  );
}

/** Whether the viewer manages the catalogue (manage-career-paths in the request's hub; cluster admins pass). */
export function canManageCareerPaths(ctx: TRequestContext): boolean {
  return ctx.hasRight(CAREER_PATHS_RIGHT);
}

/** Whether the viewer may use career paths in the hub: the module is open to their standing and type. */
function mayUseCareerPaths(ctx: TRequestContext): boolean {
  const userType = ctx.membership?.userType ?? null;
  const typeModules = userType && userType.activeModules.length > 0 ? userType.activeModules : null;
  const isTypeAllowed = typeModules === null || typeModules.includes('career-paths') || ctx.isClusterAdmin();
  return isTypeAllowed && isModuleOpenTo({ moduleId: 'career-paths', standing: viewerStanding(ctx) });
}

/**
 * Member endpoints: the module open to the viewer in a hub that shows career paths; admins who manage the
 * catalogue may look while it is hidden. 403 otherwise.
 */
export function requireCareerPathsReader(ctx: TRequestContext, settings: THubSettings): void {
  ctx.requireViewer();
  ctx.requireHub();
  if (canManageCareerPaths(ctx)) return;
  if (!areCareerPathsShown(settings)) throw refuse(CAREER_PATHS_HIDDEN_MESSAGE, 'career_paths_hidden');
  if (!mayUseCareerPaths(ctx)) throw refuse('Only approved members of this hub can explore career paths.');
}

/** Favouriting: a reader of a hub that shows career paths (an admin looking at a hidden catalogue may not). */
export function mayFavorite(ctx: TRequestContext, settings: THubSettings): boolean {
  return areCareerPathsShown(settings) && (mayUseCareerPaths(ctx) || ctx.isClusterAdmin());
}

/** Favouriting endpoints: the member endpoints' rule, and career paths shown in the hub even for admins. */
export function requireFavoriter(ctx: TRequestContext, settings: THubSettings): void {
  requireCareerPathsReader(ctx, settings);
  if (!areCareerPathsShown(settings)) throw refuse(CAREER_PATHS_HIDDEN_MESSAGE, 'career_paths_hidden');
  if (!mayFavorite(ctx, settings))
    throw refuse('Only approved members of this hub can explore career paths.');
}

/** Managing endpoints: 403 without manage-career-paths. */
export function requireCareerPathsManager(ctx: TRequestContext): void {
  ctx.requireViewer();
  ctx.requireHub();
  if (!canManageCareerPaths(ctx)) throw refuse('Only career path admins can do this.');
}
