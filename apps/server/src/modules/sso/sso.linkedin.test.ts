import { REFRESH_COOKIE, type TSsoProviderSummary, webPaths } from '@commons/contract';
import { and, eq } from 'drizzle-orm';
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
import {
  followOidcProvider,
  startTestOidcProvider,
  type TTestOidcAccount,
  type TTestOidcProvider,
} from '../../../test/oidc-test-provider.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { withTenant } from '../../db/tenant.js';
import {
  hubDomains,
  ssoProviders,
  users,
  userSsoIdentities,
  userWorkHistory,
} from '../../db/schema/index.js';
import { SSO_STATE_COOKIE } from './sso.oidc.routes.js';

/**
 * The professional-network sign-in and link flow (issue #24 item 5; spec 7 /api/auth/linkedin and
 * /api/auth/linkedin-link) through a real OpenID provider the test starts. It stands in for LinkedIn: the
 * cluster's provider has preset linkedin and an attribute mapping naming the headline and position claims, which
 * this provider returns (LinkedIn's own basic scopes return only names, email and picture).
 */
describeDb('LinkedIn sign-in and link flow (issue #24 item 5)', () => {
  const PUBLIC_HOST = 'commons.example.org';
  let t: TTestApp;
  let idp: TTestOidcProvider;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let clusterWithoutLinkedin: TTestCluster;
  let hub: TTestHub;
  let otherHub: TTestHub;
  let otherMember: TTestUser;
  const otherVerifiedDomain = `careers-${Date.now()}.other.test`;
  const verifiedDomain = `alumni-${Date.now()}.example.edu`;
  const unverifiedDomain = `pending-${Date.now()}.example.edu`;

  const asCluster = <T>(of: TTestCluster, work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(t.database.db, { clusterId: of.clusterId, isClusterScope: true }, work);

  /** Creates the cluster's provider through the admin API, then marks it as the LinkedIn preset. */
  const addLinkedinProvider = async (of: TTestCluster, admin: TTestUser) => {
    const { token } = await signIn(t.app, of, admin);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sso/oidc-providers',
      headers: { host: of.host, authorization: `Bearer ${token}` },
      payload: {
        preset: 'generic',
        name: 'LinkedIn',
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        attributeMapping: {
          headline: 'headline',
          positionTitle: 'position_title',
          positionCompany: 'position_company',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const provider = created.json<TSsoProviderSummary>();
    expect(provider.oidc?.attributeMapping).toMatchObject({
      headline: 'headline',
      positionTitle: 'position_title',
    });
    await asCluster(of, (tx) =>
      tx.update(ssoProviders).set({ preset: 'linkedin' }).where(eq(ssoProviders.id, provider.id)),
    );
    return provider;
  };

  let accountCounter = 0;
  const linkedinAccount = (overrides: Partial<TTestOidcAccount> = {}): TTestOidcAccount => {
    accountCounter += 1;
    return {
      sub: `li-${accountCounter}-${Date.now()}`,
      email: `li-${accountCounter}-${Date.now()}@mail.test`,
      emailVerified: true,
      givenName: 'Grace',
      familyName: `Hopper ${accountCounter}`,
      picture: 'https://media.licdn.test/grace.jpg',
      headline: 'Rear admiral and computer scientist',
      positionTitle: 'Director of Computing',
      positionCompany: 'US Navy',
      ...overrides,
    };
  };

  const navigate = (url: string, options: { of?: TTestCluster; cookie?: string; token?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        host: (options.of ?? cluster).host,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    });

  /** Starts at `url`, goes through the provider as `account` and comes back: answers the callback's redirect. */
  const roundTrip = async (url: string, account: TTestOidcAccount, cookie?: string) => {
    const started = await navigate(url, cookie ? { cookie } : {});
    expect(started.statusCode, started.body).toBe(302);
    const location = String(started.headers.location);
    expect(location.startsWith(idp.issuer)).toBe(true);
    const stateCookie = started.cookies.find((c) => c.name === SSO_STATE_COOKIE)?.value ?? '';
    idp.nextAccount = account;
    const back = await followOidcProvider(location, idp.issuer);
    const answer = await navigate(`${back.pathname}${back.search}`, {
      cookie: `${SSO_STATE_COOKIE}=${stateCookie}`,
    });
    expect(answer.statusCode, answer.body).toBe(302);
    return String(answer.headers.location);
  };

  const profileOf = async (userId: string) =>
    asCluster(cluster, async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      const positions = await tx
        .select()
        .from(userWorkHistory)
        .where(eq(userWorkHistory.userId, userId))
        .orderBy(userWorkHistory.position);
      return { user, positions };
    });

  beforeAll(async () => {
    idp = await startTestOidcProvider();
    t = await getTestApp({
      env: { SSO_TEST_ALLOWED_ORIGINS: idp.issuer, PUBLIC_URL: `https://${PUBLIC_HOST}` },
    });
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    clusterWithoutLinkedin = await createCluster(t.database.db);
    for (const of of [cluster, otherCluster, clusterWithoutLinkedin])
      idp.allowRedirectUri(`http://${of.host}/api/auth/sso/oidc/callback`);
    hub = await createHub(t.database.db, cluster);
    otherHub = await createHub(t.database.db, otherCluster);
    await createHub(t.database.db, clusterWithoutLinkedin);
    await addLinkedinProvider(cluster, await createUser(t.database.db, cluster, { isClusterAdmin: true }));
    await addLinkedinProvider(
      otherCluster,
      await createUser(t.database.db, otherCluster, { isClusterAdmin: true }),
    );
    otherMember = await createUser(t.database.db, otherCluster, { hub: otherHub });
    await asCluster(cluster, (tx) =>
      tx.insert(hubDomains).values([
        {
          clusterId: cluster.clusterId,
          hubId: hub.id,
          domain: verifiedDomain,
          verificationToken: 'a',
          verifiedAt: new Date(),
        },
        { clusterId: cluster.clusterId, hubId: hub.id, domain: unverifiedDomain, verificationToken: 'b' },
      ]),
    );
    await asCluster(otherCluster, (tx) =>
      tx.insert(hubDomains).values({
        clusterId: otherCluster.clusterId,
        hubId: otherHub.id,
        domain: otherVerifiedDomain,
        verificationToken: 'c',
        verifiedAt: new Date(),
      }),
    );
  });

  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('links the signed-in member and imports headline, current position and photo into empty fields', async () => {
    const member = await createUser(t.database.db, cluster, { hub });
    const { refreshCookie } = await signIn(t.app, cluster, member);
    await asCluster(cluster, (tx) =>
      tx.insert(userWorkHistory).values({
        clusterId: cluster.clusterId,
        userId: member.id,
        position: 0,
        role: 'Research assistant',
        company: 'Harvard',
        isCurrent: false,
      }),
    );
    const account = linkedinAccount();
    const landed = await roundTrip(
      `/api/auth/linkedin-link?userId=${member.id}&redirectdomain=${cluster.host}`,
      account,
      `${REFRESH_COOKIE}=${refreshCookie}`,
    );
    expect(landed.startsWith(`${webPaths.accountSettings()}?sso_linked=`)).toBe(true);

    const { user, positions } = await profileOf(member.id);
    expect(user?.headline).toBe('Rear admiral and computer scientist');
    expect(user?.photoUrl).toBe('https://media.licdn.test/grace.jpg');
    expect(positions.map((p) => [p.position, p.role, p.company, p.isCurrent])).toEqual([
      [0, 'Director of Computing', 'US Navy', true],
      [1, 'Research assistant', 'Harvard', false],
    ]);
    const identities = await asCluster(cluster, (tx) =>
      tx
        .select()
        .from(userSsoIdentities)
        .where(and(eq(userSsoIdentities.userId, member.id), eq(userSsoIdentities.subject, account.sub))),
    );
    expect(identities).toHaveLength(1);
  });

  it("never overwrites the member's own headline, photo or current position", async () => {
    const member = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, member);
    await asCluster(cluster, async (tx) => {
      await tx
        .update(users)
        .set({ headline: 'My own words', photoUrl: 'https://cdn.example.org/me.png' })
        .where(eq(users.id, member.id));
      await tx.insert(userWorkHistory).values({
        clusterId: cluster.clusterId,
        userId: member.id,
        position: 0,
        role: 'Teacher',
        company: 'Northfield',
        isCurrent: true,
      });
    });
    // An API client's bearer token identifies the member as well as the browser's refresh cookie.
    const started = await navigate('/api/auth/linkedin-link', { token });
    expect(started.statusCode, started.body).toBe(302);
    const stateCookie = started.cookies.find((c) => c.name === SSO_STATE_COOKIE)?.value ?? '';
    idp.nextAccount = linkedinAccount();
    const back = await followOidcProvider(String(started.headers.location), idp.issuer);
    const answer = await navigate(`${back.pathname}${back.search}`, {
      cookie: `${SSO_STATE_COOKIE}=${stateCookie}`,
    });
    expect(String(answer.headers.location)).toContain('sso_linked=');

    const { user, positions } = await profileOf(member.id);
    expect(user?.headline).toBe('My own words');
    expect(user?.photoUrl).toBe('https://cdn.example.org/me.png');
    expect(positions.map((p) => [p.role, p.isCurrent])).toEqual([['Teacher', true]]);
  });

  it('a first sign-in creates the account with the imported profile and lands in the hub', async () => {
    const account = linkedinAccount({ headline: 'Compiler pioneer' });
    const landed = await roundTrip(
      `/api/auth/linkedin?hubId=${hub.identifier}&redirectdomain=${encodeURIComponent(`https://${PUBLIC_HOST}`)}`,
      account,
    );
    expect(landed).toBe(webPaths.ssoComplete(webPaths.hub.home(hub.identifier)));
    const [created] = await asCluster(cluster, (tx) =>
      tx.select().from(users).where(eq(users.email, account.email)),
    );
    if (!created) throw new Error('the first sign-in created no account');
    const { user, positions } = await profileOf(created.id);
    expect(user?.headline).toBe('Compiler pioneer');
    expect(user?.photoUrl).toBe('https://media.licdn.test/grace.jpg');
    expect(positions.map((p) => [p.role, p.company, p.isCurrent])).toEqual([
      ['Director of Computing', 'US Navy', true],
    ]);
  });

  it('accepts only redirect domains of this deployment', async () => {
    for (const domain of [PUBLIC_HOST, cluster.host, verifiedDomain, `https://${verifiedDomain}`]) {
      const started = await navigate(`/api/auth/linkedin?redirectdomain=${encodeURIComponent(domain)}`);
      expect(started.statusCode, domain).toBe(302);
      expect(String(started.headers.location).startsWith(idp.issuer), domain).toBe(true);
    }
    for (const domain of [
      'evil.example.com',
      'https://evil.example.com',
      `${PUBLIC_HOST}.evil.example.com`,
      `https://${PUBLIC_HOST}@evil.example.com`,
      `https://${PUBLIC_HOST}/elsewhere`,
      unverifiedDomain,
      // Another cluster's verified domain is not this cluster's deployment.
      otherVerifiedDomain,
    ]) {
      const refused = await navigate(`/api/auth/linkedin?redirectdomain=${encodeURIComponent(domain)}`);
      expect(refused.statusCode, domain).toBe(302);
      expect(refused.headers.location, domain).toBe(`${webPaths.signIn()}?sso_error=redirect_refused`);
      expect(
        refused.cookies.find((c) => c.name === SSO_STATE_COOKIE),
        domain,
      ).toBeUndefined();
    }
    const member = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, member);
    const refusedLink = await navigate('/api/auth/linkedin-link?redirectdomain=evil.example.com', { token });
    expect(refusedLink.headers.location).toBe(`${webPaths.accountSettings()}?sso_error=redirect_refused`);
  });

  it('answers a clear error where the cluster has no LinkedIn provider', async () => {
    const refused = await navigate('/api/auth/linkedin', { of: clusterWithoutLinkedin });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe(`${webPaths.signIn()}?sso_error=linkedin_unavailable`);
    const member = await createUser(t.database.db, clusterWithoutLinkedin);
    const { token } = await signIn(t.app, clusterWithoutLinkedin, member);
    const refusedLink = await navigate('/api/auth/linkedin-link', { of: clusterWithoutLinkedin, token });
    expect(refusedLink.headers.location).toBe(`${webPaths.accountSettings()}?sso_error=linkedin_unavailable`);
  });

  it('refuses other clusters, other members and signed-out links', async () => {
    // Another cluster's hub is unknown here: no round trip starts.
    const otherHubStart = await navigate(`/api/auth/linkedin?hubId=${otherHub.identifier}`);
    expect(otherHubStart.statusCode).toBe(404);
    expect(otherHubStart.cookies.find((c) => c.name === SSO_STATE_COOKIE)).toBeUndefined();
    // Another cluster's session does not sign anyone in to link here.
    const { refreshCookie } = await signIn(t.app, otherCluster, otherMember);
    const foreign = await navigate('/api/auth/linkedin-link', {
      cookie: `${REFRESH_COOKIE}=${refreshCookie}`,
    });
    expect(foreign.headers.location).toBe(`${webPaths.signIn()}?sso_error=signin_required`);
    const signedOut = await navigate('/api/auth/linkedin-link');
    expect(signedOut.headers.location).toBe(`${webPaths.signIn()}?sso_error=signin_required`);
    // A link made for another member is refused.
    const member = await createUser(t.database.db, cluster, { hub });
    const { token } = await signIn(t.app, cluster, member);
    const mismatch = await navigate(`/api/auth/linkedin-link?userId=${otherMember.id}`, { token });
    expect(mismatch.headers.location).toBe(`${webPaths.accountSettings()}?sso_error=link_user_mismatch`);
    expect(mismatch.cookies.find((c) => c.name === SSO_STATE_COOKIE)).toBeUndefined();
  });
});
