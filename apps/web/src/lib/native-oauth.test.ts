import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A minimal browser: window and document deliver events (react-native-webview uses both) and a location. */
const win = Object.assign(new EventTarget(), {
  location: new URL('https://commons.test/hub/northfield/auth/sign-in'),
  ReactNativeWebView: undefined as { postMessage(message: string): void } | undefined,
});
const doc = new EventTarget();
vi.stubGlobal('window', win);
vi.stubGlobal('document', doc);

const { signInThroughNativeApp } = await import('./native-oauth');

const START = {
  providerId: 'p-1',
  providerKind: 'oidc',
  startUrl: '/api/auth/sso/oidc/p-1/start?hubId=northfield',
};
let posted: unknown[] = [];

/** The native app answers as react-native-webview delivers it on Android (a document event). */
function answer(data: unknown, init: MessageEventInit = {}): void {
  doc.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data), ...init }));
}

/** Lets a settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  posted = [];
  win.ReactNativeWebView = { postMessage: (message) => void posted.push(JSON.parse(message)) };
});
afterEach(async () => {
  // No test leaves a sign-in waiting for the next one.
  answer({ type: 'REACT_NATIVE_OAUTH_FAILURE' });
  await settle();
});

describe('signing in through the native app', () => {
  it('posts OAUTH_BUTTON_CLICK with the provider and the absolute start URL', () => {
    void signInThroughNativeApp(START);
    expect(posted).toEqual([
      {
        type: 'OAUTH_BUTTON_CLICK',
        providerId: 'p-1',
        providerKind: 'oidc',
        url: 'https://commons.test/api/auth/sso/oidc/p-1/start?hubId=northfield',
        returnOrigin: 'https://commons.test',
      },
    ]);
  });

  it('answers the address of this site the app came back with on REACT_NATIVE_OAUTH_SUCCESS', async () => {
    const outcome = signInThroughNativeApp(START);
    const callback = 'https://commons.test/api/auth/sso/oidc/callback?code=c-1&state=s-1';
    answer({ type: 'REACT_NATIVE_OAUTH_SUCCESS', url: callback });
    await expect(outcome).resolves.toEqual({ kind: 'success', url: callback });
  });

  it('refuses a success that would open another site', async () => {
    const outcome = signInThroughNativeApp(START);
    answer({ type: 'REACT_NATIVE_OAUTH_SUCCESS', url: 'https://evil.test/steal' });
    await expect(outcome).resolves.toEqual({
      kind: 'failure',
      message: 'The identity provider’s answer could not be verified. Please try again.',
    });
  });

  it('answers the app’s message on REACT_NATIVE_OAUTH_FAILURE, or the provider failure without one', async () => {
    const cancelled = signInThroughNativeApp(START);
    answer({ type: 'REACT_NATIVE_OAUTH_FAILURE', message: 'You cancelled the sign-in.' });
    await expect(cancelled).resolves.toEqual({ kind: 'failure', message: 'You cancelled the sign-in.' });

    const refused = signInThroughNativeApp(START);
    answer({ type: 'REACT_NATIVE_OAUTH_FAILURE' });
    await expect(refused).resolves.toEqual({
      kind: 'failure',
      message: 'The identity provider did not sign you in. Please try again.',
    });
    expect(posted).toHaveLength(2);
  });

  it('says another sign-in is in progress while one waits, and posts nothing for it', async () => {
    const first = signInThroughNativeApp(START);
    await expect(signInThroughNativeApp(START)).resolves.toEqual({ kind: 'inProgress' });
    expect(posted).toHaveLength(1);
    answer({ type: 'REACT_NATIVE_OAUTH_FAILURE' });
    await expect(first).resolves.toMatchObject({ kind: 'failure' });
    // Settled: the next click starts again.
    void signInThroughNativeApp(START);
    expect(posted).toHaveLength(2);
  });

  it('ignores other messages and answers from another window while it waits', async () => {
    let outcome: unknown = null;
    void signInThroughNativeApp(START).then((value) => (outcome = value));
    answer({ type: 'PUSH_TOKEN', token: 't-1' });
    answer({ type: 'REACT_NATIVE_OAUTH_SUCCESS' });
    answer(
      { type: 'REACT_NATIVE_OAUTH_SUCCESS', url: 'https://commons.test/x' },
      { origin: 'https://evil.test' },
    );
    win.dispatchEvent(
      new MessageEvent('message', {
        data: '{"type":"REACT_NATIVE_OAUTH_SUCCESS","url":"https://commons.test/y"}',
        source: new MessageChannel().port1,
      }),
    );
    await settle();
    expect(outcome).toBeNull();
    answer({
      type: 'REACT_NATIVE_OAUTH_SUCCESS',
      url: 'https://commons.test/sso/complete?next=%2Fhub%2Fnorthfield',
    });
    await settle();
    expect(outcome).toEqual({
      kind: 'success',
      url: 'https://commons.test/sso/complete?next=%2Fhub%2Fnorthfield',
    });
  });
});
