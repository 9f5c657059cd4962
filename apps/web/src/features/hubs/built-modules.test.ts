import { NAVIGATION_MODULES, type TActiveModule } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { isBuiltModule } from './built-modules';

const asActive = (
  module: (typeof NAVIGATION_MODULES)[number],
  patch: Partial<TActiveModule> = {},
): TActiveModule => ({
  ...module,
  isShown: true,
  isExternal: false,
  ...patch,
});

describe('isBuiltModule (issue #16 item 14: no tab leads to a "coming soon" page)', () => {
  it('offers every module: each one’s pages exist', () => {
    const built = NAVIGATION_MODULES.map((module) => asActive(module))
      .filter(isBuiltModule)
      .map((module) => module.id);
    expect(built).toEqual([
      'home',
      'inbox',
      'advisers',
      'network',
      'jobs',
      'discussions',
      'events',
      'resources',
      'groups',
      'programs',
      'pathways',
      'career-paths',
      'organizations',
    ]);
  });

  it('always offers a hub’s external links', () => {
    expect(
      isBuiltModule(asActive(NAVIGATION_MODULES[4], { isExternal: true, link: 'https://jobs.example.org' })),
    ).toBe(true);
  });
});
