import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import {
  AUTH_PATHS,
  HEADERS,
  REFRESH_COOKIE,
  webPaths,
  type TMeResponse,
  type TRefreshResponse,
  type TSamlProvider,
  type TSamlProviderList,
} from '@commons/contract';
import { DOMParser } from '@xmldom/xmldom';
import { and, eq } from 'drizzle-orm';
import * as samlify from 'samlify';
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
import {
  auditLog,
  hubMemberships,
  ssoLoginAttempts,
  ssoUsedAssertions,
  users,
  userSsoIdentities,
} from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { pruneExpiredSsoRecords } from './saml.jobs.js';
import { SAML_ATTEMPT_COOKIE } from './saml.routes.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/saml/${name}`, import.meta.url), 'utf8');
const IDP_KEY = fixture('idp-signing.key.pem');
const IDP_CERT = fixture('idp-signing.cert.pem');
const OTHER_KEY = fixture('other-signing.key.pem');
const OTHER_CERT = fixture('other-signing.cert.pem');

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const IDP_ENTITY_ID = 'https://idp.example.test/saml/metadata';
const IDP_SSO_URL = 'https://idp.example.test/saml/sso';

// The IdP side only builds responses here; it never parses a request through samlify (the test reads the
// AuthnRequest itself), so samlify's schema validator is never asked.
samlify.setSchemaValidator({ validate: async () => 'not used: the test IdP parses no SAML message' });

/** A samlify IdP signing with the given key (a different key under the same entity id stands for an impostor). */
function testIdp(key: string, cert: string) {
  return samlify.IdentityProvider({
    entityID: IDP_ENTITY_ID,
    privateKey: key,
    signingCert: cert,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: IDP_SSO_URL }],
  });
}

const xmlEscape = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

type TResponseOptions = {
  requestId: string;
  email: string;
  attributes?: Record<string, string>;
  assertionId?: string;
  /** Signed by this IdP (default: the real one). */
  idp?: ReturnType<typeof testIdp>;
  /** Sign only the Response, not the Assertion (the SP's metadata is overridden to not want it). */
  isAssertionUnsigned?: boolean;
  audience?: string;
  notOnOrAfter?: Date;
};

/**
 * SAML SSO (issue #24 item 2) against an IdP built with samlify (an implementation independent of the SP's
 * @node-saml/node-saml), signing with a self-signed fixture certificate: the admin imports the IdP's metadata,
 * the IdP reads Commons' SP metadata, and every response goes through the real ACS.
 */
