import type { TScimSettings } from '@commons/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

describeDb('the demo SCIM provisioning (issue #24 item 6)', () => {
  let t: TTestApp;
  let token = '';

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

  it('shows the cluster admin a used token, a revoked one and two pushed groups, one mapped to Faculty & Staff', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/scim',
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const settings = response.json<TScimSettings>();
    expect(settings.tokens.map((k) => [k.name, k.revokedAt === null, k.lastUsedAt !== null])).toEqual([
      ['Microsoft Entra ID', true, true],
      ['Okta trial', false, true],
    ]);
    const [students, faculty] = settings.groups;
    expect(students).toMatchObject({ displayName: 'All students', hubId: null, memberCount: 1 });
    const hub = settings.hubs.find((h) => h.id === faculty?.hubId);
    expect(hub?.userTypes.find((type) => type.id === faculty?.userTypeId)?.title).toBe('Faculty & Staff');
    expect(faculty?.memberCount).toBe(1);
    // The seeded tokens' secrets exist nowhere: none opens /scim/v2.
    const scim = await t.app.inject({
      method: 'GET',
      url: '/scim/v2/Users',
      headers: { host: 'localhost', authorization: `Bearer ${settings.tokens[0]?.prefix ?? ''}` },
    });
    expect(scim.statusCode).toBe(401);
  });
});
