import { ZHubSettings } from '@commons/contract';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { hubMemberships, hubSettings, userTypes } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { eraseDeletedAccounts } from '../../jobs/account-erasure.js';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  TEST_PASSWORD,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { detectAudio } from './career-stories.audio.js';

/** The first bytes of a WebM file as MediaRecorder writes it (EBML header with the "webm" doc type). */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(64, 1),
]);
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 2)]);
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(60, 3)]);
const M4A = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(60, 4)]);

describe('career story audio by magic bytes', () => {
  it.each([
    [WEBM, 'audio/webm'],
    [OGG, 'audio/ogg'],
    [MP3, 'audio/mpeg'],
    [Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]), 'audio/mpeg'],
    [M4A, 'audio/mp4'],
  ])('recognises %#', (bytes, mimeType) => {
    expect(detectAudio(bytes).mimeType).toBe(mimeType);
  });

  it('refuses anything else, a Matroska video included', () => {
    const mkv = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      Buffer.from('matroska'),
      Buffer.alloc(60),
    ]);
    for (const bytes of [Buffer.from('%PDF-1.7'), Buffer.from('<html>'), mkv, Buffer.alloc(0)]) {
      expect(() => detectAudio(bytes)).toThrowError(
        expect.objectContaining({ fields: { file: 'Upload a WebM, Ogg, MP3 or M4A audio file.' } }),
      );
    }
  });
});

