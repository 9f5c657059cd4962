import type { TWebhookList } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

describeDb('the demo webhook (issue #23 item 3)', () => {
  let t: TTestApp;
  let token = '';
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await getDemoTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'localhost' },
      payload: { loginMethod: 'email', email: 'clusteradmin@example.edu', password: DEMO_PASSWORD },
    });
    token = response.json().token as string;
  });
  afterAll(async () => t.close());

  it('shows the cluster admin one turned-off webhook with a delivery log of a success, a retried one and a failure', async () => {
    const list = await get('/api/admin/webhooks');
    expect(list.statusCode, list.body).toBe(200);
    const [webhook, ...others] = list.json<TWebhookList>().items;
    expect(others).toEqual([]);
    expect(webhook).toMatchObject({
      url: 'https://crm.example.edu/hooks/commons',
      events: ['user.created', 'membership.approved'],
      isEnabled: false,
    });
    const log = await get(`/api/admin/webhooks/${webhook?.id ?? ''}/deliveries`);
    expect(log.statusCode, log.body).toBe(200);
    const items = log.json<{
      items: Array<{ status: string; attempts: number; responseCode: number | null }>;
    }>().items;
    expect(items.map((d) => [d.status, d.attempts, d.responseCode])).toEqual([
      ['failed', 12, 503],
      ['succeeded', 3, 200],
      ['succeeded', 1, 200],
    ]);
  });
});
