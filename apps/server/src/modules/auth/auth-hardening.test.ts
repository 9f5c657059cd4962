import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
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
import { enqueueMail } from '../mail/mail.commands.js';
import { withTenant } from '../../db/tenant.js';
import { hideLinkSecrets } from './auth.routes.js';

describeDb('token and response hardening (issue #13 item 16)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let user: TTestUser;
  let token: string;

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    user = await createUser(t.database.db, cluster, { hub });
    token = (await signIn(t.app, cluster, user)).token;
  });
  afterAll(async () => t.close());

  const me = (bearer: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: cluster.host, authorization: `Bearer ${bearer}` },
    });

  it('refuses a correctly signed access token without an expiry or a subject', async () => {
    const secret = t.app.deps.config.jwtSecret;
    const payload = {
      sub: user.id,
      cid: cluster.clusterId,
      sid: randomUUID(),
      accessLevelCode: null,
      adminHubIds: [],
      loginAsAdmin: false,
      expiresAt: Date.now() + 60_000,
    };
    const noExpiry = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('commons')
      .setSubject(user.id)
      .setIssuedAt()
      .sign(secret);
    const { sub: _sub, ...withoutSub } = payload;
    const noSubject = await new SignJWT(withoutSub)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('commons')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secret);
    for (const bad of [noExpiry, noSubject]) {
      const response = await me(bad);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('token_invalid');
    }
  });

  it('marks authenticated API answers no-store and never echoes the bearer token back', async () => {
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-access-token']).toBeUndefined();
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: cluster.host },
      payload: { loginMethod: 'email', email: user.email, password: 'Test-password-1' },
    });
    // A new token is still handed out in the header the client reads (spec 7).
    expect(signInAgain.headers['x-access-token']).toBe(signInAgain.json().token);
  });

  it('hides the secrets of sign-in, reset and reply links from the super-admin outbox', async () => {
    const superAdmin = await createUser(t.database.db, cluster, { hub, isSuperAdmin: true });
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      enqueueMail(tx, cluster.clusterId, {
        to: user.email,
        subject: 'Links',
        text: 'Sign in: http://localhost:3000/sign-in?magic_link=abcDEF123_-xyz&next=1\nReset: http://localhost:3000/reset-password?token=0123456789abcdef\nReply: http://localhost:3000/email-response/0123456789abcdef0123456789abcdef',
      }),
    );
    const { token: adminToken } = await signIn(t.app, cluster, superAdmin);
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      headers: { host: cluster.host, authorization: `Bearer ${adminToken}` },
    });
    const text = outbox.json().items.find((m: { subject: string }) => m.subject === 'Links')?.text as string;
    expect(text).toContain('magic_link=[hidden]&next=1');
    expect(text).toContain('reset-password?token=[hidden]');
    expect(text).toContain('/email-response/[hidden]');
    expect(text).not.toMatch(/abcDEF123|0123456789abcdef/);
    expect(hideLinkSecrets('no links here')).toBe('no links here');
  });
});
