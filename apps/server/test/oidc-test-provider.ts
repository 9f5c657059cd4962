import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims, type Adapter, type AdapterPayload } from 'oidc-provider';

/**
 * A real OpenID provider for tests (issue #24): panva's oidc-provider on a random localhost port. Its login page is
 * replaced by an automatic one that signs in as `provider.nextAccount` (set by the test), so a test or a browser
 * going through it lands back on the relying party's callback with a code. The servers under test reach it only
 * because their SSO_TEST_ALLOWED_ORIGINS name its origin.
 */
export type TTestOidcAccount = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
  /** A custom claim the attribute mapping may choose the user type with. */
  affiliation?: string;
  /** Profile claims beyond the standard ones (issue #24 item 5), as a provider with a richer profile returns. */
  headline?: string;
  positionTitle?: string;
  positionCompany?: string;
};

export type TTestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next round trip signs in as. */
  nextAccount: TTestOidcAccount | null;
  /** Adds redirect URIs the client may use (each cluster host has its own callback). */
  allowRedirectUri(uri: string): void;
  close(): Promise<void>;
};

export async function startTestOidcProvider(
  options: { port?: number; redirectUris?: string[] } = {},
): Promise<TTestOidcProvider> {
  const clientId = 'commons-test';
  const clientSecret = 'commons-test-secret-0123456789abcdef';
  const redirectUris = new Set(options.redirectUris ?? []);
  let handler: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TTestOidcAccount>();
  /** The provider's sessions, interactions, codes and grants, in memory. */
  const store = new Map<string, AdapterPayload>();

  const state: TTestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    nextAccount: null,
    allowRedirectUri: (uri) => redirectUris.add(uri),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const provider = new Provider(issuer, {
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: (): AccountClaims => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.givenName ? { given_name: account.givenName } : {}),
          ...(account.familyName ? { family_name: account.familyName } : {}),
          ...(account.picture ? { picture: account.picture } : {}),
          ...(account.affiliation ? { affiliation: account.affiliation } : {}),
          ...(account.headline ? { headline: account.headline } : {}),
          ...(account.positionTitle ? { position_title: account.positionTitle } : {}),
          ...(account.positionCompany ? { position_company: account.positionCompany } : {}),
        }),
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: [
        'given_name',
        'family_name',
        'picture',
        'affiliation',
        'headline',
        'position_title',
        'position_company',
      ],
    },
    // The claims of the asked-for scopes go into the ID token too (the relying party reads only the ID token).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    clientBasedCORS: () => true,
    adapter: class implements Adapter {
      constructor(readonly model: string) {}
      async find(id: string): Promise<AdapterPayload | undefined> {
        // The one client, re-read on each request so redirect URIs added later count.
        if (this.model === 'Client' && id === clientId)
          return {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [...redirectUris],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          };
        return store.get(`${this.model}:${id}`);
      }
      async upsert(id: string, payload: AdapterPayload): Promise<void> {
        store.set(`${this.model}:${id}`, payload);
      }
      async findByUid(uid: string): Promise<AdapterPayload | undefined> {
        for (const [key, value] of store)
          if (key.startsWith(`${this.model}:`) && value.uid === uid) return value;
        return undefined;
      }
      async findByUserCode(): Promise<undefined> {
        return undefined;
      }
      async consume(id: string): Promise<void> {
        const value = store.get(`${this.model}:${id}`);
        if (value) value.consumed = Math.floor(Date.now() / 1000);
      }
      async destroy(id: string): Promise<void> {
        store.delete(`${this.model}:${id}`);
      }
      async revokeByGrantId(): Promise<void> {}
    },
  });

  const callback = provider.callback();
  handler = (request, response) => {
    const match = /^\/interaction\/([^/?]+)/.exec(request.url ?? '');
    if (!match) {
      void callback(request, response);
      return;
    }
    // The automatic login and consent: the test's next account, every asked-for scope granted.
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response);
        const account = state.nextAccount;
        if (!account) {
          response.writeHead(400, { 'content-type': 'text/plain' }).end('no test account chosen');
          return;
        }
        accounts.set(account.sub, account);
        const grant = new provider.Grant({ accountId: account.sub, clientId });
        const scope = typeof details.params.scope === 'string' ? details.params.scope : 'openid';
        grant.addOIDCScope(scope);
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  };
  return state;
}

/**
 * Follows the provider's redirects from an authorization URL (the automatic login included) as a browser would,
 * keeping the provider's cookies, until it sends the browser back to the relying party: answers that URL.
 */
export async function followOidcProvider(authorizationUrl: string, issuer: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the provider stopped at ${url}: ${response.status} ${await response.text()}`);
    const next = new URL(location, url);
    if (next.origin !== new URL(issuer).origin) return next;
    url = next.toString();
  }
  throw new Error('too many redirects at the provider');
}
