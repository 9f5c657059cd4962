import type {
  TAdminAssessment,
  TAdminAssessmentsResponse,
  TAssessmentCard,
  TAssessmentLaunchResponse,
  TAssessmentResultsResponse,
  TAssessmentsResponse,
  TAssessmentWebhookBody,
} from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { actionItemCompletions, assessmentLaunches, assessments } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { demoAssessmentSecret } from './assessments.demo-provider.js';
import { webhookSignature } from './assessments.secrets.js';

const SECRET = 'a-shared-secret-of-the-provider-0123456789';

/** Career assessments (issue #20 item 4): configuration, signed launch, webhook results, profile, action item. */
describeDb('assessments', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let admin: TTestUser;
  let explorer: TTestUser;
  let student: TTestUser;
  let classmate: TTestUser;
  let otherHubAdmin: TTestUser;
  let assessment: TAdminAssessment;
  const tokens = new Map<string, string>();
  /** The deployment's origin as the cluster's members reach it: the cluster's own host. */
  const origin = () => `http://${cluster.host}`;

  const tokenOf = async (user: TTestUser) => {
    const known = tokens.get(user.id);
    if (known) return known;
    const { token } = await signIn(t.app, cluster, user);
    tokens.set(user.id, token);
    return token;
  };
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
      headers: {
        host: cluster.host,
        'x-hub-id': hubIdentifier,
        authorization: `Bearer ${await tokenOf(user)}`,
      },
      ...(payload ? { payload } : {}),
    });
  const asCluster = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);

  /** Launches as `user` and answers the token's claims (verified with the shared secret). */
  const launch = async (user: TTestUser, slug = assessment.slug, secret = SECRET) => {
    const response = await call(user, 'POST', `/api/assessments/${slug}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TAssessmentLaunchResponse>();
    const token = new URL(body.launchUrl).searchParams.get('token') ?? '';
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return { body, token, payload };
  };
  /** Posts a delivery to the webhook, signed with `secret` at `timestamp` unless headers are given. */
  const deliver = (options: {
    assessmentId?: string;
    body: TAssessmentWebhookBody;
    secret?: string;
    timestamp?: string;
    headers?: Record<string, string>;
    rawBody?: string;
  }) => {
    const rawBody = options.rawBody ?? JSON.stringify(options.body);
    const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
    return t.app.inject({
      method: 'POST',
      url: `/api/assessments/${options.assessmentId ?? assessment.id}/results`,
      headers: {
        host: cluster.host,
        'content-type': 'application/json',
        ...(options.headers ?? {
          'x-commons-timestamp': timestamp,
          'x-commons-signature': webhookSignature({
            sharedSecret: options.secret ?? SECRET,
            timestamp,
            rawBody,
          }),
        }),
      },
      payload: rawBody,
    });
  };
  const results = (launchId: string, deliveryId: string): TAssessmentWebhookBody => ({
    deliveryId,
    launchId,
    completedAt: new Date().toISOString(),
    summary: 'You enjoy working with people.',
    matches: [
      { title: 'School counsellor', score: 92 },
      { title: 'Nurse', score: 85 },
    ],
  });

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, cluster);
    admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['manage-career-paths'],
    });
    explorer = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['explore-users'] });
    otherHubAdmin = await createUser(t.database.db, cluster, {
      hub: otherHub,
      isHubAdmin: true,
      rights: ['manage-career-paths'],
    });
    student = await createUser(t.database.db, cluster, { hub, firstName: 'Sam', lastName: 'Student' });
    classmate = await createUser(t.database.db, cluster, { hub, firstName: 'Cleo' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('configuration', () => {
    it('lets an admin with manage-career-paths configure an assessment, and never answers the shared secret', async () => {
      const response = await call(admin, 'POST', '/api/admin/assessments', {
        name: 'PathwayU',
        slug: 'pathwayu',
        description: 'Find careers that fit your interests.',
        launchUrl: 'https://assessments.example.org/launch',
        sharedSecret: SECRET,
      });
      expect(response.statusCode, response.body).toBe(201);
      assessment = response.json<TAdminAssessment>();
      expect(assessment).toMatchObject({
        slug: 'pathwayu',
        hasSecret: true,
        isActive: true,
        webhookUrl: `${origin()}/api/assessments/${assessment.id}/results`,
      });
      expect(response.body).not.toContain(SECRET);
      const list = await call(admin, 'GET', '/api/admin/assessments');
      expect(list.body).not.toContain(SECRET);
      expect(list.json<TAdminAssessmentsResponse>().tabName).toBe('PathwayU');
      // Stored encrypted: the row holds no plain secret.
      const [row] = await asCluster((tx) =>
        tx.select().from(assessments).where(eq(assessments.id, assessment.id)),
      );
      expect(row?.secretCiphertext).toMatch(/^v1\./);
      expect(row?.secretCiphertext).not.toContain(SECRET);
    });

    it('refuses members, admins of another hub, reserved and taken slugs', async () => {
      const body = {
        name: 'Other',
        slug: 'other',
        launchUrl: 'https://assessments.example.org/launch',
        sharedSecret: SECRET,
      };
      expect((await call(student, 'POST', '/api/admin/assessments', body)).statusCode).toBe(403);
      expect((await call(otherHubAdmin, 'POST', '/api/admin/assessments', body)).statusCode).toBe(403);
      expect(
        (await call(admin, 'POST', '/api/admin/assessments', { ...body, slug: 'results' })).statusCode,
      ).toBe(400);
      expect(
        (await call(admin, 'POST', '/api/admin/assessments', { ...body, slug: 'Not A Slug' })).statusCode,
      ).toBe(400);
      const taken = await call(admin, 'POST', '/api/admin/assessments', { ...body, slug: 'pathwayu' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: { fields: { slug: expect.any(String) } } });
      expect(
        (await call(admin, 'POST', '/api/admin/assessments', { ...body, sharedSecret: 'short' })).statusCode,
      ).toBe(400);
      const other = await call(
        otherHubAdmin,
        'PATCH',
        `/api/admin/assessments/${assessment.id}`,
        { name: 'x' },
        otherHub.identifier,
      );
      expect(other.statusCode).toBe(404);
    });

    it('renames the tab, PathwayU by default', async () => {
      const renamed = await call(admin, 'PUT', '/api/admin/assessments/settings', { tabName: 'Career quiz' });
      expect(renamed.json<TAdminAssessmentsResponse>().tabName).toBe('Career quiz');
      expect((await call(student, 'GET', '/api/assessments')).json<TAssessmentsResponse>().tabName).toBe(
        'Career quiz',
      );
      await call(admin, 'PUT', '/api/admin/assessments/settings', { tabName: 'PathwayU' });
    });
  });

  describe('launch', () => {
    it('shows members the active assessments and launches with a 10-minute token of user, hub and return URL', async () => {
      const list = (await call(student, 'GET', '/api/assessments')).json<TAssessmentsResponse>();
      expect(list.items.map((i) => i.slug)).toEqual(['pathwayu']);
      expect(list.can.manage).toBe(false);
      expect(
        (await call(student, 'GET', '/api/assessments/pathwayu')).json<TAssessmentCard>().latestResult,
      ).toBeNull();

      const { body, payload } = await launch(student);
      expect(body.launchUrl.startsWith('https://assessments.example.org/launch?token=')).toBe(true);
      expect(payload).toMatchObject({
        iss: origin(),
        aud: 'pathwayu',
        sub: student.id,
        hub: { id: String(hub.id), identifier: hub.identifier },
        firstName: 'Sam',
        assessment: { id: assessment.id, slug: 'pathwayu' },
        resultsUrl: `${origin()}/api/assessments/${assessment.id}/results`,
        returnUrl: `${origin()}/hub/${hub.identifier}/career-assessment/pathwayu?completed=1`,
      });
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
      expect(Date.parse(body.expiresAt)).toBe((payload.exp ?? 0) * 1000);
      const [row] = await asCluster((tx) =>
        tx
          .select()
          .from(assessmentLaunches)
          .where(eq(assessmentLaunches.id, String(payload.jti))),
      );
      expect(row).toMatchObject({ userId: student.id, hubId: hub.id, assessmentId: assessment.id });
    });

    it('answers a token that no longer verifies after 10 minutes, nor with another secret', async () => {
      const { token, payload } = await launch(student);
      const secret = new TextEncoder().encode(SECRET);
      const later = new Date(((payload.exp ?? 0) + 1) * 1000);
      await expect(jwtVerify(token, secret, { currentDate: later })).rejects.toBeInstanceOf(
        joseErrors.JWTExpired,
      );
      await expect(jwtVerify(token, new TextEncoder().encode('another-secret-0123456789'))).rejects.toThrow();
      expect(decodeJwt(token).sub).toBe(student.id);
    });

    it('hides an inactive assessment from members and 404s an unknown slug or another hub', async () => {
      expect((await call(student, 'GET', '/api/assessments/nope')).statusCode).toBe(404);
      expect(
        (await call(otherHubAdmin, 'POST', '/api/assessments/pathwayu', undefined, otherHub.identifier))
          .statusCode,
      ).toBe(404);
      await call(admin, 'PATCH', `/api/admin/assessments/${assessment.id}`, { isActive: false });
      expect((await call(student, 'POST', '/api/assessments/pathwayu')).statusCode).toBe(404);
      expect((await call(student, 'GET', '/api/assessments')).json<TAssessmentsResponse>().items).toEqual([]);
      await call(admin, 'PATCH', `/api/admin/assessments/${assessment.id}`, { isActive: true });
    });
  });

  describe('webhook', () => {
    it('stores signed results, shows them on the profile and completes complete_pathwayu_assessment', async () => {
      const { payload } = await launch(student);
      const response = await deliver({ body: results(String(payload.jti), 'delivery-1') });
      expect(response.statusCode, response.body).toBe(201);

      const mine = (
        await call(student, 'GET', '/api/assessments/results')
      ).json<TAssessmentResultsResponse>();
      expect(mine.items).toHaveLength(1);
      expect(mine.items[0]).toMatchObject({
        assessmentSlug: 'pathwayu',
        summary: 'You enjoy working with people.',
        matches: [
          { title: 'School counsellor', score: 92 },
          { title: 'Nurse', score: 85 },
        ],
      });
      const card = (await call(student, 'GET', '/api/assessments/pathwayu')).json<TAssessmentCard>();
      expect(card.latestResult?.id).toBe(mine.items[0]?.id);
      const completions = await asCluster((tx) =>
        tx
          .select()
          .from(actionItemCompletions)
          .where(
            and(
              eq(actionItemCompletions.userId, student.id),
              eq(actionItemCompletions.type, 'complete_pathwayu_assessment'),
            ),
          ),
      );
      expect(completions.map((c) => c.hubId)).toEqual([hub.id]);
    });

    it('refuses a delivery played again (same delivery id), even with a fresh signature', async () => {
      const { payload } = await launch(student);
      const body = results(String(payload.jti), 'delivery-2');
      const timestamp = String(Math.floor(Date.now() / 1000));
      expect((await deliver({ body, timestamp })).statusCode).toBe(201);
      const replay = await deliver({ body, timestamp });
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toMatchObject({ error: { code: 'webhook_replayed' } });
      expect((await deliver({ body, timestamp: String(Number(timestamp) + 1) })).statusCode).toBe(409);
    });

    it('refuses a wrong, missing or malformed signature, a changed body and another secret with 401', async () => {
      const { payload } = await launch(student);
      const body = results(String(payload.jti), 'delivery-3');
      const timestamp = String(Math.floor(Date.now() / 1000));
      const rawBody = JSON.stringify(body);
      const signature = webhookSignature({ sharedSecret: SECRET, timestamp, rawBody });
      const tampered = await deliver({
        body,
        rawBody: JSON.stringify({ ...body, summary: 'Forged' }),
        headers: { 'x-commons-timestamp': timestamp, 'x-commons-signature': signature },
      });
      expect(tampered.statusCode).toBe(401);
      expect(tampered.json()).toMatchObject({ error: { code: 'webhook_signature_invalid' } });
      expect((await deliver({ body, secret: 'another-secret-0123456789' })).statusCode).toBe(401);
      expect((await deliver({ body, headers: { 'x-commons-timestamp': timestamp } })).statusCode).toBe(401);
      expect(
        (
          await deliver({
            body,
            headers: { 'x-commons-timestamp': timestamp, 'x-commons-signature': 'v1=abc' },
          })
        ).statusCode,
      ).toBe(401);
      // A timestamp swapped under the same signature fails too: the HMAC covers it.
      expect(
        (
          await deliver({
            body,
            headers: {
              'x-commons-timestamp': String(Number(timestamp) - 1),
              'x-commons-signature': signature,
            },
          })
        ).statusCode,
      ).toBe(401);
      // None of these stored anything: the real delivery still goes through.
      expect((await deliver({ body })).statusCode).toBe(201);
    });

    it('refuses a delivery signed more than 5 minutes ago (or ahead) as expired', async () => {
      const { payload } = await launch(student);
      const body = results(String(payload.jti), 'delivery-4');
      const now = Math.floor(Date.now() / 1000);
      // A minute past the 5-minute window each way, so a slow run (the server reads its clock later) stays outside.
      const old = await deliver({ body, timestamp: String(now - 360) });
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ error: { code: 'webhook_expired' } });
      expect((await deliver({ body, timestamp: String(now + 360) })).statusCode).toBe(401);
      expect((await deliver({ body, timestamp: String(now - 240) })).statusCode).toBe(201);
    });

    it('404s an unknown assessment, a launch of another assessment, and another cluster', async () => {
      const { payload } = await launch(student);
      const body = results(String(payload.jti), 'delivery-5');
      expect((await deliver({ body, assessmentId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
        404,
      );
      expect(
        (await deliver({ body: results('00000000-0000-4000-8000-000000000000', 'delivery-6') })).statusCode,
      ).toBe(404);
      const otherCluster = await createCluster(t.database.db);
      const rawBody = JSON.stringify(body);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: `/api/assessments/${assessment.id}/results`,
        headers: {
          host: otherCluster.host,
          'content-type': 'application/json',
          'x-commons-timestamp': timestamp,
          'x-commons-signature': webhookSignature({ sharedSecret: SECRET, timestamp, rawBody }),
        },
        payload: rawBody,
      });
      expect(elsewhere.statusCode).toBe(404);
    });
  });

  describe('profile', () => {
    it('shows a member’s results to them and to admins who explore users, never to other members', async () => {
      expect((await call(classmate, 'GET', `/api/assessments/results?userId=${student.id}`)).statusCode).toBe(
        404,
      );
      const seen = await call(explorer, 'GET', `/api/assessments/results?userId=${student.id}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<TAssessmentResultsResponse>().items).toHaveLength(1);
      expect((await call(admin, 'GET', `/api/assessments/results?userId=${student.id}`)).statusCode).toBe(
        200,
      );
      expect(
        (await call(classmate, 'GET', '/api/assessments/results')).json<TAssessmentResultsResponse>().items,
      ).toEqual([]);
    });
  });

  describe('demo provider', () => {
    it('shows the token’s claims and Finish posts signed results to the webhook and returns', async () => {
      const created = await call(admin, 'POST', '/api/admin/assessments', {
        name: 'Demo quiz',
        slug: 'demo-quiz',
        launchUrl: 'https://assessments.example.org/demo',
        sharedSecret: demoAssessmentSecret(t.app.deps.config.jwtSecret),
      });
      expect(created.statusCode, created.body).toBe(201);
      const { token, payload } = await launch(
        classmate,
        'demo-quiz',
        demoAssessmentSecret(t.app.deps.config.jwtSecret),
      );
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/assessments/demo-provider?token=${encodeURIComponent(token)}`,
        headers: { host: cluster.host },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(classmate.id);
      expect(page.body).toContain('Finish');
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/assessments/demo-provider?token=${encodeURIComponent(`${token}x`)}`,
        headers: { host: cluster.host },
      });
      expect(bad.statusCode).toBe(400);

      const finish = await t.app.inject({
        method: 'POST',
        url: '/api/assessments/demo-provider/finish',
        headers: { host: cluster.host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token, interest: 'data', action: 'finish' }).toString(),
      });
      expect(finish.statusCode, finish.body).toBe(303);
      expect(finish.headers.location).toBe(String(payload['returnUrl']));
      const mine = (
        await call(classmate, 'GET', '/api/assessments/results')
      ).json<TAssessmentResultsResponse>();
      expect(mine.items.map((i) => [i.assessmentSlug, i.matches[0]?.title])).toEqual([
        ['demo-quiz', 'Data analyst'],
      ]);
      // The same Finish again is a new delivery of the same launch: accepted, the newest result shows.
      const cancel = await t.app.inject({
        method: 'POST',
        url: '/api/assessments/demo-provider/finish',
        headers: { host: cluster.host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token, action: 'cancel' }).toString(),
      });
      expect(cancel.statusCode).toBe(303);
      expect(cancel.headers.location).toBe(`${origin()}/hub/${hub.identifier}/career-assessment/demo-quiz`);
    });

    it('removes an assessment with its results', async () => {
      const list = (await call(admin, 'GET', '/api/admin/assessments')).json<TAdminAssessmentsResponse>();
      const demo = list.items.find((i) => i.slug === 'demo-quiz');
      expect(demo?.resultCount).toBe(1);
      expect((await call(admin, 'DELETE', `/api/admin/assessments/${demo?.id}`)).statusCode).toBe(204);
      expect(
        (await call(classmate, 'GET', '/api/assessments/results')).json<TAssessmentResultsResponse>().items,
      ).toEqual([]);
    });
  });
});
