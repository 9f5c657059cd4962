import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { DEMO_PASSWORD, expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { startE2eOidcProvider } from '../support/oidc-provider';
import { signInWithForm } from '../support/sign-in';
import { testServer } from '../support/test-server';

const browser = useBrowserPerTest();
const EMAIL = 'alumni@northfield.example.edu';

/**
 * Plays the native app around the page: a window.ReactNativeWebView whose postMessage records every
 * message in sessionStorage (kept across page loads of the tab).
 */
async function actAsNativeApp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const KEY = 'e2e.nativeMessages';
    (window as unknown as { ReactNativeWebView: { postMessage(message: string): void } }).ReactNativeWebView =
      {
        postMessage: (message: string) => {
          const messages = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]') as unknown[];
          window.sessionStorage.setItem(KEY, JSON.stringify([...messages, JSON.parse(message)]));
        },
      };
  });
}

/** The messages the page posted to the native app, in order. */
async function postedMessages(page: Page): Promise<Array<{ type: string } & Record<string, unknown>>> {
  return page.evaluate(
    () =>
      JSON.parse(window.sessionStorage.getItem('e2e.nativeMessages') ?? '[]') as Array<
        { type: string } & Record<string, unknown>
      >,
  );
}

/** The types of the messages the page posted to the native app, in order. */
async function postedTypes(page: Page): Promise<string[]> {
  return (await postedMessages(page)).map((message) => message.type);
}

/** The native app hands over its device token as react-native-webview does on Android (a document event). */
async function sendPushToken(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => {
    const data = JSON.stringify({ type: 'PUSH_TOKEN', token: value, platform: 'android' });
    document.dispatchEvent(new MessageEvent('message', { data }));
  }, token);
}

let apiBearer: string | null = null;

/** Calls POST or DELETE /api/push-tokens as the demo user from outside the page (one other session). */
async function pushTokenApi(method: 'POST' | 'DELETE', token: string): Promise<Response> {
  const { baseUrl } = testServer();
  if (apiBearer === null) {
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginMethod: 'email', email: EMAIL, password: DEMO_PASSWORD }),
    });
    apiBearer = ((await signIn.json()) as { token: string }).token;
  }
  const bearer = apiBearer;
  return fetch(`${baseUrl}/api/push-tokens`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
}

async function createdAtOnRegistering(token: string): Promise<string> {
  const response = await pushTokenApi('POST', token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { pushToken: { createdAt: string } }).pushToken.createdAt;
}

async function signInInNativeApp(page: Page): Promise<void> {
  const platforms: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/'))
      platforms.push(request.headers()['x-platform'] ?? '');
  });
  await signInWithForm(page, EMAIL);
  await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
  await expect.poll(() => postedTypes(page)).toEqual(['REQUEST_PERMISSIONS']);
  // spec 7: inside the native app every call says so in the platform header.
  expect(platforms.length).toBeGreaterThan(0);
  expect(new Set(platforms)).toEqual(new Set(['nativeMobileApp']));
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await waitForPath(page, '/sign-in');
}

