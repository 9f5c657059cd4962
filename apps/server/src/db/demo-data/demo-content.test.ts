import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

describeDb('demo discussions and events (issue #7 Demo data)', () => {
  let t: TTestApp;
  let student: string;

  beforeAll(async () => {
    t = await getDemoTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'localhost' },
      payload: { loginMethod: 'email', email: 'student@northfield.example.edu', password: DEMO_PASSWORD },
    });
    student = response.json().token as string;
  });
  afterAll(async () => t.close());

  const get = (url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', authorization: `Bearer ${student}`, 'x-hub-id': 'northfield' },
    });

  it('shows a new member questions with answers, one pinned and answered', async () => {
    const list = (await get('/api/discussions/questions')).json();
    expect(list.pinned.map((q: { title: string }) => q.title)).toEqual([
      'How did you land your first internship?',
    ]);
    expect(list.items.length).toBeGreaterThanOrEqual(2);
    const page = (await get(`/api/discussions/questions/${list.pinned[0].id}`)).json().question;
    expect(page.answers).toHaveLength(2);
    expect(page.comments).toHaveLength(1);
    // The asker accepted the alumna's answer (issue #16 item 18): it comes first, and the card says so.
    expect(page.answers[0]).toMatchObject({ isAccepted: true, author: { fullname: 'Alex Alumni' } });
    expect(page.acceptedAnswerId).toBe(page.answers[0].id);
    expect(list.pinned[0].acceptedAnswerId).toBe(page.answers[0].id);
  });

  it('shows resources with a link preview and a business directory listing; students may not post either', async () => {
    const list = (await get('/api/resources')).json();
    expect(list.items.map((r: { title: string }) => r.title)).toEqual([
      'Write a CV that gets read',
      'Occupational Outlook Handbook',
      'Informational interviews in five minutes',
    ]);
    expect(list.items[1].preview).toMatchObject({
      title: 'Occupational Outlook Handbook',
      siteName: 'U.S. Bureau of Labor Statistics',
    });
    const directory = (await get('/api/resources?isBusinessDirectory=true')).json();
    expect(directory.items.map((r: { title: string; location: string }) => [r.title, r.location])).toEqual([
      ['Founder Coffee Co.', 'Springfield'],
    ]);
    expect((await get('/api/resources/settings')).json()).toEqual({
      canCreate: false,
      canCreateListing: false,
      isBusinessDirectoryEnabled: true,
      groups: [],
    });
  });

  it('leads the hub feed with a pinned welcome, then recent questions, answers, resources, events and members', async () => {
    const feed = (await get('/api/feed?limit=100')).json();
    expect(feed.pinned.map((item: { title: string }) => item.title)).toEqual(['Welcome to the new term']);
    const kinds = new Set(feed.items.map((item: { kind: string }) => item.kind));
    expect([...kinds].sort()).toEqual(['answer', 'event', 'member', 'question', 'resource']);
  });

  it('lists upcoming events, one with a capacity of 2', async () => {
    const events = (await get('/api/events')).json().items;
    expect(events.map((e: { title: string }) => e.title)).toEqual([
      'CV clinic with alumni',
      'Spring career fair',
    ]);
    expect(events[0]).toMatchObject({ capacity: 2, registeredCount: 1, spotsLeft: 1 });
  });
});
