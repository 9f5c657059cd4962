import { NAVIGATION_MODULES, type TModuleId } from '@commons/contract';
import { navModuleHref } from './nav-modules';

/** Other addresses of a module's pages besides its tab's link ({hub} stands for the hub's base path). */
const MODULE_ALIASES: Partial<Record<TModuleId, readonly string[]>> = {
  advisers: ['/advising'],
  jobs: ['{hub}/job', '{hub}/projects'],
  discussions: ['/discussion', '/discussion-v2'],
  events: ['/events', '/events-v2'],
  resources: ['/resources', '/resources-v2'],
  groups: ['/groups', '/group'],
  programs: ['/programs', '/program'],
};

const isUnder = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The navigation module whose pages an address belongs to (issue #22 item 1: a module turned off answers its
 * pages as unavailable), else null. Home is never one: it is always on.
 */
export function moduleOfPath(options: { pathname: string; hubIdentifier: string }): TModuleId | null {
  const hubBase = navModuleHref({
    module: { id: 'home', name: 'Home', link: '/home', isShown: true, isExternal: false },
    hubIdentifier: options.hubIdentifier,
  }).replace(/\/$/, '');
  for (const module of NAVIGATION_MODULES) {
    if (module.id === 'home') continue;
    const href = navModuleHref({
      module: { ...module, isShown: true, isExternal: false },
      hubIdentifier: options.hubIdentifier,
    });
    const prefixes = [
      href,
      ...(MODULE_ALIASES[module.id] ?? []).map((alias) => alias.replace('{hub}', hubBase)),
    ];
    if (prefixes.some((prefix) => isUnder(options.pathname, prefix))) return module.id;
  }
  return null;
}