describe('native app bridge (issue #16 item 19, spec 7)', () => {
  it('asks for permissions after sign-in, registers the push token it is given, and deletes it and posts LoggedOut at sign-out', async () => {
    const { page } = browser();
    const token = `ExponentPushToken[e2e-${Date.now()}]`;
    await actAsNativeApp(page);
    await signInInNativeApp(page);
    await expectNoAxeViolations(page, 'signed-in page inside the native app');

    const registered = page.waitForResponse(
      (response) => response.url().endsWith('/api/push-tokens') && response.request().method() === 'POST',
    );
    await sendPushToken(page, token);
    const registration = await registered;
    expect(registration.status()).toBe(200);
    const { pushToken } = (await registration.json()) as { pushToken: { token: string; createdAt: string } };
    expect(pushToken).toMatchObject({ token, platform: 'android' });
    // Registered for this user: registering it again keeps the same row.
    expect(await createdAtOnRegistering(token)).toBe(pushToken.createdAt);

    const deleted = page.waitForResponse(
      (response) => response.url().endsWith('/api/push-tokens') && response.request().method() === 'DELETE',
    );
    await signOut(page);
    expect((await deleted).status()).toBe(204);
    expect(await postedTypes(page)).toEqual(['REQUEST_PERMISSIONS', 'LoggedOut']);
    expect(await page.evaluate(() => window.localStorage.getItem('commons.pushToken'))).toBeNull();
    // The row is gone: registering the token again makes a new one.
    expect(await createdAtOnRegistering(token)).not.toBe(pushToken.createdAt);
    expect((await pushTokenApi('DELETE', token)).status).toBe(204);
  });

  it('says "Error while deleting Mobile pushtoken." when the delete fails, and still signs out', async () => {
    const { page } = browser();
    const token = `ExponentPushToken[e2e-fail-${Date.now()}]`;
    await actAsNativeApp(page);
    await signInInNativeApp(page);
    const registered = page.waitForResponse(
      (response) => response.url().endsWith('/api/push-tokens') && response.request().method() === 'POST',
    );
    await sendPushToken(page, token);
    expect((await registered).status()).toBe(200);

    await page.route('**/api/push-tokens', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'database_unavailable', message: 'down' } }),
          })
        : route.continue(),
    );
    await signOut(page);
    await page.getByText('Error while deleting Mobile pushtoken.').waitFor();
    expect(await postedTypes(page)).toEqual(['REQUEST_PERMISSIONS', 'LoggedOut']);
    expect((await pushTokenApi('DELETE', token)).status).toBe(204);
  });
});

describe('single sign-on inside the native app (issue #24 item 8, spec 7)', () => {
  it('a Continue with button asks the app to sign in (OAUTH_BUTTON_CLICK with the provider URL, bound to the webview), says auth already in progress while it waits, and shows the app’s failure', async () => {
    const admin = await apiAs('clusteradmin@example.edu');
    const name = `Campus login ${Date.now()}`;
    const idp = await startE2eOidcProvider(4719);
    const provider = await admin.call<{ id: string }>('POST', '/api/admin/sso/oidc-providers', {
      preset: 'generic',
      name,
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    });
    try {
      const { page } = browser();
      await actAsNativeApp(page);
      await page.goto('/hub/northfield/auth/sign-in');
      const button = page.getByRole('link', { name: `Continue with ${name}` });
      await button.waitFor();
      await expectNoAxeViolations(page, 'sign-in page inside the native app');

      await button.click();
      await expect.poll(() => postedTypes(page)).toEqual(['OAUTH_BUTTON_CLICK']);
      const [click] = await postedMessages(page);
      const { baseUrl } = testServer();
      expect(click).toMatchObject({
        type: 'OAUTH_BUTTON_CLICK',
        providerId: provider.id,
        providerKind: 'oidc',
        returnOrigin: new URL(baseUrl).origin,
      });
      // The app opens the provider itself; the round trip's state is this webview's, so the callback URL the app
      // hands back (REACT_NATIVE_OAUTH_SUCCESS) completes the sign-in here.
      const providerUrl = new URL(String(click?.url));
      expect(providerUrl.origin).toBe(new URL(idp.issuer).origin);
      const stateCookie = (await page.context().cookies()).find((c) => c.name === 'commons_sso_state');
      expect(providerUrl.searchParams.get('state')).toBe(stateCookie?.value);
      // The webview stays on the page: the app opens the provider in its own browser.
      expect(new URL(page.url()).pathname).toBe('/hub/northfield/auth/sign-in');

      await button.click();
      await page.getByText('auth already in progress').waitFor();
      expect(await postedTypes(page)).toEqual(['OAUTH_BUTTON_CLICK']);

      // The app answers as react-native-webview does on iOS (a window event).
      await page.evaluate(() => {
        const data = JSON.stringify({
          type: 'REACT_NATIVE_OAUTH_FAILURE',
          message: 'You cancelled the sign-in.',
        });
        window.dispatchEvent(new MessageEvent('message', { data }));
      });
      await page.getByRole('alert').getByText('You cancelled the sign-in.').waitFor();
      await expectNoAxeViolations(page, 'sign-in page after the app’s failure');
      // The button works again.
      await button.click();
      await expect.poll(() => postedTypes(page)).toEqual(['OAUTH_BUTTON_CLICK', 'OAUTH_BUTTON_CLICK']);
    } finally {
      await admin.call('DELETE', `/api/admin/sso/oidc-providers/${provider.id}`);
      await idp.close();
    }
  });
});
