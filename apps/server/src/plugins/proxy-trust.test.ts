import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
  type TTestUser,
} from '../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../test/test-app.js';
import { parseTrustProxy } from '../config.js';
import { auditLog } from '../db/schema/index.js';
import { withTenant } from '../db/tenant.js';

describe('TRUST_PROXY (issue #13 item 3)', () => {
  it('trusts no proxy by default, and refuses to trust every peer', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    expect(() => parseTrustProxy('true')).toThrow(/true would trust every client/);
    expect(() => parseTrustProxy('evil.example')).toThrow(
      /not an IP, CIDR range or range name: evil.example/,
    );
    expect(() => parseTrustProxy('0')).toThrow(/between 1 and 10/);
  });
});

/** Sign-in attempts from one client that pretends a new address in X-Forwarded-For each time. */
async function spoofedSignIns(
  t: TTestApp,
  cluster: TTestCluster,
  options: { email: string; count: number; peer: string },
): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: cluster.host, 'x-forwarded-for': `203.0.113.${i + 1}` },
      payload: { loginMethod: 'email', email: `${i}-${options.email}`, password: 'Wrong-pass1' },
      remoteAddress: options.peer,
    });
    codes.push(response.statusCode);
  }
  return codes;
}

describeDb('forwarded headers from an untrusted client', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let user: TTestUser;
  beforeAll(async () => {
    t = await getTestApp({ rateLimits: { authPerIp: 3 } });
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    user = await createUser(t.database.db, cluster, { hub });
  });
  afterAll(async () => t.close());

  it('counts sign-in attempts by the real peer address, whatever X-Forwarded-For says', async () => {
    expect(
      await spoofedSignIns(t, cluster, { email: 'spray@example.test', count: 4, peer: '192.0.2.10' }),
    ).toEqual([401, 401, 401, 429]);
  });

  it('records the peer address in the audit log, not a forged one', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: cluster.host, 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.7' },
      payload: { loginMethod: 'email', email: user.email, password: 'Test-password-1' },
      remoteAddress: '192.0.2.44',
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.targetId, user.id))),
    );
    expect(entry?.ip).toBe('192.0.2.44');
  });

  it('builds calendar feed URLs from PUBLIC_URL, never from X-Forwarded-Host or Host', async () => {
    const { token } = await signIn(t.app, cluster, user);
    const headers = {
      host: cluster.host,
      authorization: `Bearer ${token}`,
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-hub-id': hub.identifier,
    };
    const meetings = await t.app.inject({ method: 'POST', url: '/api/me/availability/feed/rotate', headers });
    expect(meetings.json().availability.feedUrl).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/feeds\//);
    const events = await t.app.inject({ method: 'GET', url: '/api/events/feed-url', headers });
    expect(events.json().url).toMatch(/^http:\/\/localhost:3000\/api\/event-feeds\//);
  });
});

describeDb('forwarded headers from a configured proxy', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  beforeAll(async () => {
    t = await getTestApp({ rateLimits: { authPerIp: 3 }, env: { TRUST_PROXY: '127.0.0.1' } });
    cluster = await createCluster(t.database.db);
    await createHub(t.database.db, cluster);
  });
  afterAll(async () => t.close());

  it('takes the client address from X-Forwarded-For when the peer is a trusted proxy', async () => {
    // Each attempt comes from a different client behind the proxy, so none reaches the per-IP limit.
    expect(
      await spoofedSignIns(t, cluster, { email: 'behind-proxy@example.test', count: 4, peer: '127.0.0.1' }),
    ).toEqual([401, 401, 401, 401]);
  });
});
