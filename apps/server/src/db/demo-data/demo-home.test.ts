import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.js';

type THomeSection = {
  key: string;
  kind: string;
  items: unknown[];
  banner: unknown;
  cards?: unknown[];
  html?: string;
};

describeDb('the demo student’s home (issue #18 item 8)', () => {
  let t: TTestApp;
  let student: string;

  beforeAll(async () => {
    t = await getTestApp();
    await seedDemoData(t.database.db);
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
});
