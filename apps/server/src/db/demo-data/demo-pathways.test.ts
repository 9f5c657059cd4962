import type { TAdminPathway, TPathwayDetail, TPathwayReviewItem, TPathwaySummary } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

/** Demo pathways (issue #20 item 6): what the demo student and hub admin of Northfield see. */
describeDb('the demo pathways (issue #20 item 6)', () => {
  let t: TTestApp;
  const tokens: Record<string, string> = {};
  const call = (role: string, url: string) =>
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

  it('has three pathways, the student part-way through Career Launch with the reflection pending review', async () => {
    const started = (await call('student', '/api/pathways?scope=assigned')).json<{
      items: TPathwaySummary[];
    }>();
    expect(started.items.map((i) => i.slug)).toEqual(['career-launch']);
    const other = (await call('student', '/api/pathways?scope=available')).json<{
      items: TPathwaySummary[];
    }>();
    expect(other.items.map((i) => i.slug)).toEqual(['interview-ready', 'networking-basics']);
    const detail = (await call('student', '/api/pathways/career-launch')).json<{ pathway: TPathwayDetail }>()
      .pathway;
    expect(detail).toMatchObject({
      progress: 'pending',
      buttonText: 'Continue',
      resumeStepIndex: 3,
      stepCount: 6,
    });

    const queue = await call('hubadmin', '/api/pathways/reviews');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<{ items: TPathwayReviewItem[] }>().items.map((i) => i.step.title)).toEqual([
      'What kind of work energises you?',
    ]);
    const manage = (await call('hubadmin', '/api/pathways?scope=manage')).json<{
      items: TPathwaySummary[];
    }>();
    const copy = manage.items.find((i) => i.slug === 'interview-ready');
    expect(copy?.copiedFrom?.title).toBe('Interview Ready');
    const admin = await call('hubadmin', `/api/pathways/admin/${copy?.id ?? ''}`);
    expect(admin.json<{ pathway: TAdminPathway }>().pathway.stepCount).toBe(3);
  });
});
