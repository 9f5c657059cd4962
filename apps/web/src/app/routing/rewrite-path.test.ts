import { describe, expect, it } from 'vitest';
import { rewritePath } from './rewrite-path';

describe('rewritePath (spec 2 Rewrites)', () => {
  it.each([
    ['/advisers', '/advising/people'],
    ['/resources-v2/post/how-to-network', '/resources/post/how-to-network'],
    ['/events-v2/42', '/events/42'],
    ['/discussion-v2/question/7/what-now', '/discussion/question/7/what-now'],
    ['/program/mentors-2025', '/programs/mentors-2025'],
    ['/group/chess-club/members', '/groups/chess-club/members'],
    ['/manage-group-v2/chess-club', '/manage-group/chess-club'],
    ['/manage-program-v2/mentoring', '/manage-program/mentoring'],
    ['/groups/chess-club/events-v2', '/groups/chess-club/events'],
    ['/programs/mentoring/event', '/programs/mentoring/events'],
    ['/people', '/person'],
    ['/hub/northfield/people', '/hub/northfield/person'],
    ['/hub/northfield/site-admin-v2', '/hub/northfield/site-admin'],
    ['/hub/northfield/group/12', '/hub/northfield/groups/12'],
    ['/hub/northfield/career-paths-v2', '/hub/northfield/career-paths'],
  ])('rewrites %s to %s', (from, to) => {
    expect(rewritePath(from)).toBe(to);
  });

  it.each([
    '/',
    '/sign-in',
    '/login-v2',
    '/v2',
    '/hub/northfield/',
    '/hub/northfield/home-v2',
    '/hub/northfield/home-v3',
    '/linkedin/callback-v2',
    '/linkedin-redirect-v2',
    '/advising/people',
    '/resources/post/release-notes-v2',
    '/inbox/abc/thread/9',
    '/no-such-page',
  ])('leaves %s unchanged', (path) => {
    expect(rewritePath(path)).toBe(path);
  });

  it('keeps a trailing slash', () => {
    expect(rewritePath('/program/mentoring/')).toBe('/programs/mentoring/');
  });

  it('is idempotent: a rewritten path is canonical', () => {
    for (const path of ['/advisers', '/resources-v2/post/x', '/group/a/event', '/hub/h/people']) {
      const once = rewritePath(path);
      expect(rewritePath(once)).toBe(once);
    }
  });
});
