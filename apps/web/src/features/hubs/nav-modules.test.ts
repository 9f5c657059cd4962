import type { TActiveModule, THub, TUserType } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { navModuleHref, visibleNavModules } from './nav-modules';

const module = (id: string, link: string, patch: Partial<TActiveModule> = {}): TActiveModule => ({
  id,
  name: id,
  link,
  isShown: true,
  isExternal: false,
  ...patch,
});

const userType = (id: string, activeModules: string[]): TUserType =>
  ({ id, title: id, activeModules }) as unknown as TUserType;

const hub = (activeModules: TActiveModule[], userTypes: TUserType[] = []): THub =>
  ({ identifier: 'northfield', activeModules, userTypes }) as unknown as THub;

describe('visibleNavModules (spec 2 Navigation tabs)', () => {
  const modules = [
    module('home', '/home'),
    module('inbox', '/inbox'),
    module('jobs', '/job/list/all-job'),
    module('events', '/events', { isShown: false }),
  ];

  it('hides modules that are not shown', () => {
    expect(visibleNavModules({ hub: hub(modules), userTypeId: null }).map((m) => m.id)).toEqual([
      'home',
      'inbox',
      'jobs',
    ]);
  });

  it("limits the tabs to the user type's modules", () => {
    const h = hub(modules, [userType('7', ['home', 'jobs'])]);
    expect(visibleNavModules({ hub: h, userTypeId: '7' }).map((m) => m.id)).toEqual(['home', 'jobs']);
  });

  it('hides the job board only when the hub turns off both jobs and projects (disableJobs, disableProjects)', () => {
    const board = (patch: Partial<TActiveModule>) => hub([module('jobs', '/job/list/all-job', patch)]);
    const ids = (h: THub) => visibleNavModules({ hub: h, userTypeId: null }).map((m) => m.id);
    expect(ids(board({ disableJobs: true }))).toEqual(['jobs']);
    expect(ids(board({ disableProjects: true }))).toEqual(['jobs']);
    expect(ids(board({ disableJobs: true, disableProjects: true }))).toEqual([]);
  });

  it('keeps every shown module when the user type lists none', () => {
    const h = hub(modules, [userType('7', [])]);
    expect(visibleNavModules({ hub: h, userTypeId: '7' })).toHaveLength(3);
  });
});

describe('navModuleHref', () => {
  it('points home to the hub home', () => {
    expect(navModuleHref({ module: module('home', '/home'), hubIdentifier: 'northfield' })).toBe(
      '/hub/northfield/',
    );
  });

  it('puts hub-scoped modules under the hub prefix', () => {
    expect(navModuleHref({ module: module('jobs', '/job/list/all-job'), hubIdentifier: 'n' })).toBe(
      '/hub/n/job/list/all-job',
    );
    expect(navModuleHref({ module: module('network', '/person'), hubIdentifier: 'n' })).toBe('/hub/n/person');
  });

  it('keeps cluster modules and external links as they are', () => {
    expect(navModuleHref({ module: module('inbox', '/inbox'), hubIdentifier: 'n' })).toBe('/inbox');
    expect(
      navModuleHref({ module: module('x', 'https://example.org', { isExternal: true }), hubIdentifier: 'n' }),
    ).toBe('https://example.org');
  });
});
