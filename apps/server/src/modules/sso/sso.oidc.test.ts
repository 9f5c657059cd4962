import { randomUUID } from 'node:crypto';
import type {
  TLinkedSsoIdentities,
  TOidcTestResult,
  TSsoOptions,
  TSsoProviderList,
  TSsoProviderSummary,
} from '@commons/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import {
  followOidcProvider,
  startTestOidcProvider,
  type TTestOidcProvider,
} from '../../../test/oidc-test-provider.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { withTenant } from '../../db/tenant.js';
import {
  auditLog,
  hubMemberships,
  hubs,
  ssoProviders,
  users,
  userSsoIdentities,
} from '../../db/schema/index.js';
import { SSO_STATE_COOKIE } from './sso.oidc.routes.js';

/**
 * OpenID Connect single sign-on (issue #24) against a real identity provider the test starts (oidc-provider on
 * localhost, reachable only because SSO_TEST_ALLOWED_ORIGINS names it): the admin API, a first and a second
 * sign-in, account linking by verified email only, domain enforcement, and refused state, nonce and returnTo.
 */
describeDb('OpenID Connect single sign-on (issue #24)', () => {
  let t: TTestApp;
  let idp: TTestOidcProvider;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let clusterAdmin: TTestUser;
  let hubAdmin: TTestUser;
  let otherClusterAdmin: TTestUser;
  let provider: TSsoProviderSummary;
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser, of: TTestCluster = cluster) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, of, user);
    tokens.set(user.id, token);
    return token;
  };
  const call = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    of: TTestCluster = cluster,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { host: of.host, authorization: `Bearer ${await tokenOf(user, of)}` },
      ...(payload ? { payload } : {}),
    });

  /** The browser's first step: the start URL answers the provider's authorization URL and the state cookie. */
  const start = async (
    options: { providerId?: string; hubId?: string; returnTo?: string; of?: TTestCluster } = {},
  ) => {
    const query = new URLSearchParams();
    if (options.hubId !== undefined) query.set('hubId', options.hubId);
    if (options.returnTo !== undefined) query.set('returnTo', options.returnTo);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/oidc/${options.providerId ?? provider.id}/start?${query.toString()}`,
      headers: { host: (options.of ?? cluster).host },
    });
    expect(response.statusCode, response.body).toBe(302);
    const stateCookie = response.cookies.find((c) => c.name === SSO_STATE_COOKIE)?.value ?? '';
    return { location: String(response.headers.location), stateCookie };
  };
  /** The provider's redirect back, as the browser sends it (with its state cookie). */
  const callback = (url: URL, stateCookie: string, of: TTestCluster = cluster) =>
    t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { host: of.host, cookie: `${SSO_STATE_COOKIE}=${stateCookie}` },
    });
  /** A whole sign-in through the provider as `account`. */
  const signInThroughProvider = async (
    account: NonNullable<TTestOidcProvider['nextAccount']>,
    options: { hubId?: string; returnTo?: string } = { hubId: undefined },
  ) => {
    idp.nextAccount = account;
    const started = await start({
      hubId: options.hubId ?? hub.identifier,
      ...(options.returnTo ? { returnTo: options.returnTo } : {}),
    });
    const back = await followOidcProvider(started.location, idp.issuer);
    const answer = await callback(back, started.stateCookie);
    expect(answer.statusCode, answer.body).toBe(302);
    return { answer, location: String(answer.headers.location), back, stateCookie: started.stateCookie };
  };
  const userByEmail = (email: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    });
  let accountCounter = 0;
  const newAccount = (overrides: Partial<NonNullable<TTestOidcProvider['nextAccount']>> = {}) => {
    accountCounter += 1;
    return {
      sub: `idp-user-${accountCounter}-${Date.now()}`,
      email: `person-${accountCounter}-${Date.now()}@university.test`,
      emailVerified: true,
      givenName: 'Ada',
      familyName: `Lovelace ${accountCounter}`,
      picture: 'https://images.example.org/ada.png',
      ...overrides,
    };
  };

  beforeAll(async () => {
    idp = await startTestOidcProvider();
    t = await getTestApp({ env: { SSO_TEST_ALLOWED_ORIGINS: idp.issuer } });
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    idp.allowRedirectUri(`http://${cluster.host}/api/auth/sso/oidc/callback`);
    idp.allowRedirectUri(`http://${otherCluster.host}/api/auth/sso/oidc/callback`);
    hub = await createHub(t.database.db, cluster);
    await createHub(t.database.db, otherCluster);
    clusterAdmin = await createUser(t.database.db, cluster, { hub, isClusterAdmin: true });
    hubAdmin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['manage-users'] });
    otherClusterAdmin = await createUser(t.database.db, otherCluster, { isClusterAdmin: true });

    const created = await call(clusterAdmin, 'POST', '/api/admin/sso/oidc-providers', {
      preset: 'generic',
      name: 'University login',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      attributeMapping: { userType: 'affiliation', userTypeValues: { alum: 'Alumni' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    provider = created.json<TSsoProviderSummary>();
  });

  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('keeps the client secret encrypted and never answers it; Test connection discovers the provider', async () => {
    expect(provider).toMatchObject({ kind: 'oidc', preset: 'generic', hasSecret: true, isEnabled: true });
    expect(JSON.stringify(provider)).not.toContain(idp.clientSecret);
    const stored = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(ssoProviders).where(eq(ssoProviders.id, provider.id)),
    );
    expect(stored[0]?.secretEncrypted).toBeTruthy();
    expect(stored[0]?.secretEncrypted).not.toContain(idp.clientSecret);

    const tested = await call(clusterAdmin, 'POST', `/api/admin/sso/oidc-providers/${provider.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    const result = tested.json<TOidcTestResult>();
    expect(result.isOk, result.message).toBe(true);
    expect(result.provider.lastTestedAt).not.toBeNull();
    expect(result.provider.isLastTestOk).toBe(true);

    const list = await call(clusterAdmin, 'GET', '/api/admin/sso/providers');
    expect(list.statusCode).toBe(200);
    const body = list.json<TSsoProviderList>();
    expect(body.items.map((p) => p.id)).toContain(provider.id);
    expect(body.oidcRedirectUri).toBe(`http://${cluster.host}/api/auth/sso/oidc/callback`);
    expect(list.body).not.toContain(idp.clientSecret);
  });

  it('refuses private issuers and the admin API to hub admins and other clusters', async () => {
    for (const issuer of ['http://10.0.0.5', 'http://127.0.0.1:9', 'https://169.254.169.254/latest']) {
      const refused = await call(clusterAdmin, 'POST', '/api/admin/sso/oidc-providers', {
        preset: 'generic',
        name: 'Bad',
        issuer,
        clientId: 'x',
        clientSecret: 'y',
      });
      expect(refused.statusCode, issuer).toBe(400);
      expect(refused.json().error.fields.issuer).toMatch(/private and local/);
    }
    expect((await call(hubAdmin, 'GET', '/api/admin/sso/providers')).statusCode).toBe(403);
    expect(
      (await call(hubAdmin, 'POST', `/api/admin/sso/oidc-providers/${provider.id}/test`)).statusCode,
    ).toBe(403);
    const foreign = await call(otherClusterAdmin, 'GET', '/api/admin/sso/providers', undefined, otherCluster);
    expect(foreign.json<TSsoProviderList>().items).toEqual([]);
    const foreignEdit = await call(
      otherClusterAdmin,
      'PATCH',
      `/api/admin/sso/oidc-providers/${provider.id}`,
      { name: 'Taken' },
      otherCluster,
    );
    expect(foreignEdit.statusCode).toBe(404);
  });

  it('a first sign-in creates the account and a pending membership; the second finds the identity', async () => {
    const account = newAccount();
    const first = await signInThroughProvider(account);
    expect(first.location).toBe(`/sso/complete?next=${encodeURIComponent(`/hub/${hub.identifier}/`)}`);
    const refresh = first.answer.cookies.find((c) => c.name === 'commons_refresh');
    expect(refresh?.value).toBeTruthy();
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/token/refresh',
      headers: { host: cluster.host, 'x-platform': 'pwa', cookie: `commons_refresh=${refresh?.value}` },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    const user = await userByEmail(account.email);
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: account.familyName,
      emailVerified: true,
      passwordHash: null,
      ssoId: account.sub,
      photoUrl: account.picture,
    });
    const membership = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select()
          .from(hubMemberships)
          .where(and(eq(hubMemberships.userId, user?.id ?? ''), eq(hubMemberships.hubId, hub.id))),
    );
    // The hub requires approval (no auto-approval): the new member waits.
    expect(membership[0]).toMatchObject({ approved: null, userTypeId: hub.userTypeIds.student });

    const second = await signInThroughProvider(account);
    expect(second.location).toContain('/sso/complete');
    const identities = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(userSsoIdentities).where(eq(userSsoIdentities.subject, account.sub)),
    );
    expect(identities).toHaveLength(1);
    expect(identities[0]?.userId).toBe(user?.id);
    const sameEmail = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)),
    );
    expect(sameEmail).toHaveLength(1);
  });

  it('a first sign-in from the cluster sign-in page (no hub) joins the default hub', async () => {
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.update(hubs).set({ isDefault: true }).where(eq(hubs.id, hub.id)),
    );
    const account = newAccount();
    idp.nextAccount = account;
    const started = await start({});
    const back = await followOidcProvider(started.location, idp.issuer);
    const answer = await callback(back, started.stateCookie);
    expect(answer.headers.location).toBe(
      `/sso/complete?next=${encodeURIComponent(`/hub/${hub.identifier}/`)}`,
    );
    const user = await userByEmail(account.email);
    const memberships = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select()
          .from(hubMemberships)
          .where(eq(hubMemberships.userId, user?.id ?? '')),
    );
    expect(memberships.map((m) => m.hubId)).toEqual([hub.id]);
  });

  it('maps a claim value to the user type', async () => {
    const account = newAccount({ affiliation: 'Alum' });
    await signInThroughProvider(account);
    const user = await userByEmail(account.email);
    const [membership] = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select()
          .from(hubMemberships)
          .where(eq(hubMemberships.userId, user?.id ?? '')),
    );
    expect(membership?.userTypeId).toBe(hub.userTypeIds.alumni);
  });

  it('links an existing account by verified email, and never by an unverified one', async () => {
    const existing = await createUser(t.database.db, cluster, { hub });
    const unverified = await signInThroughProvider(
      newAccount({ email: existing.email, emailVerified: false }),
    );
    expect(unverified.location).toBe(`/hub/${hub.identifier}/auth/sign-in?sso_error=email_unverified`);
    expect(unverified.answer.cookies.find((c) => c.name === 'commons_refresh')).toBeUndefined();
    const none = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(userSsoIdentities).where(eq(userSsoIdentities.userId, existing.id)),
    );
    expect(none).toEqual([]);

    const account = newAccount({ email: existing.email, emailVerified: true });
    const linked = await signInThroughProvider(account);
    expect(linked.location).toContain('/sso/complete');
    const identities = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(userSsoIdentities).where(eq(userSsoIdentities.userId, existing.id)),
    );
    expect(identities.map((i) => i.subject)).toEqual([account.sub]);
    const audit = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'auth.sso_sign_in'), eq(auditLog.targetId, existing.id))),
    );
    expect(audit[0]?.data).toMatchObject({ how: 'email' });
  });

  it('refuses a tampered state, a state without its browser cookie, and a replayed state', async () => {
    idp.nextAccount = newAccount();
    const started = await start({ hubId: hub.identifier });
    const back = await followOidcProvider(started.location, idp.issuer);

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const tamperedAnswer = await callback(tampered, `${started.stateCookie}x`);
    expect(tamperedAnswer.headers.location).toBe('/sign-in?sso_error=state_invalid');

    const otherBrowser = await callback(back, '');
    expect(otherBrowser.headers.location).toBe('/sign-in?sso_error=state_invalid');

    const good = await callback(back, started.stateCookie);
    expect(String(good.headers.location)).toContain('/sso/complete');
    const replayed = await callback(back, started.stateCookie);
    expect(replayed.headers.location).toBe('/sign-in?sso_error=state_invalid');
    expect(replayed.cookies.find((c) => c.name === 'commons_refresh')).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one the sign-in started with', async () => {
    idp.nextAccount = newAccount();
    const started = await start({ hubId: hub.identifier });
    const authorization = new URL(started.location);
    authorization.searchParams.set('nonce', 'a-nonce-of-someone-else');
    const back = await followOidcProvider(authorization.toString(), idp.issuer);
    const answer = await callback(back, started.stateCookie);
    expect(answer.headers.location).toBe(`/hub/${hub.identifier}/auth/sign-in?sso_error=token_invalid`);
    expect(await userByEmail(idp.nextAccount.email)).toBeNull();
  });

  it('lands only on paths of this deployment (returnTo to another host is ignored)', async () => {
    const account = newAccount();
    const kept = await signInThroughProvider(account, { returnTo: '/events?x=1' });
    expect(kept.location).toBe(`/sso/complete?next=${encodeURIComponent('/events?x=1')}`);
    for (const returnTo of ['https://evil.example/steal', '//evil.example', '/\\evil.example']) {
      const answer = await signInThroughProvider(account, { returnTo });
      expect(answer.location, returnTo).toBe(
        `/sso/complete?next=${encodeURIComponent(`/hub/${hub.identifier}/`)}`,
      );
    }
  });

  it("cannot use a provider of cluster A on cluster B's host", async () => {
    const started = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/oidc/${provider.id}/start`,
      headers: { host: otherCluster.host },
    });
    expect(started.statusCode).toBe(302);
    expect(started.headers.location).toBe('/sign-in?sso_error=provider_unavailable');

    // A state started on A and brought back on B's host is unknown there.
    idp.nextAccount = newAccount();
    const onA = await start({ hubId: hub.identifier });
    const back = await followOidcProvider(onA.location, idp.issuer);
    const onB = await callback(back, onA.stateCookie, otherCluster);
    expect(onB.headers.location).toBe('/sign-in?sso_error=state_invalid');
    expect(await userByEmail(idp.nextAccount.email)).toBeNull();
  });

  it('enforces SSO-required domains: only that provider is offered; password sign-in and sign-up are refused', async () => {
    const member = await createUser(t.database.db, cluster, { hub });
    const domain = member.email.split('@')[1] ?? '';
    const added = await call(clusterAdmin, 'POST', '/api/admin/sso/domains', {
      domain: `@${domain.toUpperCase()}`,
      providerId: provider.id,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ domain, providerName: 'University login' });
    const again = await call(clusterAdmin, 'POST', '/api/admin/sso/domains', {
      domain,
      providerId: provider.id,
    });
    expect(again.statusCode).toBe(409);

    const options = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/options?email=${encodeURIComponent(member.email)}&hubId=${hub.identifier}`,
      headers: { host: cluster.host },
    });
    expect(options.json<TSsoOptions>()).toEqual({
      providers: [
        {
          id: provider.id,
          kind: 'oidc',
          name: 'University login',
          preset: 'generic',
          startUrl: `/api/auth/sso/oidc/${provider.id}/start`,
        },
      ],
      signupMethods: ['sso'],
      requiredProviderId: provider.id,
    });

    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: cluster.host },
      payload: { loginMethod: 'email', email: member.email, password: TEST_PASSWORD },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().error).toMatchObject({ code: 'sso_required' });
    expect(password.json().error.user_message).toMatch(/single sign-on/);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { host: cluster.host },
      payload: {
        hubIdentifier: hub.identifier,
        email: `new-person@${domain}`,
        password: 'Another-password-1',
        firstName: 'New',
        lastName: 'Person',
        userTypeId: hub.userTypeIds.student,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(403);
    const magic = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { host: cluster.host },
      payload: { email: member.email },
    });
    expect(magic.statusCode).toBe(403);

    // Removing the rule gives the domain its password back.
    const removed = await call(
      clusterAdmin,
      'DELETE',
      `/api/admin/sso/domains/${added.json<{ id: string }>().id}`,
    );
    expect(removed.statusCode).toBe(204);
    const afterwards = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: cluster.host },
      payload: { loginMethod: 'email', email: member.email, password: TEST_PASSWORD },
    });
    expect(afterwards.statusCode).toBe(200);
  });

  it('hides the signup methods the cluster hides', async () => {
    const saved = await call(clusterAdmin, 'PUT', '/api/admin/sso/settings', {
      hiddenSignupMethods: ['google', 'email'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ hiddenSignupMethods: ['google', 'email'] });
    const options = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sso/options',
      headers: { host: cluster.host },
    });
    expect(options.json<TSsoOptions>().signupMethods).toEqual(['linkedin', 'sso']);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { host: cluster.host },
      payload: {
        hubIdentifier: hub.identifier,
        email: `hidden-email-${Date.now()}@example.org`,
        password: 'Another-password-1',
        firstName: 'New',
        lastName: 'Person',
        userTypeId: hub.userTypeIds.student,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(403);
    expect(signUp.json().error.code).toBe('signup_closed');
    expect(
      (await call(hubAdmin, 'PUT', '/api/admin/sso/settings', { hiddenSignupMethods: [] })).statusCode,
    ).toBe(403);
    await call(clusterAdmin, 'PUT', '/api/admin/sso/settings', { hiddenSignupMethods: [] });
  });

  it('links a provider to a signed-in member and unlinks it only while another way to sign in remains', async () => {
    const member = await createUser(t.database.db, cluster, { hub });
    const link = await call(member, 'POST', `/api/auth/sso/oidc/${provider.id}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const stateCookie = link.cookies.find((c) => c.name === SSO_STATE_COOKIE)?.value ?? '';
    const account = newAccount({ email: `elsewhere-${Date.now()}@other.test` });
    idp.nextAccount = account;
    const back = await followOidcProvider(link.json<{ url: string }>().url, idp.issuer);
    const answer = await callback(back, stateCookie);
    expect(answer.headers.location).toBe(`/preferences/account?sso_linked=${provider.id}`);

    const listed = await call(member, 'GET', '/api/account/sso-identities');
    const identities = listed.json<TLinkedSsoIdentities>();
    expect(identities.items).toHaveLength(1);
    expect(identities.items[0]).toMatchObject({ providerId: provider.id, email: account.email });
    expect(identities.hasPassword).toBe(true);
    expect(identities.linkable).toEqual([]);

    // Another member may not link the same provider account.
    const other = await createUser(t.database.db, cluster, { hub });
    const otherLink = await call(other, 'POST', `/api/auth/sso/oidc/${provider.id}/link`);
    idp.nextAccount = account;
    const otherBack = await followOidcProvider(otherLink.json<{ url: string }>().url, idp.issuer);
    const otherAnswer = await callback(
      otherBack,
      otherLink.cookies.find((c) => c.name === SSO_STATE_COOKIE)?.value ?? '',
    );
    expect(otherAnswer.headers.location).toBe('/preferences/account?sso_error=already_linked');

    const unlinked = await call(member, 'DELETE', `/api/account/sso-identities/${identities.items[0]?.id}`);
    expect(unlinked.statusCode).toBe(204);

    // An account created through SSO has no password: its only identity stays.
    const ssoOnly = newAccount();
    const first = await signInThroughProvider(ssoOnly);
    const refresh = first.answer.cookies.find((c) => c.name === 'commons_refresh')?.value ?? '';
    const renewed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/token/refresh',
      headers: { host: cluster.host, 'x-platform': 'pwa', cookie: `commons_refresh=${refresh}` },
    });
    const token = renewed.json<{ token: string }>().token;
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/account/sso-identities',
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    const onlyOne = own.json<TLinkedSsoIdentities>();
    expect(onlyOne.hasPassword).toBe(false);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sso-identities/${onlyOne.items[0]?.id}`,
      headers: { host: cluster.host, authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('last_sign_in_method');
  });

  it('starts a sign-in for the native app: answers the provider URL and binds it to the asking browser', async () => {
    idp.nextAccount = newAccount();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/auth/sso/oidc/${provider.id}/sign-in-url`,
      headers: { host: cluster.host },
      payload: { hubId: hub.identifier },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { url } = asked.json<{ url: string }>();
    const stateCookie = asked.cookies.find((c) => c.name === SSO_STATE_COOKIE)?.value ?? '';
    expect(new URL(url).searchParams.get('state')).toBe(stateCookie);
    // The app runs the provider in its own browser and hands back the callback URL; the asking browser completes.
    const back = await followOidcProvider(url, idp.issuer);
    expect(String((await callback(back, 'another-browser')).headers.location)).toContain('sso_error=');
    const done = await callback(back, stateCookie);
    expect(done.statusCode, done.body).toBe(302);
    expect(done.cookies.some((c) => c.name === 'commons_refresh')).toBe(true);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/auth/sso/oidc/${randomUUID()}/sign-in-url`,
      headers: { host: cluster.host },
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a disabled provider is not offered and cannot start', async () => {
    const off = await call(clusterAdmin, 'PATCH', `/api/admin/sso/oidc-providers/${provider.id}`, {
      isEnabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const options = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sso/options',
      headers: { host: cluster.host },
    });
    expect(options.json<TSsoOptions>().providers).toEqual([]);
    const started = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/oidc/${provider.id}/start?hubId=${hub.identifier}`,
      headers: { host: cluster.host },
    });
    expect(started.headers.location).toBe(
      `/hub/${hub.identifier}/auth/sign-in?sso_error=provider_unavailable`,
    );
    await call(clusterAdmin, 'PATCH', `/api/admin/sso/oidc-providers/${provider.id}`, { isEnabled: true });
  });
});
