/**
 * The server tests' OpenID provider (panva's oidc-provider with an automatic login) for E2E specs, loaded by a
 * computed path: the E2E project compiles only e2e/, and one provider for both kinds of test is better than two.
 * The E2E servers let providers on ports 4718 and 4719 through (global-setup SSO_TEST_ALLOWED_ORIGINS); each spec
 * takes its own port, since specs run side by side.
 */
export type TE2eOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  nextAccount: {
    sub: string;
    email: string;
    emailVerified: boolean;
    givenName?: string;
    familyName?: string;
  } | null;
  allowRedirectUri(uri: string): void;
  close(): Promise<void>;
};

export async function startE2eOidcProvider(port: 4718 | 4719): Promise<TE2eOidcProvider> {
  const modulePath = new URL('../../apps/server/test/oidc-test-provider.ts', import.meta.url).href;
  const module = (await import(modulePath)) as {
    startTestOidcProvider: (options: { port: number }) => Promise<TE2eOidcProvider>;
  };
  return module.startTestOidcProvider({ port });
}
