import { describe, expect, it } from 'vitest';
import { moduleOfPath } from './module-of-path';

describe('moduleOfPath (issue #22 item 1: pages of a module turned off are unavailable)', () => {
  it.each([
    ['/events', 'events'],
    ['/events/42', 'events'],
    ['/resources/post/how-to', 'resources'],
    ['/hub/northfield/job/list/all-job', 'jobs'],
    ['/hub/northfield/projects/7', 'jobs'],
    ['/hub/northfield/career-paths', 'career-paths'],
    ['/advising/people', 'advisers'],
    ['/inbox', 'inbox'],
    ['/organizations', 'organizations'],
  ])('%s belongs to %s', (pathname, moduleId) => {
    expect(moduleOfPath({ pathname, hubIdentifier: 'northfield' })).toBe(moduleId);
  });

  it.each([
    '/hub/northfield',
    '/hub/northfield/site-admin/modules',
    '/profile/me',
    '/eventsx',
    '/hub/other/job/1',
  ])('%s belongs to no module', (pathname) => {
    expect(moduleOfPath({ pathname, hubIdentifier: 'northfield' })).toBeNull();
  });
});
