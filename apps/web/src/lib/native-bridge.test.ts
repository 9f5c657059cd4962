import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show: toast } }));

/**
 * A minimal browser: window and document deliver events (react-native-webview uses both), storage,
 * location and matchMedia for the API client.
 */
function fakeBrowser() {
  const storage = new Map<string, string>();
  const win = Object.assign(new EventTarget(), {
    location: new URL('http://commons.test/hub/northfield/'),
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    matchMedia: () => ({ matches: false }),
    ReactNativeWebView: undefined as { postMessage(message: string): void } | undefined,
  });
  return { win, doc: new EventTarget(), storage };
}

const { win, doc, storage } = fakeBrowser();
vi.stubGlobal('window', win);
vi.stubGlobal('document', doc);

const calls: { method: string; url: string; body: unknown }[] = [];
let answerStatus = 200;
vi.stubGlobal(
  'fetch',
  vi.fn((url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body ?? 'null')) });
    if (answerStatus === 204) return Promise.resolve(new Response(null, { status: 204 }));
    if (answerStatus >= 400)
      return Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'internal_error', message: 'down' } }), {
          status: answerStatus,
        }),
      );
    const body = JSON.parse(String(init.body)) as { token: string };
    return Promise.resolve(
      new Response(
        JSON.stringify({
          pushToken: { token: body.token, platform: null, createdAt: '2026-01-01T00:00:00.000Z' },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
    );
  }),
);
vi.spyOn(console, 'error').mockImplementation(() => undefined);

const bridge = await import('./native-bridge');
const { registerNativePushToken, deleteNativePushToken } = await import('./native-push-token');
const { platformType } = await import('./api-client');
const { session } = await import('./session');

let posted: string[] = [];
function enterNativeApp(): void {
  win.ReactNativeWebView = { postMessage: (message) => void posted.push(message) };
}

beforeEach(() => {
  posted = [];
  calls.length = 0;
  answerStatus = 200;
  storage.clear();
  toast.mockClear();
  win.ReactNativeWebView = undefined;
  bridge.notifyNativeAppSignedOut();
  session.setToken('token-of-ada');
});
afterEach(() => session.clear());

/** Lets the listener's fetch and its follow-up settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('outside the native app', () => {
  it('is not the native app, posts nothing and listens to nothing', async () => {
    expect(bridge.isNativeApp()).toBe(false);
    bridge.postToNativeApp('LoggedOut');
    bridge.requestNativePermissionsOnce('ada');
    const onPushToken = vi.fn();
    const stop = bridge.listenToNativeApp({ onPushToken });
    win.dispatchEvent(new MessageEvent('message', { data: '{"type":"PUSH_TOKEN","token":"t-1"}' }));
    stop();
    expect(onPushToken).not.toHaveBeenCalled();
    expect(platformType()).toBe('desktop');
  });

  it('deletes no push token at sign-out when none was stored', async () => {
    await deleteNativePushToken();
    expect(calls).toEqual([]);
  });
});

describe('inside the native app', () => {
  beforeEach(enterNativeApp);

  it('posts { type, ...payload } as JSON and sends the nativeMobileApp platform header', () => {
    bridge.postToNativeApp('LoggedOut');
    bridge.postToNativeApp('OAUTH_BUTTON_CLICK', { provider: 'linkedin' });
    expect(posted).toEqual(['{"type":"LoggedOut"}', '{"type":"OAUTH_BUTTON_CLICK","provider":"linkedin"}']);
    expect(platformType()).toBe('nativeMobileApp');
  });

  it('asks for permissions once per signed-in user, again after a sign-out', () => {
    bridge.requestNativePermissionsOnce('ada');
    bridge.requestNativePermissionsOnce('ada');
    bridge.notifyNativeAppSignedOut();
    bridge.requestNativePermissionsOnce('ada');
    expect(posted).toEqual([
      '{"type":"REQUEST_PERMISSIONS"}',
      '{"type":"LoggedOut"}',
      '{"type":"REQUEST_PERMISSIONS"}',
    ]);
  });

  it('reads PUSH_TOKEN from a JSON string or an object and ignores anything else', () => {
    expect(bridge.parseNativeAppMessage('{"type":"PUSH_TOKEN","token":"fcm:1","platform":"ios"}')).toEqual({
      type: 'PUSH_TOKEN',
      token: 'fcm:1',
      platform: 'ios',
    });
    expect(bridge.parseNativeAppMessage({ type: 'PUSH_TOKEN', token: 'fcm:1', platform: 'tv' })).toEqual({
      type: 'PUSH_TOKEN',
      token: 'fcm:1',
    });
    for (const data of ['not json', '{"type":"PUSH_TOKEN"}', { type: 'OTHER', token: 'x' }, 42, null])
      expect(bridge.parseNativeAppMessage(data)).toBeNull();
  });

  it('hears PUSH_TOKEN on window and on document, but not from another window', () => {
    const onPushToken = vi.fn();
    const stop = bridge.listenToNativeApp({ onPushToken });
    win.dispatchEvent(new MessageEvent('message', { data: '{"type":"PUSH_TOKEN","token":"on-window"}' }));
    doc.dispatchEvent(new MessageEvent('message', { data: '{"type":"PUSH_TOKEN","token":"on-document"}' }));
    const frame = new MessageChannel().port1;
    win.dispatchEvent(
      new MessageEvent('message', { data: '{"type":"PUSH_TOKEN","token":"from-frame"}', source: frame }),
    );
    win.dispatchEvent(
      new MessageEvent('message', {
        data: '{"type":"PUSH_TOKEN","token":"other-origin"}',
        origin: 'https://evil.test',
      }),
    );
    stop();
    win.dispatchEvent(new MessageEvent('message', { data: '{"type":"PUSH_TOKEN","token":"after-stop"}' }));
    expect(onPushToken.mock.calls.map(([message]) => (message as { token: string }).token)).toEqual([
      'on-window',
      'on-document',
    ]);
  });

  it('registers a PUSH_TOKEN for the signed-in user and keeps it to delete at sign-out', async () => {
    const stop = bridge.listenToNativeApp({
      onPushToken: (message) => void registerNativePushToken(message),
    });
    win.dispatchEvent(
      new MessageEvent('message', {
        data: '{"type":"PUSH_TOKEN","token":"fcm:device","platform":"android"}',
      }),
    );
    await settle();
    stop();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/push-tokens',
        body: { token: 'fcm:device', platform: 'android' },
      },
    ]);
    expect(bridge.storedPushToken()).toBe('fcm:device');
  });

  it('deletes the replaced token when the app hands over a new one', async () => {
    await registerNativePushToken({ type: 'PUSH_TOKEN', token: 'old' });
    await registerNativePushToken({ type: 'PUSH_TOKEN', token: 'new' });
    expect(calls.map((call) => `${call.method} ${JSON.stringify(call.body)}`)).toEqual([
      'POST {"token":"old"}',
      'POST {"token":"new"}',
      'DELETE {"token":"old"}',
    ]);
    expect(bridge.storedPushToken()).toBe('new');
  });

  it('deletes the stored token at sign-out', async () => {
    bridge.storePushToken('fcm:device');
    answerStatus = 204;
    await deleteNativePushToken();
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/push-tokens', body: { token: 'fcm:device' } }]);
    expect(bridge.storedPushToken()).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows the spec 8 message when the delete fails, and sign-out goes on', async () => {
    bridge.storePushToken('fcm:device');
    answerStatus = 500;
    await deleteNativePushToken();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Error while deleting Mobile pushtoken.' }),
    );
  });
});