describeDb('career stories API', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let alumnus: TTestUser;
  let alumnusToken: string;
  let student: TTestUser;
  let studentToken: string;

  beforeAll(async () => {
    t = await getTestApp({ clock: () => new Date('2026-06-15T12:00:00Z') });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    alumnus = await createUser(t.database.db, cluster, { hub, userType: 'alumni', firstName: 'Alma' });
    alumnusToken = (await signIn(t.app, cluster, alumnus)).token;
    student = await createUser(t.database.db, cluster, { hub });
    studentToken = (await signIn(t.app, cluster, student)).token;
  });
  afterAll(async () => t.close());

  function call(method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  }

  async function uploadAudio(
    promptId: string,
    bytes: Buffer,
    options: { token?: string; recorded?: boolean; type?: string } = {},
  ) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], { type: options.type ?? 'audio/webm' }),
      'answer.webm',
    );
    const encoded = new Response(form);
    return t.app.inject({
      method: 'POST',
      url: `/api/profiles/me/career-stories/${promptId}/audio${options.recorded ? '?recorded=true' : ''}`,
      headers: {
        host: cluster.host,
        authorization: `Bearer ${options.token ?? alumnusToken}`,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
  }

  it('shows the owner every default prompt unanswered, and saves text and link by prompt id', async () => {
    const before = (await call('GET', '/api/profiles/me', alumnusToken)).json().profile.sections.careerAdvice;
    expect(before.prompts.map((p: { text: string }) => p.text)).toEqual([
      'How did you get where you are today?',
      'What do you wish you had known as a student?',
      'What advice would you give someone starting in your field?',
    ]);
    expect(before.prompts.every((p: { item: unknown }) => p.item === null)).toBe(true);

    const response = await call('PUT', '/api/profiles/me/career-stories', alumnusToken, {
      items: [
        {
          promptId: 'journey',
          value: '  I started as an intern and kept asking questions.  ',
          link: 'https://example.org/my-story',
        },
        { promptId: 'wish-known', value: '   ', link: null },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [journey, wishKnown] = response.json().careerAdvice.prompts;
    expect(journey.item).toMatchObject({
      value: 'I started as an intern and kept asking questions.',
      link: 'https://example.org/my-story',
      audioSrc: null,
      recorded: false,
    });
    expect(wishKnown.item).toBeNull();
  });

  it.each([
    [
      { promptId: 'journey', value: 'x', link: 'javascript:alert(1)' },
      'items.0.link',
      'Enter a link that starts with http:// or https://.',
    ],
    [
      { promptId: 'journey', value: 'x', link: 'ftp://example.org/file' },
      'items.0.link',
      'Enter a link that starts with http:// or https://.',
    ],
    [
      { promptId: 'journey', value: 'a'.repeat(5001), link: null },
      'items.0.value',
      'Keep your story under 5,000 characters.',
    ],
    [
      { promptId: 'no-such-question', value: 'x', link: null },
      'items.0.promptId',
      'This question is not asked in your hub.',
    ],
  ])('refuses a bad item with a field message (%#)', async (item, field, message) => {
    const response = await call('PUT', '/api/profiles/me/career-stories', alumnusToken, { items: [item] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('stores an audio answer recorded in the browser, checked by its bytes, and serves it to a member who may see it', async () => {
    const refused = await uploadAudio('advice', Buffer.from('%PDF-1.7 not audio'), { type: 'audio/webm' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.file).toBe('Upload a WebM, Ogg, MP3 or M4A audio file.');
    expect((await uploadAudio('no-such-question', WEBM)).statusCode).toBe(400);

    const response = await uploadAudio('advice', WEBM, { recorded: true });
    expect(response.statusCode).toBe(200);
    const { item } = response.json();
    expect(item).toMatchObject({ recorded: true, audioMimeType: 'audio/webm', value: null });
    expect(item.audioSrc).toMatch(
      new RegExp(`^/api/profiles/${alumnus.identifier}/career-stories/advice/audio\\?v=\\d+$`),
    );

    const asStudent = (await call('GET', `/api/profiles/${alumnus.identifier}`, studentToken)).json().profile
      .sections.careerAdvice;
    // Others see answered prompts only.
    expect(asStudent.prompts.map((p: { id: string }) => p.id)).toEqual(['journey', 'advice']);
    const audio = await call('GET', item.audioSrc, studentToken);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/webm');
    expect(audio.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(audio.rawPayload, WEBM)).toBe(0);

    // Replacing it with an uploaded file removes the old bytes.
    const [before] = await storedAudio(alumnus.id, 'advice');
    const replaced = await uploadAudio('advice', OGG);
    expect(replaced.json().item).toMatchObject({ recorded: false, audioMimeType: 'audio/ogg' });
    expect(await t.app.deps.storage.get('us', before?.audio_key ?? '')).toBeNull();
  });

  it('deletes an audio answer, and the answer with it when nothing else is left', async () => {
    const [stored] = await storedAudio(alumnus.id, 'advice');
    const response = await call('DELETE', '/api/profiles/me/career-stories/advice/audio', alumnusToken);
    expect(response.statusCode).toBe(200);
    expect(
      response.json().careerAdvice.prompts.find((p: { id: string }) => p.id === 'advice').item,
    ).toBeNull();
    expect(await t.app.deps.storage.get('us', stored?.audio_key ?? '')).toBeNull();
    expect(
      (await call('DELETE', '/api/profiles/me/career-stories/advice/audio', alumnusToken)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/profiles/${alumnus.identifier}/career-stories/advice/audio`, studentToken))
        .statusCode,
    ).toBe(404);
  });

  it('asks the hub’s own prompts when its settings name them', async () => {
    const otherHub = await createHub(t.database.db, cluster);
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .update(hubSettings)
        .set({
          settings: ZHubSettings.parse({
            moduleSettings: {
              careerStories: { prompts: [{ id: 'first-job', text: 'What was your first job?' }] },
            },
          }),
        })
        .where(eq(hubSettings.hubId, otherHub.id)),
    );
    const member = await createUser(t.database.db, cluster, { hub: otherHub, userType: 'alumni' });
    const { token } = await signIn(t.app, cluster, member);
    const section = (await call('GET', '/api/profiles/me', token)).json().profile.sections.careerAdvice;
    expect(section.prompts).toEqual([{ id: 'first-job', text: 'What was your first job?', item: null }]);
    const saved = await call('PUT', '/api/profiles/me/career-stories', token, {
      items: [{ promptId: 'journey', value: 'x', link: null }],
    });
    expect(saved.json().error.fields['items.0.promptId']).toBe('This question is not asked in your hub.');
  });

  describe('employer and restricted user types', () => {
    let employer: TTestUser;
    let employerToken: string;
    let employerTypeId: string;

    beforeAll(async () => {
      employer = await createUser(t.database.db, cluster, { hub, userType: 'alumni' });
      employerToken = (await signIn(t.app, cluster, employer)).token;
      employerTypeId = await withTenant(
        t.database.db,
        { clusterId: cluster.clusterId, isClusterScope: true },
        async (tx) => {
          const [row] = await tx
            .insert(userTypes)
            .values({
              clusterId: cluster.clusterId,
              hubId: hub.id,
              title: 'Employer',
              pluralTitle: 'Employers',
              standardUserType: 'Corporate Partner & Employer',
            })
            .returning();
          await tx
            .update(hubMemberships)
            .set({ userTypeId: row?.id ?? null })
            .where(eq(hubMemberships.userId, employer.id));
          return row?.id ?? '';
        },
      );
    });

    it('hides career stories from an employer type and refuses to save them', async () => {
      expect(
        (await call('GET', '/api/profiles/me', employerToken)).json().profile.sections.careerAdvice,
      ).toBeUndefined();
      const response = await call('PUT', '/api/profiles/me/career-stories', employerToken, {
        items: [{ promptId: 'journey', value: 'x', link: null }],
      });
      expect(response.statusCode).toBe(403);
      expect((await uploadAudio('journey', WEBM, { token: employerToken })).statusCode).toBe(403);
    });

    it('shows them when the user type enables them, and hides a restricted type by its name', async () => {
      await setType(employerTypeId, { isCareerStoriesEnabled: true });
      expect(
        (await call('GET', '/api/profiles/me', employerToken)).json().profile.sections.careerAdvice.prompts,
      ).toHaveLength(3);
      await setType(employerTypeId, {
        isCareerStoriesEnabled: null,
        title: 'Restricted alumni',
        standardUserType: 'Alumni',
      });
      expect(
        (await call('GET', '/api/profiles/me', employerToken)).json().profile.sections.careerAdvice,
      ).toBeUndefined();
    });

    it('shows them when the hub enables career stories for every user type', async () => {
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx
          .update(hubSettings)
          .set({
            settings: ZHubSettings.parse({
              moduleSettings: { careerStories: { isEnabledForAllUserTypes: true } },
            }),
          })
          .where(eq(hubSettings.hubId, hub.id)),
      );
      expect(
        (await call('GET', '/api/profiles/me', employerToken)).json().profile.sections.careerAdvice.prompts,
      ).toHaveLength(3);
    });

    async function setType(id: string, values: Partial<typeof userTypes.$inferInsert>) {
      await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
        tx.update(userTypes).set(values).where(eq(userTypes.id, id)),
      );
    }
  });

  it('hides the section from others when the user type hides careerAdvice, and from other hubs entirely', async () => {
    const outsider = await createUser(t.database.db, cluster, {
      hub: await createHub(t.database.db, cluster),
    });
    const { token } = await signIn(t.app, cluster, outsider);
    expect((await call('GET', `/api/profiles/${alumnus.identifier}`, token)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/profiles/${alumnus.identifier}/career-stories/journey/audio`, token))
        .statusCode,
    ).toBe(404);
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx
        .update(userTypes)
        .set({ hideProfileSections: ['careerAdvice'] })
        .where(eq(userTypes.id, hub.userTypeIds.alumni)),
    );
    expect(
      (await call('GET', `/api/profiles/${alumnus.identifier}`, studentToken)).json().profile.sections
        .careerAdvice,
    ).toBeUndefined();
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.update(userTypes).set({ hideProfileSections: [] }).where(eq(userTypes.id, hub.userTypeIds.alumni)),
    );
  });

  it('exports career stories with my data and erases them and their audio with my account', async () => {
    await uploadAudio('wish-known', MP3);
    const [stored] = await storedAudio(alumnus.id, 'wish-known');
    expect(await t.app.deps.storage.get('us', stored?.audio_key ?? '')).not.toBeNull();

    const exported = await call('GET', '/api/me/export', alumnusToken);
    const stories = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['career-stories.json'] ?? new Uint8Array()),
    );
    expect(stories.map((s: { promptId: string }) => s.promptId).sort()).toEqual(['journey', 'wish-known']);

    expect((await call('DELETE', '/api/me', alumnusToken, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(
      await eraseDeletedAccounts(t.database.db, new Date('2027-06-15T12:00:00Z'), t.app.deps.storage),
    ).toBe(1);
    expect(await t.app.deps.storage.get('us', stored?.audio_key ?? '')).toBeNull();
    expect(await storedAudio(alumnus.id, 'wish-known')).toEqual([]);
  });

  function storedAudio(userId: string, promptId: string) {
    return withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      queryRows<{ audio_key: string }>(
        tx,
        sql`select audio_key from career_stories where user_id = ${userId} and prompt_id = ${promptId}`,
      ),
    );
  }
});
