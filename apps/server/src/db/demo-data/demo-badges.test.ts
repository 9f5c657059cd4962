import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

type TBadges = { items: Array<{ title: string; earnedAt: string | null; can: { edit: boolean } }> };

describeDb('the demo badges (issue #18 items 5 and 8)', () => {
  let t: TTestApp;
  const tokens: Record<string, string> = {};
  const get = (role: string, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', authorization: `Bearer ${tokens[role] ?? ''}`, 'x-hub-id': 'northfield' },
    });

  beforeAll(async () => {
    t = await getDemoTestApp();
    for (const role of ['student', 'hubadmin']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { host: 'localhost' },
        payload: { loginMethod: 'email', email: `${role}@northfield.example.edu`, password: DEMO_PASSWORD },
      });
      tokens[role] = response.json().token as string;
    }
  });
  afterAll(async () => t.close());

  it('gives the demo student exactly one badge, earned by the questions they asked', async () => {
    const earned = await get('student', '/api/badges?isEarned=true');
    expect(earned.statusCode, earned.body).toBe(200);
    expect(earned.json<TBadges>().items.map((b) => b.title)).toEqual(['Conversation starter']);
    // The other rules are not met yet, so the next answer or a complete profile earns one live.
    const profile = await get('student', '/api/profiles/me');
    expect(profile.json().profile.sections.health.score).toBeLessThan(100);
    // Their profile section badges shows it to others of the hub.
    const identifier = profile.json().profile.identifier as string;
    const onProfile = await get('hubadmin', `/api/profiles/${identifier}/badges`);
    expect(onProfile.statusCode, onProfile.body).toBe(200);
    expect(onProfile.json<TBadges>().items.map((b) => b.title)).toEqual(['Conversation starter']);
  });

  it('lets the demo hub admin edit Northfield’s badges', async () => {
    const all = await get('hubadmin', '/api/badges');
    expect(all.statusCode, all.body).toBe(200);
    const items = all.json<TBadges>().items;
    expect(items.map((b) => b.title)).toEqual(
      expect.arrayContaining(['Conversation starter', 'First answer', 'Profile pro']),
    );
    expect(items.every((b) => b.can.edit)).toBe(true);
  });

  it('has the badges the demo activity already earns awarded, such as the alumnus’s demo answers', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'localhost' },
      payload: { loginMethod: 'email', email: 'alumni@northfield.example.edu', password: DEMO_PASSWORD },
    });
    tokens['alumni'] = response.json().token as string;
    const earned = await get('alumni', '/api/badges?isEarned=true');
    expect(earned.json<TBadges>().items.map((b) => b.title)).toEqual(['First answer']);
  });
});
