import type {
  THubDomainPage,
  TLandingPageAnswer,
  TMailTemplateList,
  TMajorCatalogue,
  TMajorList,
} from '@commons/contract';
import { mailTemplateProblems } from '@commons/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';
import { MAJORS } from './demo-people.js';

describeDb('the demo cluster’s landing page and majors (issue #23 item 2)', () => {
  let t: TTestApp;
  let token = '';
  const get = (url: string, isSignedIn = true) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', ...(isSignedIn ? { authorization: `Bearer ${token}` } : {}) },
    });

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

  it('shows visitors the landing page and the cluster admin the catalogue with one archived major', async () => {
    const landing = (await get('/api/cluster/landing-page', false)).json<TLandingPageAnswer>();
    expect(landing.landingPage?.title).toBe('Welcome to the Northfield community');
    expect(landing.landingPage?.callToAction).toEqual({
      label: 'Join Northfield',
      url: '/hub/northfield/signup',
    });
    const catalogue = (await get('/api/cluster/majors', false)).json<TMajorCatalogue>();
    expect(catalogue.items.map((item) => item.name)).toEqual(MAJORS);
    const admin = await get('/api/admin/cluster/majors');
    expect(admin.statusCode, admin.body).toBe(200);
    expect(
      admin
        .json<TMajorList>()
        .items.filter((item) => item.isArchived)
        .map((item) => item.name),
    ).toEqual(['Home Economics']);
  });

  it('gives Northfield one pending custom domain with its TXT record', async () => {
    const list = await get('/api/admin/cluster/domains');
    expect(list.statusCode, list.body).toBe(200);
    const [domain, ...rest] = list.json<THubDomainPage>().items;
    expect(rest).toEqual([]);
    expect(domain).toMatchObject({ domain: 'alumni.northfield.example.edu', status: 'pending' });
    expect(domain?.txtRecord.name).toBe('_commons-challenge.alumni.northfield.example.edu');
  });

  it('has the approved members’ welcome email in the cluster’s own words, valid under the catalogue’s rules', async () => {
    const list = await get('/api/admin/cluster/email-templates');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json<TMailTemplateList>()
        .items.filter((item) => item.isCustomised)
        .map((item) => item.key),
    ).toEqual(['membership-approved']);
    const one = await get('/api/admin/cluster/email-templates/membership-approved');
    const override = one.json<{ override: { subject: string; body: string } }>().override;
    expect(override.subject).toBe('Welcome to {{hubName}}, fellow Owl!');
    expect(mailTemplateProblems('membership-approved', override)).toEqual({});
  });
});