describeDb('SAML single sign-on (issue #24 item 2)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let otherCluster: TTestCluster;
  let hub: TTestHub;
  let clusterAdmin: TTestUser;
  let hubAdmin: TTestUser;
  let otherClusterAdmin: TTestUser;
  let provider: TSamlProvider;
  let otherProvider: TSamlProvider;
  let spMetadata: string;
  const idp = testIdp(IDP_KEY, IDP_CERT);
  const impostor = testIdp(OTHER_KEY, OTHER_CERT);
  const tokens = new Map<string, string>();

  const tokenOf = async (user: TTestUser, of: TTestCluster) => {
    const known = tokens.get(user.id);
    if (known !== undefined) return known;
    const { token } = await signIn(t.app, of, user);
    tokens.set(user.id, token);
    return token;
  };
  const admin = async (
    user: TTestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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

  /** The request id (read from the deflated AuthnRequest) and the RelayState of an IdP URL Commons sent to. */
  const authnRequestOf = (url: string) => {
    const location = new URL(url);
    expect(`${location.origin}${location.pathname}`).toBe(IDP_SSO_URL);
    const request = inflateRawSync(
      Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64'),
    ).toString();
    const root = new DOMParser().parseFromString(request, 'text/xml').documentElement;
    expect(root?.localName).toBe('AuthnRequest');
    expect(root?.getAttribute('AssertionConsumerServiceURL')).toBe(provider.sp.acsUrl);
    return {
      requestId: root?.getAttribute('ID') ?? '',
      relayState: location.searchParams.get('RelayState') ?? '',
    };
  };

  /** Starts a sign-in at the hub: answers its request id and RelayState. */
  const start = async (options: { providerId?: string; of?: TTestCluster; returnTo?: string } = {}) => {
    const query = new URLSearchParams({
      hubId: hub.identifier,
      ...(options.returnTo ? { returnTo: options.returnTo } : {}),
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/saml/${options.providerId ?? provider.id}/start?${query}`,
      headers: { host: (options.of ?? cluster).host },
    });
    expect(response.statusCode, response.body).toBe(302);
    const started = authnRequestOf(String(response.headers.location));
    // The browser keeps the attempt, for the ACS only.
    const cookie = response.cookies.find((c) => c.name === SAML_ATTEMPT_COOKIE);
    expect(cookie).toMatchObject({
      value: started.relayState,
      path: '/api/auth/sso/saml/acs',
      httpOnly: true,
    });
    return started;
  };

  /** A login response of the IdP, built by samlify and signed with the IdP's key (or the impostor's). */
  const samlResponse = async (options: TResponseOptions): Promise<string> => {
    const signer = options.idp ?? idp;
    const sp = samlify.ServiceProvider({
      metadata: options.isAssertionUnsigned
        ? spMetadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"')
        : spMetadata,
    });
    const now = new Date();
    const end = options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const attributes = Object.entries(options.attributes ?? {})
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${xmlEscape(name)}"><saml:AttributeValue xsi:type="xs:string">${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('');
    const responseId = `_${randomUUID()}`;
    const built = await signer.createLoginResponse(
      sp,
      { extract: { request: { id: options.requestId } } },
      'post',
      { email: options.email },
      {
        customTagReplacement: (template: string) => ({
          id: responseId,
          context: samlify.SamlLib.replaceTagsByValue(
            template
              .replace(
                '{AuthnStatement}',
                `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_session"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
              )
              .replace(
                '{AttributeStatement}',
                attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '',
              ),
            {
              ID: responseId,
              AssertionID: options.assertionId ?? `_${randomUUID()}`,
              Destination: provider.sp.acsUrl,
              Audience: options.audience ?? provider.sp.entityId,
              SubjectRecipient: provider.sp.acsUrl,
              Issuer: IDP_ENTITY_ID,
              IssueInstant: now.toISOString(),
              StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
              ConditionsNotBefore: new Date(now.getTime() - 60_000).toISOString(),
              ConditionsNotOnOrAfter: end.toISOString(),
              SubjectConfirmationDataNotOnOrAfter: end.toISOString(),
              NameIDFormat: EMAIL_FORMAT,
              NameID: options.email,
              InResponseTo: options.requestId,
            },
          ),
        }),
      },
    );
    return built.context;
  };

  /** The IdP's form post from the browser that started the sign-in (its attempt cookie), unless told otherwise. */
  const postToAcs = (
    body: { SAMLResponse: string; RelayState: string },
    of: TTestCluster = cluster,
    attemptCookie: string | null = body.RelayState,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/saml/acs',
      headers: { host: of.host, 'content-type': 'application/x-www-form-urlencoded' },
      ...(attemptCookie === null ? {} : { cookies: { [SAML_ATTEMPT_COOKIE]: attemptCookie } }),
      payload: new URLSearchParams(body).toString(),
    });

  /** The ACS refused: back to the hub's sign-in page with the error code, no session cookie. */
  const expectRefused = (
    response: Awaited<ReturnType<typeof postToAcs>>,
    code: string,
    // Without its attempt (unknown or used up) Commons cannot tell which hub the sign-in started from.
    signInPage = webPaths.hub.signIn(hub.identifier),
  ) => {
    expect(response.statusCode, response.body).toBe(303);
    expect(String(response.headers.location)).toBe(`${signInPage}?sso_error=${code}`);
    expect(response.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
  };

  const userOfEmail = (email: string) =>
    withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, async (tx) => {
      const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    });

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    otherCluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster, { isAutoApproval: true });
    clusterAdmin = await createUser(t.database.db, cluster, { isClusterAdmin: true });
    hubAdmin = await createUser(t.database.db, cluster, { hub, isHubAdmin: true, rights: ['sso-settings'] });
    otherClusterAdmin = await createUser(t.database.db, otherCluster, { isClusterAdmin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses IdP metadata without a signing certificate, and hub admins', async () => {
    const withoutKey = idp
      .getMetadata()
      .replace(/<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/g, '');
    expect(withoutKey).not.toContain('X509Certificate');
    const refused = await admin(clusterAdmin, 'POST', '/api/admin/sso/saml-providers', {
      name: 'University IdP',
      metadataXml: withoutKey,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.metadataXml).toMatch(/no signing certificate/);

    const notXml = await admin(clusterAdmin, 'POST', '/api/admin/sso/saml-providers', {
      name: 'University IdP',
      metadataXml: '<html><body>login</body></html>',
    });
    expect(notXml.statusCode).toBe(400);
    expect(notXml.json().error.fields.metadataXml).toMatch(/not an identity provider/);

    const byHubAdmin = await admin(hubAdmin, 'POST', '/api/admin/sso/saml-providers', {
      name: 'University IdP',
      metadataXml: idp.getMetadata(),
    });
    expect(byHubAdmin.statusCode).toBe(403);
    expect((await admin(hubAdmin, 'GET', '/api/admin/sso/saml-providers')).statusCode).toBe(403);
  });

  it('imports the IdP metadata, shows what to give the IdP, serves SP metadata, and audits', async () => {
    const created = await admin(clusterAdmin, 'POST', '/api/admin/sso/saml-providers', {
      name: 'University IdP',
      metadataXml: idp.getMetadata(),
      attributeMapping: {
        email: 'mail',
        firstName: 'givenName',
        lastName: 'sn',
        userType: 'affiliation',
        userTypeValues: { alum: 'Alumni' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    provider = created.json<TSamlProvider>();
    expect(provider.idp.entityId).toBe(IDP_ENTITY_ID);
    expect(provider.idp.ssoUrl).toBe(IDP_SSO_URL);
    expect(provider.idp.certificates).toHaveLength(1);
    expect(provider.idp.certificates[0]?.isExpired).toBe(false);
    expect(provider.idp.certificates[0]?.subject).toContain('Commons test SAML IdP (idp-signing)');
    const origin = `http://${cluster.host}:3000`;
    expect(provider.sp).toEqual({
      entityId: `${origin}/api/auth/sso/saml/${provider.id}/metadata`,
      metadataUrl: `${origin}/api/auth/sso/saml/${provider.id}/metadata`,
      acsUrl: `${origin}/api/auth/sso/saml/acs`,
    });

    const metadata = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/saml/${provider.id}/metadata`,
      headers: { host: cluster.host },
    });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    spMetadata = metadata.body;
    // samlify reads Commons' metadata as an IdP would.
    const asSeenByIdp = samlify.ServiceProvider({ metadata: spMetadata });
    expect(asSeenByIdp.entityMeta.getEntityID()).toBe(provider.sp.entityId);
    expect(asSeenByIdp.entityMeta.isWantAssertionsSigned()).toBe(true);
    expect(asSeenByIdp.entityMeta.getAssertionConsumerService('post')).toBe(provider.sp.acsUrl);

    const list = await admin(clusterAdmin, 'GET', '/api/admin/sso/saml-providers');
    expect(list.json<TSamlProviderList>().items.map((p) => p.id)).toEqual([provider.id]);
    const audited = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'sso.saml_provider_created'), eq(auditLog.targetId, provider.id))),
    );
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited[0]?.data)).not.toContain('BEGIN CERTIFICATE');

    const other = await admin(
      otherClusterAdmin,
      'POST',
      '/api/admin/sso/saml-providers',
      { name: 'Other IdP', metadataXml: idp.getMetadata() },
      otherCluster,
    );
    expect(other.statusCode).toBe(201);
    otherProvider = other.json<TSamlProvider>();
  });

  it('signs a new member in from a signed assertion: account, hub membership, identity and session', async () => {
    const email = `ada-${randomUUID().slice(0, 8)}@university.example`;
    const { requestId, relayState } = await start({ returnTo: `/${hub.identifier}/events` });
    const response = await postToAcs({
      SAMLResponse: await samlResponse({
        requestId,
        email,
        attributes: { mail: email, givenName: 'Ada', sn: 'Lovelace', affiliation: 'alum' },
      }),
      RelayState: relayState,
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(String(response.headers.location)).toBe(webPaths.ssoComplete(`/${hub.identifier}/events`));
    const refresh = response.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(refresh?.value).toBeTruthy();

    const user = await userOfEmail(email);
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', ssoId: email });
    const rows = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      async (tx) => ({
        memberships: await tx
          .select()
          .from(hubMemberships)
          .where(eq(hubMemberships.userId, user?.id ?? '')),
        identities: await tx
          .select()
          .from(userSsoIdentities)
          .where(eq(userSsoIdentities.userId, user?.id ?? '')),
      }),
    );
    expect(rows.memberships).toHaveLength(1);
    expect(rows.memberships[0]).toMatchObject({ hubId: hub.id, userTypeId: hub.userTypeIds.alumni });
    expect(rows.identities.map((i) => [i.providerId, i.subject])).toEqual([[provider.id, email]]);

    // The refresh cookie is a working session of that user.
    const refreshed = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.refreshTimer,
      headers: { host: cluster.host, [HEADERS.platform]: 'pwa' },
      cookies: { [REFRESH_COOKIE]: refresh?.value ?? '' },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.me,
      headers: { host: cluster.host, authorization: `Bearer ${refreshed.json<TRefreshResponse>().token}` },
    });
    expect(me.json<TMeResponse>().user.id).toBe(user?.id);
  });

  it('refuses an unsigned response and a response signed around an unsigned assertion', async () => {
    const email = `unsigned-${randomUUID().slice(0, 8)}@university.example`;
    const first = await start();
    const signed = Buffer.from(
      await samlResponse({ requestId: first.requestId, email }),
      'base64',
    ).toString();
    const stripped = signed.replace(/<ds:Signature[\s>][\s\S]*?<\/ds:Signature>/g, '');
    expect(stripped).not.toContain('Signature');
    expectRefused(
      await postToAcs({
        SAMLResponse: Buffer.from(stripped).toString('base64'),
        RelayState: first.relayState,
      }),
      'token_invalid',
    );

    const second = await start();
    const messageOnly = await samlResponse({ requestId: second.requestId, email, isAssertionUnsigned: true });
    const xml = Buffer.from(messageOnly, 'base64').toString();
    // samlify signed the Response (its Signature follows the Response's Issuer), not the Assertion.
    expect(xml.match(/<ds:Signature[\s>]/g)).toHaveLength(1);
    expectRefused(
      await postToAcs({ SAMLResponse: messageOnly, RelayState: second.relayState }),
      'token_invalid',
    );
    expect(await userOfEmail(email)).toBeNull();
  });

  it('refuses an assertion signed with another certificate, or for another audience', async () => {
    const email = `impostor-${randomUUID().slice(0, 8)}@university.example`;
    const first = await start();
    expectRefused(
      await postToAcs({
        SAMLResponse: await samlResponse({ requestId: first.requestId, email, idp: impostor }),
        RelayState: first.relayState,
      }),
      'token_invalid',
    );
    const second = await start();
    expectRefused(
      await postToAcs({
        SAMLResponse: await samlResponse({
          requestId: second.requestId,
          email,
          audience: 'https://elsewhere.test/sp',
        }),
        RelayState: second.relayState,
      }),
      'token_invalid',
    );
    const third = await start();
    expectRefused(
      await postToAcs({
        SAMLResponse: await samlResponse({
          requestId: third.requestId,
          email,
          notOnOrAfter: new Date(Date.now() - 10 * 60_000),
        }),
        RelayState: third.relayState,
      }),
      'token_invalid',
    );
    expect(await userOfEmail(email)).toBeNull();
  });

  it('refuses a replayed assertion: the same post again, and the same assertion id in a new sign-in', async () => {
    const email = `replay-${randomUUID().slice(0, 8)}@university.example`;
    const assertionId = `_${randomUUID()}`;
    const first = await start();
    const body = {
      SAMLResponse: await samlResponse({
        requestId: first.requestId,
        email,
        assertionId,
        attributes: { mail: email },
      }),
      RelayState: first.relayState,
    };
    expect((await postToAcs(body)).statusCode).toBe(303);
    expect(await userOfEmail(email)).not.toBeNull();
    expectRefused(await postToAcs(body), 'state_invalid', webPaths.signIn());

    // A captured assertion re-signed into a fresh round trip by its id: sso_used_assertions refuses it.
    const second = await start();
    expectRefused(
      await postToAcs({
        SAMLResponse: await samlResponse({
          requestId: second.requestId,
          email,
          assertionId,
          attributes: { mail: email },
        }),
        RelayState: second.relayState,
      }),
      'state_invalid',
    );
    const used = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(ssoUsedAssertions).where(eq(ssoUsedAssertions.assertionId, assertionId)),
    );
    expect(used).toHaveLength(1);
    expect(used[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());

    // The hourly prune keeps the id until the assertion expires, then drops it with expired attempts.
    const inTenant = <T>(work: Parameters<typeof withTenant<T>>[2]) =>
      withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, work);
    await pruneExpiredSsoRecords(t.database.db, new Date());
    expect(
      await inTenant((tx) =>
        tx.select().from(ssoUsedAssertions).where(eq(ssoUsedAssertions.assertionId, assertionId)),
      ),
    ).toHaveLength(1);
    // Past the assertion's end and the attempts' ten minutes.
    const later = new Date(Math.max(used[0]?.expiresAt.getTime() ?? 0, Date.now() + 11 * 60_000));
    expect(await pruneExpiredSsoRecords(t.database.db, later)).toBeGreaterThanOrEqual(2);
    expect(
      await inTenant((tx) =>
        tx.select().from(ssoUsedAssertions).where(eq(ssoUsedAssertions.assertionId, assertionId)),
      ),
    ).toEqual([]);
    expect(
      await inTenant((tx) =>
        tx.select().from(ssoLoginAttempts).where(eq(ssoLoginAttempts.id, second.relayState)),
      ),
    ).toEqual([]);
  });

  it('refuses a response posted from another browser than the one that started the sign-in', async () => {
    const email = `csrf-${randomUUID().slice(0, 8)}@university.example`;
    const mine = await start();
    const body = {
      SAMLResponse: await samlResponse({ requestId: mine.requestId, email, attributes: { mail: email } }),
      RelayState: mine.relayState,
    };
    expectRefused(await postToAcs(body, cluster, null), 'state_invalid', webPaths.signIn());
    const other = await start();
    expectRefused(await postToAcs(body, cluster, other.relayState), 'state_invalid', webPaths.signIn());
    expect(await userOfEmail(email)).toBeNull();
    // The refusal used nothing up: the browser that started it still signs in.
    const signedIn = await postToAcs(body);
    expect(String(signedIn.headers.location)).toMatch(/^\/sso\/complete/);
    expect(await userOfEmail(email)).not.toBeNull();
  });

  it('refuses a response to another request (InResponseTo mismatch) and uses the attempt up', async () => {
    const email = `mismatch-${randomUUID().slice(0, 8)}@university.example`;
    const first = await start();
    const second = await start();
    expectRefused(
      await postToAcs({
        SAMLResponse: await samlResponse({ requestId: first.requestId, email }),
        RelayState: second.relayState,
      }),
      'token_invalid',
    );
    // The refused attempt cannot be tried again, even with the right response.
    expectRefused(
      await postToAcs({
        SAMLResponse: await samlResponse({ requestId: second.requestId, email }),
        RelayState: second.relayState,
      }),
      'state_invalid',
      webPaths.signIn(),
    );
    const [attempt] = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(ssoLoginAttempts).where(eq(ssoLoginAttempts.id, second.relayState)),
    );
    expect(attempt?.consumedAt).not.toBeNull();
    expect(await userOfEmail(email)).toBeNull();
  });

  it("refuses another cluster's provider and another cluster's sign-in attempt", async () => {
    const metadata = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/saml/${otherProvider.id}/metadata`,
      headers: { host: cluster.host },
    });
    expect(metadata.statusCode).toBe(404);
    const started = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/saml/${otherProvider.id}/start`,
      headers: { host: cluster.host },
    });
    expect(started.statusCode).toBe(303);
    expect(String(started.headers.location)).toBe(`${webPaths.signIn()}?sso_error=provider_unavailable`);

    // A response to this cluster's request, posted to the other cluster's host: its attempt is not there.
    const email = `cross-${randomUUID().slice(0, 8)}@university.example`;
    const mine = await start();
    const crossed = await postToAcs(
      { SAMLResponse: await samlResponse({ requestId: mine.requestId, email }), RelayState: mine.relayState },
      otherCluster,
    );
    expect(crossed.statusCode).toBe(303);
    expect(String(crossed.headers.location)).toBe(`${webPaths.signIn()}?sso_error=state_invalid`);
    const patched = await admin(
      otherClusterAdmin,
      'PATCH',
      `/api/admin/sso/saml-providers/${provider.id}`,
      { isEnabled: false },
      otherCluster,
    );
    expect(patched.statusCode).toBe(404);
  });

  it('keeps returnTo inside the deployment, stops sign-ins while the provider is off, tests it, removes it', async () => {
    const email = `away-${randomUUID().slice(0, 8)}@university.example`;
    const away = await start({ returnTo: 'https://evil.example/steal' });
    const response = await postToAcs({
      SAMLResponse: await samlResponse({ requestId: away.requestId, email, attributes: { mail: email } }),
      RelayState: away.relayState,
    });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location.startsWith('/')).toBe(true);
    expect(location).not.toContain('evil.example');

    const off = await admin(clusterAdmin, 'PATCH', `/api/admin/sso/saml-providers/${provider.id}`, {
      isEnabled: false,
      name: 'University',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<TSamlProvider>()).toMatchObject({ isEnabled: false, name: 'University' });
    const started = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/saml/${provider.id}/start?hubId=${hub.identifier}`,
      headers: { host: cluster.host },
    });
    expect(started.statusCode).toBe(303);
    expect(String(started.headers.location)).toBe(
      `${webPaths.hub.signIn(hub.identifier)}?sso_error=provider_unavailable`,
    );

    // Test connection works while the provider is off: the IdP's signed answer is checked, nobody signs in.
    expect(
      (await admin(hubAdmin, 'POST', `/api/admin/sso/saml-providers/${provider.id}/test`)).statusCode,
    ).toBe(403);
    const test = await admin(clusterAdmin, 'POST', `/api/admin/sso/saml-providers/${provider.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    const tested = authnRequestOf(test.json<{ url: string }>().url);
    const testEmail = `tester-${randomUUID().slice(0, 8)}@university.example`;
    const testAnswer = await postToAcs({
      SAMLResponse: await samlResponse({ requestId: tested.requestId, email: testEmail }),
      RelayState: tested.relayState,
    });
    expect(testAnswer.statusCode).toBe(303);
    expect(String(testAnswer.headers.location)).toBe(
      `${webPaths.clusterAdminSso()}?sso_tested=${encodeURIComponent(provider.id)}`,
    );
    expect(testAnswer.cookies.find((c) => c.name === REFRESH_COOKIE)).toBeUndefined();
    expect(await userOfEmail(testEmail)).toBeNull();
    const impostorTest = authnRequestOf(
      (await admin(clusterAdmin, 'POST', `/api/admin/sso/saml-providers/${provider.id}/test`)).json<{
        url: string;
      }>().url,
    );
    const refusedTest = await postToAcs({
      SAMLResponse: await samlResponse({
        requestId: impostorTest.requestId,
        email: testEmail,
        idp: impostor,
      }),
      RelayState: impostorTest.relayState,
    });
    expect(String(refusedTest.headers.location)).toBe(
      `${webPaths.clusterAdminSso()}?sso_error=token_invalid`,
    );

    const removed = await admin(clusterAdmin, 'DELETE', `/api/admin/sso/saml-providers/${provider.id}`);
    expect(removed.statusCode).toBe(204);
    expect(
      (await admin(clusterAdmin, 'GET', '/api/admin/sso/saml-providers')).json<TSamlProviderList>().items,
    ).toEqual([]);
  });
});
