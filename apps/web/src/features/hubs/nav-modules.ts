import type { TActiveModule, THub } from '@commons/contract';
import { paths, ROUTES } from '../../config/paths';

/** Module links that live under the hub prefix (spec 2 Hub routes: job list, pathways, {hubPath}/…). */
const HUB_SCOPED_LINKS: ReadonlySet<string> = new Set([
  `/${ROUTES.hubChildren.jobs}`,
  `/${ROUTES.hubChildren.pathways}`,
  `/${ROUTES.hubChildren.careerPaths}`,
  `/${ROUTES.hubChildren.network}`,
  `/${ROUTES.hubChildren.experientialLearning}`,
]);

/** The job board's module is hidden once the hub turns off both of its flows (spec 3 disableJobs, disableProjects). */
function isJobBoardOff(module: TActiveModule): boolean {
  return module.id === 'jobs' && module.disableJobs === true && module.disableProjects === true;
}

/**
 * The navigation tabs a member sees (spec 2 Navigation tabs): the hub's active modules that are
 * shown, limited to the member's user type's active modules when that type lists any; the job board
 * not when it shows neither jobs nor projects.
 */
export function visibleNavModules(options: { hub: THub; userTypeId: string | null }): TActiveModule[] {
  const userType =
    options.userTypeId === null
      ? undefined
      : options.hub.userTypes.find((type) => type.id === options.userTypeId);
  const allowed: ReadonlySet<string> | null =
    userType === undefined || userType.activeModules.length === 0 ? null : new Set(userType.activeModules);
  return options.hub.activeModules.filter(
    (module) => module.isShown && !isJobBoardOff(module) && (allowed === null || allowed.has(module.id)),
  );
}

/** Where a module's tab points: external links as given, home and hub-scoped modules under /hub/{identifier}. */
export function navModuleHref(options: { module: TActiveModule; hubIdentifier: string }): string {
  const { module, hubIdentifier } = options;
  if (module.isExternal) return module.link;
  if (module.id === 'home' || module.link === ROUTES.home) return paths.hub.home(hubIdentifier);
  const link = module.link.startsWith('/') ? module.link : `/${module.link}`;
  return HUB_SCOPED_LINKS.has(link) ? paths.hub.module(hubIdentifier, link) : link;
}
