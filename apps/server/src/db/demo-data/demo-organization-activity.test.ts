import type { TOrganizationAnalyticsResponse, TOrganizationBrandingResponse } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';
import { DEMO_ASSOCIATION_BRANDING } from './demo-organization-activity.js';

describeDb('demo Alumni Association: brand and months of activity (issue #22 demo)', () => {
  let t: TTestApp;
  let faculty: string;
  const ORGANIZATION = '/api/admin/organizations/northfield-alumni-association';

  beforeAll(async () => {
    t = await getDemoTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: 'localhost' },
      payload: { loginMethod: 'email', email: 'faculty@northfield.example.edu', password: DEMO_PASSWORD },
    });
    faculty = response.json<{ token: string }>().token;
  });
  afterAll(async () => t.close());

  const get = (url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', authorization: `Bearer ${faculty}`, 'x-hub-id': 'northfield' },
    });

  it('has its brand colour and logo', async () => {
    const response = await get(`${ORGANIZATION}/branding`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TOrganizationBrandingResponse>().branding).toEqual(DEMO_ASSOCIATION_BRANDING);
  });

  it('shows months of its members’ activity in the console’s monthly charts', async () => {
    const response = await get(`${ORGANIZATION}/analytics?interval=month`);
    expect(response.statusCode, response.body).toBe(200);
    const { series } = response.json<TOrganizationAnalyticsResponse>();
    const monthsWith = (metric: string) =>
      series.find((s) => s.metric === metric)?.points.filter((p) => p.value > 0).length ?? 0;
    expect(monthsWith('messages')).toBeGreaterThanOrEqual(5);
    expect(monthsWith('activeUsers')).toBeGreaterThanOrEqual(5);
    expect(monthsWith('meetings')).toBeGreaterThanOrEqual(3);
    expect(monthsWith('mentorshipsStarted')).toBeGreaterThanOrEqual(4);
    expect(monthsWith('mentorshipsCompleted')).toBeGreaterThanOrEqual(1);
    expect(monthsWith('signups')).toBeGreaterThanOrEqual(2);
  });
});
