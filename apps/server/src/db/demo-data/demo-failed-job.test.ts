import type { TFailedJobPage } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';
import { DEMO_FAILED_JOB_NAME } from './demo-failed-job.js';

describeDb('the demo failed job (issue #23 item 4)', () => {
  let t: TTestApp;
  let token = '';
  const call = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { host: 'localhost', authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await getDemoTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'localhost' },
      payload: { loginMethod: 'email', email: 'superadmin@example.edu', password: DEMO_PASSWORD },
    });
    token = response.json().token as string;
  });
  afterAll(async () => t.close());

  it('shows the super admin one failed job that says it is a demo, and a retry takes it off the list', async () => {
    const list = await call('GET', '/api/platform/jobs/failed');
    expect(list.statusCode, list.body).toBe(200);
    const [job, ...others] = list.json<TFailedJobPage>().items;
    expect(others).toEqual([]);
    expect(job).toMatchObject({ name: DEMO_FAILED_JOB_NAME, queue: 'periodic', attempts: 4 });
    expect(job?.error).toMatch(/^Demo: /);
    const retried = await call('POST', `/api/platform/jobs/failed/${job?.id ?? ''}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect((await call('GET', '/api/platform/jobs/failed')).json<TFailedJobPage>().items).toEqual([]);
  });
});
