import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

describeDb('the demo custom profile fields (issue #22 item 1)', () => {
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
    for (const role of ['student', 'alumni', 'hubadmin']) {
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

  it('lists Northfield’s fields for the hub admin and shows the student’s answers, the paragraph included', async () => {
    const list = await get('hubadmin', '/api/admin/profile-fields');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json().items.map((item: { slug: string; answerCount: number }) => [item.slug, item.answerCount]),
    ).toEqual([
      ['career-goals', 1],
      ['preferred-campus', 1],
      ['mentoring-languages', 1],
    ]);

    const mine = await get('student', '/api/profiles/me');
    const fields = mine.json().profile.sections.customFields.items as Array<{
      slug: string;
      type: string;
      value: unknown;
    }>;
    expect(fields.map((field) => field.slug)).toEqual([
      'career-goals',
      'preferred-campus',
      'mentoring-languages',
    ]);
    expect(fields[0]?.type).toBe('paragraph');
    expect(String(fields[0]?.value)).toContain('\n\n');
    expect(fields[2]?.value).toEqual(['English', 'Spanish']);

    // The alumnus is asked the two fields for everyone only, and has answered none.
    const alumni = await get('alumni', '/api/profiles/me');
    expect(
      alumni
        .json()
        .profile.sections.customFields.items.map((field: { slug: string; value: unknown }) => [
          field.slug,
          field.value,
        ]),
    ).toEqual([
      ['preferred-campus', null],
      ['mentoring-languages', null],
    ]);
  });
});
