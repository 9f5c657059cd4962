import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { ZGroupSettings } from '@commons/contract';
import { groupMemberships, groups, hubSettings, userTypes } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

async function multipart(file: { name: string; bytes: Uint8Array; type: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

describeDb('resources and the business directory', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let admin: TTestUser;
  let student: TTestUser;
  let alumnus: TTestUser;
  const tokens = new Map<string, string>();
  let nowMs = Date.parse('2026-06-01T12:00:00Z');

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date((nowMs += 10)) });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['resources'] });
    student = await createUser(t.database.db, cluster, { hub });
    alumnus = await createUser(t.database.db, cluster, {
      hub,
      userType: 'alumni',
      firstName: 'Alex',
      lastName: 'Founder',
    });
  });
  afterAll(async () => t.close());

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const headers = async (user: TTestUser) => ({
    host: cluster.host,
    authorization: `Bearer ${await tokenOf(user)}`,
    'x-hub-id': hub.identifier,
  });
  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: await headers(user), ...(payload ? { payload } : {}) });

  it('lets admins with the resources right post articles, links and files with attachments; members read them', async () => {
    expect(
      (
        await call(student, 'POST', '/api/resources', {
          typeName: 'article',
          title: 'My guide',
          body: '<p>x</p>',
        })
      ).statusCode,
    ).toBe(403);
    const article = await call(admin, 'POST', '/api/resources', {
      typeName: 'article',
      title: 'Interview guide',
      body: '<p>Prepare <b>stories</b><script>x</script></p>',
      category: 'Careers',
    });
    expect(article.statusCode, article.body).toBe(201);
    expect(article.json().resource).toMatchObject({
      slug: 'interview-guide',
      typeName: 'article',
      body: '<p>Prepare <b>stories</b></p>',
      isBusinessDirectory: false,
    });
    const again = await call(admin, 'POST', '/api/resources', {
      typeName: 'article',
      title: 'Interview guide',
      body: '<p>Second</p>',
    });
    expect(again.json().resource.slug).toBe('interview-guide-2');
    expect(
      (
        await call(admin, 'POST', '/api/resources', {
          typeName: 'link',
          title: 'A link',
          url: 'http://192.168.0.1/',
        })
      ).statusCode,
    ).toBe(400);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const body = await multipart({ name: 'handbook.pdf', bytes: pdf, type: 'application/pdf' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/resources/attachments',
      headers: { ...(await headers(admin)), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = uploaded.json().attachment.id;
    const file = await call(admin, 'POST', '/api/resources', {
      typeName: 'file',
      title: 'Student handbook',
      attachmentIds: [fileId],
      category: 'Guides',
    });
    expect(file.json().resource.attachments).toEqual([
      { id: fileId, name: 'handbook.pdf', mimeType: 'application/pdf', sizeBytes: pdf.length },
    ]);

    const list = (await call(student, 'GET', '/api/resources')).json();
    expect(list.items.map((r: { slug: string }) => r.slug)).toEqual([
      'student-handbook',
      'interview-guide-2',
      'interview-guide',
    ]);
    expect(list.categories).toEqual([
      { category: 'Careers', count: 1 },
      { category: 'Guides', count: 1 },
    ]);
    expect((await call(student, 'GET', '/api/resources?category=Guides')).json().items).toHaveLength(1);
    expect(
      (await call(student, 'GET', '/api/resources?q=handb'))
        .json()
        .items.map((r: { slug: string }) => r.slug),
    ).toEqual(['student-handbook']);
    expect((await call(student, 'GET', '/api/resources/interview-guide')).json().resource.title).toBe(
      'Interview guide',
    );
  });

  it('gives a fresh slug after a resource with the same title was deleted, and to concurrent posts of one title (issue #13)', async () => {
    const create = (title: string) =>
      call(admin, 'POST', '/api/resources', { typeName: 'article', title, body: '<p>Notes</p>' });
    const slugOf = (response: Awaited<ReturnType<typeof create>>) => {
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ resource: { slug: string } }>().resource.slug;
    };
    expect(slugOf(await create('Career fair notes'))).toBe('career-fair-notes');
    expect(slugOf(await create('Career fair notes'))).toBe('career-fair-notes-2');
    expect((await call(admin, 'DELETE', '/api/resources/career-fair-notes')).statusCode).toBe(200);
    // Counting the remaining rows would pick career-fair-notes-2 again, which is taken.
    expect(slugOf(await create('Career fair notes'))).toBe('career-fair-notes-3');
    expect(slugOf(await create('Career fair notes'))).toBe('career-fair-notes-4');
    // A title whose own slug looks numbered does not confuse the numbering of another title.
    expect(slugOf(await create('Career fair notes 99999999999999999999'))).toBe(
      'career-fair-notes-99999999999999999999',
    );
    expect(slugOf(await create('Career fair notes'))).toBe('career-fair-notes-100000000000000000000');

    const racing = await Promise.all(Array.from({ length: 4 }, () => create('Mentoring handbook')));
    const slugs = racing.map(slugOf);
    expect(new Set(slugs).size).toBe(4);
    expect(slugs).toContain('mentoring-handbook');
  });

  it('hands out short-lived signed file links through the resource-URL helper (spec 7)', async () => {
    const resource = (await call(student, 'GET', '/api/resources/student-handbook')).json().resource;
    const fileId = resource.attachments[0].id;
    const signed = await call(student, 'GET', `/api/resources/files/${fileId}/url`);
    expect(signed.statusCode).toBe(200);
    const { url, expiresAt } = signed.json();
    expect(Date.parse(expiresAt) - nowMs).toBeLessThanOrEqual(300_000);
    const download = await t.app.inject({ method: 'GET', url, headers: { host: cluster.host } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="handbook.pdf"');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: url.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`),
          headers: { host: cluster.host },
        })
      ).statusCode,
    ).toBe(404);
    nowMs += 301_000;
    expect((await t.app.inject({ method: 'GET', url, headers: { host: cluster.host } })).statusCode).toBe(
      404,
    );
  });

  it('lets the author and resource admins edit a resource (PATCH), keeping the type rules; others get 403', async () => {
    const created = (
      await call(admin, 'POST', '/api/resources', {
        typeName: 'link',
        title: 'Salary guide',
        url: 'https://example.org/salaries',
        category: 'Careers',
      })
    ).json().resource;
    expect(
      (await call(student, 'PATCH', `/api/resources/${created.slug}`, { title: 'Mine now' })).statusCode,
    ).toBe(403);
    const edited = await call(admin, 'PATCH', `/api/resources/${created.slug}`, {
      title: 'Salary guide 2026',
      body: '<p>Updated <i>yearly</i><img src="x" onerror="alert(1)"></p>',
      category: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().resource).toMatchObject({
      slug: created.slug,
      title: 'Salary guide 2026',
      body: '<p>Updated <i>yearly</i></p>',
      category: null,
      url: 'https://example.org/salaries',
    });
    const noUrl = await call(admin, 'PATCH', `/api/resources/${created.slug}`, { url: null });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().error.fields).toEqual({ url: 'Please add the link.' });
    expect(
      (await call(admin, 'PATCH', `/api/resources/${created.slug}`, { typeName: 'file' })).json().error
        .fields,
    ).toEqual({ attachmentIds: 'Please attach a file.' });
    const file = (await call(student, 'GET', '/api/resources/student-handbook')).json().resource;
    expect(
      (
        await call(admin, 'PATCH', '/api/resources/student-handbook', { title: 'Student handbook 2026' })
      ).json().resource.attachments,
    ).toEqual(file.attachments);
    expect(
      (await call(admin, 'PATCH', '/api/resources/student-handbook', { attachmentIds: [] })).json().error
        .fields,
    ).toEqual({ attachmentIds: 'Please attach a file.' });
  });

  it('opens the business directory to user types with canCreateResource once the hub enables business directory V2', async () => {
    const listing = {
      typeName: 'link',
      title: 'Founder Coffee Co.',
      url: 'https://coffee.example.org',
      category: 'Food & drink',
      location: 'Springfield',
      isBusinessDirectory: true,
    };
    expect((await call(alumnus, 'POST', '/api/resources', listing)).statusCode).toBe(403);
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      await tx
        .update(userTypes)
        .set({ canCreateResource: true })
        .where(eq(userTypes.id, hub.userTypeIds.alumni));
    });
    expect((await call(alumnus, 'POST', '/api/resources', listing)).statusCode).toBe(403);
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(hubSettings).where(eq(hubSettings.hubId, hub.id));
      if (!row) throw new Error('hub settings missing');
      await tx
        .update(hubSettings)
        .set({
          settings: {
            ...row.settings,
            moduleSettings: {
              ...row.settings.moduleSettings,
              resources: { isBusinessDirectoryV2Enabled: true },
            },
          },
        })
        .where(eq(hubSettings.hubId, hub.id));
    });
    expect((await call(alumnus, 'GET', '/api/resources/settings')).json()).toEqual({
      canCreate: false,
      canCreateListing: true,
      isBusinessDirectoryEnabled: true,
      groups: [],
    });
    expect((await call(student, 'GET', '/api/resources/settings')).json()).toEqual({
      canCreate: false,
      canCreateListing: false,
      isBusinessDirectoryEnabled: true,
      groups: [],
    });
    const created = await call(alumnus, 'POST', '/api/resources', listing);
    expect(created.statusCode, created.body).toBe(201);
    expect((await call(student, 'POST', '/api/resources', listing)).statusCode).toBe(403);
    const directory = (await call(student, 'GET', '/api/resources?isBusinessDirectory=true')).json();
    expect(
      directory.items.map((r: { title: string; isBusinessDirectory: boolean }) => [
        r.title,
        r.isBusinessDirectory,
      ]),
    ).toEqual([['Founder Coffee Co.', true]]);
    expect(
      (await call(student, 'GET', '/api/resources')).json().items.map((r: { title: string }) => r.title),
    ).not.toContain('Founder Coffee Co.');
    expect(created.json().resource.can).toMatchObject({ edit: true, delete: true });
    expect((await call(student, 'DELETE', `/api/resources/${created.json().resource.slug}`)).statusCode).toBe(
      403,
    );
    expect((await call(alumnus, 'DELETE', `/api/resources/${created.json().resource.slug}`)).statusCode).toBe(
      200,
    );
  });

  it('offers the groups a viewer may post in (group scope): all with the resources right, else those they admin', async () => {
    const groupId = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      async (tx) => {
        const [group] = await tx
          .insert(groups)
          .values({
            clusterId: cluster.clusterId,
            hubId: hub.id,
            identifier: 'founders-club',
            groupType: 'group',
            name: 'Founders club',
            sortName: 'founders club',
            searchText: 'founders club',
            settings: ZGroupSettings.parse({}),
          })
          .returning();
        if (!group) throw new Error('group insert failed');
        await tx.insert(groupMemberships).values({
          clusterId: cluster.clusterId,
          hubId: hub.id,
          groupId: group.id,
          userId: alumnus.id,
          approved: true,
          isAdmin: true,
        });
        return group.id;
      },
    );
    expect((await call(admin, 'GET', '/api/resources/settings')).json()).toMatchObject({
      canCreate: true,
      groups: [{ id: groupId, name: 'Founders club' }],
    });
    expect((await call(alumnus, 'GET', '/api/resources/settings')).json()).toMatchObject({
      canCreate: false,
      groups: [{ id: groupId, name: 'Founders club' }],
    });
    expect((await call(student, 'GET', '/api/resources/settings')).json().groups).toEqual([]);
    expect((await call(alumnus, 'GET', `/api/resources/settings?groupId=${groupId}`)).json()).toMatchObject({
      canCreate: true,
      groups: [],
    });
    const posted = await call(alumnus, 'POST', '/api/resources', {
      typeName: 'article',
      title: 'Pitch deck tips',
      body: '<p>Ten slides.</p>',
      groupId,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(
      (
        await call(student, 'POST', '/api/resources', {
          typeName: 'article',
          title: 'Mine',
          body: '<p>x</p>',
          groupId,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(student, 'GET', '/api/resources')).json().items.map((r: { title: string }) => r.title),
    ).not.toContain('Pitch deck tips');
    expect(
      (await call(admin, 'GET', `/api/resources?groupId=${groupId}`))
        .json()
        .items.map((r: { title: string }) => r.title),
    ).toEqual(['Pitch deck tips']);
  });

  it('answers every refused or failed link preview alike, never the network error (spec 5 URL, issue #13 item 4)', async () => {
    const urls = [
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'ftp://example.org/',
      'http://198.51.100.7/',
      'http://example.org:6379/',
      'http://no-such-host.invalid/',
    ];
    const answers = new Set<string>();
    for (const url of urls) {
      const response = await call(student, 'POST', '/api/link-previews', { url });
      expect(response.statusCode, url).toBe(422);
      answers.add(response.body);
    }
    expect([...answers]).toEqual([
      JSON.stringify({
        error: {
          code: 'preview_unavailable',
          message: 'No preview for this link',
          user_message: 'We could not load a preview of this link.',
        },
      }),
    ]);
  });

  it('lets only approved members ask for a link preview', async () => {
    const pending = await createUser(t.database.db, cluster, { hub, approved: null });
    const response = await call(pending, 'POST', '/api/link-previews', { url: 'http://127.0.0.1/' });
    expect(response.statusCode).toBe(403);
  });
});
