import type { TActiveModule, TModuleId } from '@commons/contract';

/**
 * Navigation modules of spec 2 whose pages this web app does not have yet: their routes show the
 * "coming soon" page (app/router.tsx), so they are never offered as tabs (issue #16 item 14). A hub's
 * settings still list them; remove an id here when its pages land.
 */
export const UNBUILT_MODULE_IDS: ReadonlySet<TModuleId> = new Set<TModuleId>([]);

/** Whether a module's tab leads to a working page (external links always do). */
export function isBuiltModule(module: TActiveModule): boolean {
  return module.isExternal || !(UNBUILT_MODULE_IDS as ReadonlySet<string>).has(module.id);
}
