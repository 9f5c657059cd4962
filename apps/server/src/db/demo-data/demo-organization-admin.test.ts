import type {
  TAdministeredOrganizationsResponse,
  TComposeResponse,
  TOrganizationMembersPage,
  TOrganizationOutreachTemplatesResponse,
  TOrganizationProfileFieldsResponse,
  TProfile,
} from '@commons/contract';
import { ORGANIZATION_ADMIN_ACCESS_RIGHTS } from '@commons/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, getDemoTestApp, type TTestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from './demo-data.js';

describeDb('demo organisation admin (spec 6 Organisation admins; issue #22)', () => {
  let t: TTestApp;
  let faculty: string;

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

  it('faculty@ administers the Alumni Association with the limited list, and its members only', async () => {
    const mine = (await get('/api/admin/organizations')).json<TAdministeredOrganizationsResponse>();
    expect(mine.items).toEqual([
      expect.objectContaining({
        identifier: 'northfield-alumni-association',
        name: 'Alumni Association',
        rights: [...ORGANIZATION_ADMIN_ACCESS_RIGHTS],
      }),
    ]);
    const members = await get('/api/admin/organizations/northfield-alumni-association/members?limit=100');
    expect(members.statusCode, members.body).toBe(200);
    const emails = members.json<TOrganizationMembersPage>().items.map((item) => item.email);
    expect(emails).toContain('alumni@northfield.example.edu');
    expect(emails).not.toContain('student@northfield.example.edu');
    // Not a hub admin: the hub's own lists stay closed.
    expect((await get('/api/admin/members')).statusCode).toBe(403);
  });

  it('the Alumni Association has one template for Alumni → Student (spec 6 Organisation admins: templates)', async () => {
    const response = await get('/api/admin/organizations/northfield-alumni-association/outreach-templates');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TOrganizationOutreachTemplatesResponse>();
    const title = (id: string) => body.userTypes.find((type) => type.id === id)?.title;
    expect(
      body.items.map((set) => [
        title(set.senderUserTypeId),
        title(set.recipientUserTypeId),
        set.templates.length,
      ]),
    ).toEqual([['Alumni', 'Student', 1]]);
  });

  it('the Alumni Association asks its members two fields of its own, the chapter answered by alumni@ (custom-fields)', async () => {
    const response = await get('/api/admin/organizations/northfield-alumni-association/profile-fields');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TOrganizationProfileFieldsResponse>();
    expect(body.items.map((item) => [item.label, item.answerCount])).toEqual([
      ['Chapter', 1],
      ['Willing to volunteer at reunions', 0],
    ]);
    // The hub's own list does not carry them.
    const hubSlugs = (await get('/api/profiles/me'))
      .json<{ profile: TProfile }>()
      .profile.sections.customFields?.items.map((item) => item.slug);
    expect(hubSlugs ?? []).not.toContain('alumni-chapter');
  });

  it('once student@ joins the Alumni Association, alumni@ writing to them is offered its template first, under its name', async () => {
    const tokenOf = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { host: 'localhost' },
          payload: { loginMethod: 'email', email, password: DEMO_PASSWORD },
        })
      ).json<{ token: string; user: { id: string } }>();
    const student = await tokenOf('student@northfield.example.edu');
    const alumnus = await tokenOf('alumni@northfield.example.edu');
    const as = (token: string) => ({
      host: 'localhost',
      authorization: `Bearer ${token}`,
      'x-hub-id': 'northfield',
    });
    const compose = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/inbox/compose?recipientId=${student.user.id}`,
          headers: as(alumnus.token),
        })
      ).json<TComposeResponse>().templates;
    // Not a member yet: nothing of the association.
    expect((await compose()).some((tpl) => tpl.organizationName !== null)).toBe(false);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/groups/northfield-alumni-association/join',
      headers: as(student.token),
      payload: {},
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await compose())[0]).toMatchObject({
      title: 'An Alumni Association member offering help',
      organizationName: 'Alumni Association',
    });
  });
});
