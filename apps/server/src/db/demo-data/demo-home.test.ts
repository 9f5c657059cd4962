import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../client.js';
import { withTenant } from '../tenant.js';
import { DEMO_PASSWORD } from './demo-data.js';

type THomeSection = {
  key: string;
  kind: string;
  items: unknown[];
  banner: unknown;
  cards?: unknown[];
  html?: string;
};

describeDb('the demo student’s home (issue #18 items 4 and 8)', () => {
  let t: TTestApp;
  let student: string;
  let clusterId: string;

  beforeAll(async () => {
    const demo = await getDemoTestApp();
    t = demo;
    clusterId = demo.demoClusterId;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'localhost' },
      payload: { loginMethod: 'email', email: 'student@northfield.example.edu', password: DEMO_PASSWORD },
    });
    student = response.json().token as string;
  });
  afterAll(async () => t.close());

  it('shows at least 8 sections with content on the Explore tab, the widget and the video among them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/home?tab=explore',
      headers: { host: 'localhost', authorization: `Bearer ${student}`, 'x-hub-id': 'northfield' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const home = response.json<{ tab: string; sections: THomeSection[] }>();
    expect(home.tab).toBe('explore');
    const hasContent = (s: THomeSection) =>
      s.kind === 'feed' ||
      s.items.length > 0 ||
      s.banner !== null ||
      (s.cards?.length ?? 0) > 0 ||
      (s.html ?? '') !== '';
    expect(home.sections.every(hasContent)).toBe(true);
    expect(home.sections.length).toBeGreaterThanOrEqual(8);
    expect(home.sections.map((s) => s.key)).toEqual(
      expect.arrayContaining([
        'heroBanner',
        'videoRecommendation',
        'recommendedAnswers',
        'resourcesWidget',
        'eventsWidget',
        'discussionModule',
        'staticLinkBlocks',
        'customizableWidget',
      ]),
    );
    // Northfield runs the single-card hero (the default variant of spec 6 homepage-hero-section).
    expect(home.sections.find((s) => s.key === 'heroBanner')?.kind).toBe('banner');
    const widget = home.sections.find((s) => s.key === 'customizableWidget');
    expect(widget?.html).toContain('<strong>Career week starts Monday.</strong>');
    expect(widget?.html).toContain('rel="noopener noreferrer"');
  });

  it('shows Riverside’s students the multi-card hero of its homepage-hero-section variant', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'localhost' },
      payload: { loginMethod: 'email', email: 'student@riverside.example.edu', password: DEMO_PASSWORD },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/home?tab=explore',
      headers: {
        host: 'localhost',
        authorization: `Bearer ${signIn.json<{ token: string }>().token}`,
        'x-hub-id': 'riverside',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const hero = response.json<{ sections: THomeSection[] }>().sections.find((s) => s.key === 'heroBanner');
    expect(hero?.kind).toBe('cards');
    expect(hero?.cards).toHaveLength(3);
  });

  // Next steps (issue #18 item 4) on the same seeded demo.
  it('are completed where the demo activity already did them: groups joined, answers given, conversations started', async () => {
    const rows = await withTenant(t.database.db, { clusterId, isClusterScope: true }, (tx) =>
      queryRows<{ type: string; owed: number; completed: number }>(
        tx,
        sql`select facts.type, count(*)::int as owed, count(c.id)::int as completed
            from (
              select distinct hub_id, user_id, 'group_register' as type from group_memberships
              union select distinct hub_id, from_user_id, 'build_your_network' from threads where hub_id is not null
              union select distinct hub_id, author_id, 'share_your_experience' from answers where hidden_at is null
            ) facts
            left join action_item_completions c
              on c.hub_id = facts.hub_id and c.user_id = facts.user_id and c.type = facts.type
            group by facts.type order by facts.type`,
      ),
    );
    // The demo has group members and answers; its conversations, if any, count the same way.
    expect(rows.map((r) => r.type)).toEqual(
      expect.arrayContaining(['group_register', 'share_your_experience']),
    );
    for (const row of rows) {
      expect(row.owed, row.type).toBeGreaterThan(0);
      expect(row.completed, row.type).toBe(row.owed);
    }
  });

  it('leave the demo student steps to take, the profile first among them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/action-items',
      headers: {
        host: 'localhost',
        authorization: `Bearer ${student}`,
        'x-hub-id': 'northfield',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const types = response.json<{ items: Array<{ type: string }> }>().items.map((item) => item.type);
    expect(types).toContain('complete_profile');
  });

  it('give every role account an inbox with a conversation, the student and the alumnus one unread each', async () => {
    const counts: Record<string, { threads: number; unreadThreads: number; firstPreview: string }> = {};
    for (const role of ['student', 'alumni', 'faculty', 'employer', 'hubadmin']) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { host: 'localhost' },
        payload: { loginMethod: 'email', email: `${role}@northfield.example.edu`, password: DEMO_PASSWORD },
      });
      const headers = {
        host: 'localhost',
        authorization: `Bearer ${signIn.json<{ token: string }>().token}`,
        'x-hub-id': 'northfield',
      };
      const list = await t.app.inject({ method: 'GET', url: '/api/inbox/threads?tab=inbox', headers });
      expect(list.statusCode, list.body).toBe(200);
      const unread = await t.app.inject({ method: 'GET', url: '/api/inbox/unread-count', headers });
      expect(unread.statusCode, unread.body).toBe(200);
      const items = list.json<{ items: Array<{ lastMessage: { preview: string } | null }> }>().items;
      counts[role] = {
        threads: items.length,
        unreadThreads: unread.json<{ unreadThreads: number }>().unreadThreads,
        firstPreview: items[0]?.lastMessage?.preview ?? '',
      };
    }
    for (const [role, count] of Object.entries(counts)) expect(count.threads, role).toBeGreaterThan(0);
    expect(counts['student']).toMatchObject({
      unreadThreads: 1,
      firstPreview: expect.stringMatching(/^Much stronger/),
    });
    expect(counts['alumni']).toMatchObject({
      unreadThreads: 1,
      firstPreview: expect.stringMatching(/^Wonderful/),
    });
    expect(counts['hubadmin']?.unreadThreads).toBe(0);
  });
});
