import type { TPlatformClusterPage } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

describeDb('the demo tenants of the super admin console (issue #23 item 1)', () => {
  let t: TTestApp;
  let token = '';

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

  it('shows the super admin the demo cluster first and two more tenants, one of them to be erased', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/platform/clusters',
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json<TPlatformClusterPage>();
    expect(items.map((c) => [c.name, c.isProduction, c.defaultSetting, c.erasureAt === null])).toEqual([
      ['Commons Demo', true, 'standard', true],
      ['Harbor College (trial)', false, 'trial', true],
      ['Southern Cross Institute', true, 'all-in-one', false],
    ]);
    const [demo, harbor, southern] = items;
    expect(demo?.sfAccountId).toBe('0015g00000CmDemo');
    expect(demo?.usage.members).toBeGreaterThan(10);
    expect(demo?.usage.messagesLast30Days).toBeGreaterThan(0);
    expect(demo?.hubs.map((h) => h.region)).toEqual(expect.arrayContaining(['us', 'eu']));
    expect(harbor?.hubs.map((h) => [h.identifier, h.region])).toEqual([['harbor', 'ca']]);
    expect(southern?.hubs.map((h) => h.region)).toEqual(['au', 'au']);
  });
});
