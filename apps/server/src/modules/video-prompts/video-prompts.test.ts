import type {
  TUserVideoAnswersResponse,
  TVideoAnswer,
  TVideoAnswersPage,
  TVideoPrompt,
  TVideoPromptResponse,
  TVideoPromptsResponse,
} from '@commons/contract';
import { dataRegionForHubId } from '@commons/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
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
import { userFiles } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';

/** The first bytes of a WebM file (EBML header with the "webm" doc type): enough for the type check. */
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(512, 1),
]);

/** A multipart body with fields first, then the file (the order the server reads them in). */
function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----video${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Video prompts (issue #20 item 3): prompts, answers by video (with poster) or link, others' answers, the profile. */
describeDb('video prompts', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let admin: TTestUser;
  let student: TTestUser;
  let classmate: TTestUser;
  let outsider: TTestUser;
  let prompt: TVideoPrompt;
  let poster = '';
  const tokens = new Map<string, string>();
  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
  const headers = async (user: TTestUser, hubIdentifier = hub.identifier) => ({
    host: cluster.host,
    'x-hub-id': hubIdentifier,
    authorization: `Bearer ${await tokenOf(user)}`,
  });
  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    hubIdentifier = hub.identifier,
  ) =>
    t.app.inject({
      method,
      url,
      headers: await headers(user, hubIdentifier),
      ...(payload ? { payload } : {}),
    });
  const upload = async (user: TTestUser, fields: Record<string, string>, bytes = WEBM, id = prompt.id) => {
    const body = multipart(fields, { name: 'answer.webm', type: 'video/webm', bytes });
    return t.app.inject({
      method: 'PUT',
      url: `/api/video-prompts/${id}/answer/video`,
      headers: { ...(await headers(user)), 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['manage-pathways'] });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    classmate = await createUser(t.database.db, cluster, { hub, firstName: 'Cleo', lastName: 'Classmate' });
    outsider = await createUser(t.database.db, cluster, { hub: otherHub });
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    poster = `data:image/png;base64,${png.toString('base64')}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets admins with manage-pathways add prompts, and no one else', async () => {
    const created = await call(admin, 'POST', '/api/video-prompts', {
      question: 'What did your first week in your field teach you?',
      description: 'Two minutes is plenty.',
    });
    expect(created.statusCode, created.body).toBe(201);
    prompt = created.json<TVideoPrompt>();
    expect(prompt).toMatchObject({ answerCount: 0, myAnswer: null, can: { manage: true } });
    expect((await call(student, 'POST', '/api/video-prompts', { question: 'Mine?' })).statusCode).toBe(403);
    const list = (await call(student, 'GET', '/api/video-prompts')).json<TVideoPromptsResponse>();
    expect(list.items.map((p) => p.id)).toEqual([prompt.id]);
    expect(list.items[0]?.can).toEqual({ answer: true, manage: false });
  });

  it('stores a recorded video and its poster in the hub’s data region, and serves them to members', async () => {
    const response = await upload(student, { source: 'recorded', poster });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<TVideoAnswer>();
    expect(answer).toMatchObject({
      source: 'recorded',
      videoMimeType: 'video/webm',
      linkUrl: null,
      author: { userId: student.id, fullName: 'Sam Student' },
      can: { delete: true },
    });
    expect(answer.videoPath).toBe(`/api/video-prompts/answers/${answer.id}/video`);
    const files = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(userFiles).where(eq(userFiles.userId, student.id)),
    );
    expect(files.map((f) => [f.kind, f.region]).sort()).toEqual([
      ['poster', dataRegionForHubId(hub.id)],
      ['video', dataRegionForHubId(hub.id)],
    ]);
    const video = await call(classmate, 'GET', answer.videoPath ?? '');
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');
    expect(video.rawPayload.equals(WEBM)).toBe(true);
    const image = await call(classmate, 'GET', answer.posterPath ?? '');
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    // Another hub's member never reaches it.
    expect(
      (await call(outsider, 'GET', answer.videoPath ?? '', undefined, otherHub.identifier)).statusCode,
    ).toBe(404);
  });

  it('shows others’ answers (userId) and the answers list, and the profile section videoAnswers', async () => {
    const theirs = await call(classmate, 'GET', `/api/video-prompts/${prompt.id}?userId=${student.id}`);
    expect(theirs.statusCode).toBe(200);
    const body = theirs.json<TVideoPromptResponse>();
    expect(body.answer?.author.userId).toBe(student.id);
    expect(body.answer?.can.delete).toBe(false);
    expect(body.prompt).toMatchObject({ answerCount: 1, myAnswer: null });
    const page = (
      await call(classmate, 'GET', `/api/video-prompts/${prompt.id}/answers`)
    ).json<TVideoAnswersPage>();
    expect(page.items.map((a) => a.author.userId)).toEqual([student.id]);
    const profile = (
      await call(classmate, 'GET', `/api/video-prompts/answers?userId=${student.id}`)
    ).json<TUserVideoAnswersResponse>();
    expect(profile.items.map((a) => a.question)).toEqual([prompt.question]);
  });

  it('replaces an answer with a link and removes the old video’s files', async () => {
    const linked = await call(student, 'PUT', `/api/video-prompts/${prompt.id}/answer/link`, {
      linkUrl: 'https://video.example.org/watch?v=first-week',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<TVideoAnswer>()).toMatchObject({ source: 'link', videoPath: null, posterPath: null });
    const files = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(userFiles).where(eq(userFiles.userId, student.id)),
    );
    expect(files).toEqual([]);
    const bad = await call(student, 'PUT', `/api/video-prompts/${prompt.id}/answer/link`, {
      linkUrl: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses what is not a video, a poster that is not an image, and members of another hub', async () => {
    const notVideo = await upload(classmate, { source: 'uploaded' }, Buffer.from('%PDF-1.7 not a video'));
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json()).toMatchObject({ error: { fields: { file: 'Upload a WebM or MP4 video.' } } });
    const badPoster = await upload(classmate, { source: 'uploaded', poster: 'data:image/png;base64,AAAA' });
    expect(badPoster.statusCode).toBe(400);
    const elsewhere = await call(
      outsider,
      'GET',
      `/api/video-prompts/${prompt.id}`,
      undefined,
      otherHub.identifier,
    );
    expect(elsewhere.statusCode).toBe(404);
    const uploaded = await upload(classmate, { source: 'uploaded' });
    expect(uploaded.json<TVideoAnswer>()).toMatchObject({ source: 'uploaded', posterPath: null });
  });

  it('lets the member and the admins remove an answer, no other member', async () => {
    expect(
      (await call(student, 'DELETE', `/api/video-prompts/${prompt.id}/answer?userId=${classmate.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'DELETE', `/api/video-prompts/${prompt.id}/answer?userId=${classmate.id}`))
        .statusCode,
    ).toBe(204);
    expect((await call(student, 'DELETE', `/api/video-prompts/${prompt.id}/answer`)).statusCode).toBe(204);
    expect((await call(student, 'DELETE', `/api/video-prompts/${prompt.id}/answer`)).statusCode).toBe(404);
  });

  it('hides an inactive prompt from members and removes a prompt', async () => {
    await call(admin, 'PATCH', `/api/video-prompts/${prompt.id}`, { isActive: false });
    expect((await call(student, 'GET', `/api/video-prompts/${prompt.id}`)).statusCode).toBe(404);
    expect((await call(student, 'GET', '/api/video-prompts')).json<TVideoPromptsResponse>().items).toEqual(
      [],
    );
    expect((await call(admin, 'DELETE', `/api/video-prompts/${prompt.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/api/video-prompts/${prompt.id}`)).statusCode).toBe(404);
  });
});
