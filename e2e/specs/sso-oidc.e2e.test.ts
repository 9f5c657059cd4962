import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { startE2eOidcProvider, type TE2eOidcProvider } from '../support/oidc-provider';
import { expectCleanAtDesktopAndPhone } from '../support/layout';
import { signInWithForm } from '../support/sign-in';
import { testServer } from '../support/test-server';

const browser = useBrowserPerTest();
const CLUSTER_ADMIN = 'clusteradmin@example.edu';
const MEMBER = 'student@northfield.example.edu';
describe('OpenID Connect single sign-on (issue #24)', () => {
  let provider: TE2eOidcProvider;
  beforeAll(async () => {
    provider = await startE2eOidcProvider(4718);
    provider.allowRedirectUri(`${testServer().baseUrl}/api/auth/sso/oidc/callback`);
  });
  afterAll(async () => {
    await provider?.close();
  });

  it('a cluster admin adds the provider and tests it; a new person signs in through it and lands in the hub', async () => {
    const admin = await apiAs(CLUSTER_ADMIN);
    const name = `Campus login ${Date.now()}`;
    const { page, context } = browser();
    let providerId: string | null = null;
    try {
      await signInWithForm(page, CLUSTER_ADMIN);
      await waitForPath(page, /^\/hub\//);
      await page.goto('/cluster-admin');
      await page.getByRole('link', { name: 'Manage single sign-on' }).click();
      await waitForPath(page, '/cluster-admin/sso');
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Single sign-on' }).waitFor();
      const oidc = main.getByRole('region', { name: 'OpenID Connect providers' });
      await oidc.getByText('No OpenID Connect provider yet').waitFor();
      await main
        .getByRole('region', { name: 'Sign-in options' })
        .getByText('No domain requires single sign-on.')
        .waitFor();
      await expectCleanAtDesktopAndPhone(page, 'sso-settings-empty');

      await oidc.getByRole('button', { name: 'Add OpenID Connect provider' }).click();
      const form = oidc.getByRole('form', { name: 'Add an OpenID Connect provider' });
      await form.getByRole('textbox', { name: 'Provider' }).click();
      await page.getByRole('option', { name: 'Other OpenID Connect provider' }).click();
      await form.getByLabel('Button name').fill(name);
      await form.getByLabel('Issuer URL').fill(provider.issuer);
      await form.getByLabel('Client id').fill(provider.clientId);
      await form.getByLabel('Client secret').fill(provider.clientSecret);
      await form.getByRole('button', { name: 'Add provider' }).click();
      await oidc.getByRole('button', { name: `Edit ${name}` }).waitFor();
      providerId =
        (
          await admin.call<{ items: Array<{ id: string; name: string }> }>('GET', '/api/admin/sso/providers')
        ).items.find((p) => p.name === name)?.id ?? null;

      await oidc.getByRole('button', { name: `Test connection of ${name}` }).click();
      await oidc.getByText('Connection works').waitFor();
      await expect(oidc.getByTestId('oidc-test-result').textContent()).resolves.toContain(provider.issuer);
      await expectCleanAtDesktopAndPhone(page, 'sso-settings');

      // People at campus.example.org must sign in through it.
      const options = main.getByRole('region', { name: 'Sign-in options' });
      const domainForm = options.getByRole('form', { name: 'Require single sign-on for a domain' });
      await domainForm.getByLabel('Email domain').fill('campus.example.org');
      await domainForm.getByRole('textbox', { name: 'Provider' }).click();
      await page.getByRole('option', { name }).click();
      await domainForm.getByRole('button', { name: 'Require single sign-on' }).click();
      await options.getByText(`signs in with ${name} only`).waitFor();

      // A visitor in a fresh browser: the sign-in page offers the provider.
      await context.clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/hub/northfield/auth/sign-in');
      const button = page.getByRole('link', { name: `Continue with ${name}` });
      await button.waitFor();
      await expectCleanAtDesktopAndPhone(page, 'sign-in-with-sso');
      // An email of the SSO domain leaves only the provider's button: no password.
      await page.getByLabel('Email').fill('someone@campus.example.org');
      await page.getByText(`Your organization signs you in with ${name}.`).waitFor();
      await expect(page.getByLabel('Password').count()).resolves.toBe(0);
      await expectCleanAtDesktopAndPhone(page, 'sign-in-sso-domain');

      const stamp = Date.now();
      provider.nextAccount = {
        sub: `e2e-${stamp}`,
        email: `grace-${stamp}@campus.example.org`,
        emailVerified: true,
        givenName: 'Grace',
        familyName: `Hopper ${stamp}`,
      };
      await button.click();
      await waitForPath(page, /^\/hub\/northfield(\/|$)/);
      await page.getByRole('main').waitFor();
      await expectNoAxeViolations(page, 'the hub after single sign-on');
      const me = await page.evaluate(async () => {
        const stored = JSON.parse(window.localStorage.getItem('commons.session') ?? '{}') as {
          token?: string;
        };
        const response = await fetch('/api/auth/me', {
          headers: { authorization: `Bearer ${stored.token ?? ''}` },
        });
        return (await response.json()) as { user: { email: string } };
      });
      expect(me.user.email).toBe(`grace-${stamp}@campus.example.org`);

      // A member with a password links the provider from account settings, then unlinks it.
      await context.clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await signInWithForm(page, MEMBER);
      await waitForPath(page, /^\/hub\//);
      await page.goto('/preferences/account');
      const linked = page.getByRole('region', { name: 'Linked sign-in accounts' });
      await linked.getByText('No account is linked').waitFor();
      provider.nextAccount = {
        sub: `e2e-member-${stamp}`,
        email: `member-${stamp}@elsewhere.example.org`,
        emailVerified: true,
      };
      await linked.getByRole('button', { name: `Link ${name}` }).click();
      await waitForPath(page, '/preferences/account');
      await linked.getByText('Account linked').waitFor();
      await linked.getByText(`member-${stamp}@elsewhere.example.org`, { exact: false }).waitFor();
      await expectCleanAtDesktopAndPhone(page, 'account-linked-accounts');
      await linked.getByRole('button', { name: `Unlink ${name}` }).click();
      await linked.getByText('No account is linked').waitFor();
      await expect(linked.getByText('Account linked').count()).resolves.toBe(0);
    } finally {
      if (providerId !== null) {
        const response = await fetch(`${testServer().baseUrl}/api/admin/sso/oidc-providers/${providerId}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${await tokenOf(CLUSTER_ADMIN)}` },
        });
        expect(response.status).toBe(204);
      }
    }
  });
});

async function tokenOf(email: string): Promise<string> {
  const response = await fetch(`${testServer().baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginMethod: 'email', email, password: 'Commons-demo-1' }),
  });
  return ((await response.json()) as { token: string }).token;
}
