/**
 * The bridge to the native app that hosts the web app in a react-native-webview (spec 7 'Native app
 * bridge messages sent'; INTERPRETATION.md: posted to window.ReactNativeWebView when present, ignored
 * otherwise). Nothing here calls the API, so the API client can ask isNativeApp() for its platform header.
 */
import { ZPushPlatform, ZPushToken } from '@commons/contract';
import { NATIVE_APP_MESSAGES, NATIVE_APP_PUSH_TOKEN_MESSAGE } from '@commons/domain';
import { z } from 'zod';

declare global {
  interface Window {
    /** Injected by react-native-webview into the pages it shows. */
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

/** A message the web app sends to the native app. */
export type TNativeAppMessageType = (typeof NATIVE_APP_MESSAGES)[keyof typeof NATIVE_APP_MESSAGES];

/** True inside the native app: its webview gave the page a way to post to it. */
export function isNativeApp(): boolean {
  return typeof window !== 'undefined' && typeof window.ReactNativeWebView?.postMessage === 'function';
}

/** Posts `{ type, ...payload }` as JSON to the native app; does nothing in a browser. */
export function postToNativeApp(
  type: TNativeAppMessageType,
  payload: Record<string, unknown> & { type?: never } = {},
): void {
  if (!isNativeApp()) return;
  try {
    window.ReactNativeWebView?.postMessage(JSON.stringify({ type, ...payload }));
  } catch (error) {
    // The app must go on working even when the native side refuses a message.
    console.error(`[native app] could not post ${type}`, error);
  }
}

/** The device push token the native app hands over; it may name its platform. */
const ZPushTokenMessage = z.object({
  type: z.literal(NATIVE_APP_PUSH_TOKEN_MESSAGE),
  token: ZPushToken,
  platform: ZPushPlatform.optional().catch(undefined),
});
export type TPushTokenMessage = z.infer<typeof ZPushTokenMessage>;

/** A message of the native app as a value: a JSON string parsed, an object as it is; undefined for bad JSON. */
function nativeMessageValue(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads a PUSH_TOKEN message of the native app (a JSON string, or an object); null for anything else. */
export function parseNativeAppMessage(data: unknown): TPushTokenMessage | null {
  const parsed = ZPushTokenMessage.safeParse(nativeMessageValue(data));
  return parsed.success ? parsed.data : null;
}

/**
 * react-native-webview delivers a native message as a 'message' event on the page itself (window on iOS,
 * document on Android), so it has no other window as its source. A message from a frame or another window
 * could otherwise register its own token for this account, or answer a sign-in in the app's place.
 */
function isFromNativeApp(event: Event): event is MessageEvent {
  if (!('data' in event)) return false;
  const { source, origin } = event as MessageEvent;
  const isPageItself = source === null || source === undefined || source === window;
  return isPageItself && (origin === '' || origin === undefined || origin === window.location.origin);
}

/**
 * Hands each message the native app sends (its value, JSON parsed) to `handle` until the answered function is
 * called; outside the native app it listens to nothing.
 */
export function onNativeAppMessage(handle: (value: unknown) => void): () => void {
  if (!isNativeApp()) return () => undefined;
  const listener = (event: Event) => {
    if (isFromNativeApp(event)) handle(nativeMessageValue(event.data));
  };
  window.addEventListener('message', listener);
  document.addEventListener('message', listener);
  return () => {
    window.removeEventListener('message', listener);
    document.removeEventListener('message', listener);
  };
}

/** Listens for the native app's messages while signed in: `onPushToken` gets each valid PUSH_TOKEN. */
export function listenToNativeApp(handlers: {
  onPushToken: (message: TPushTokenMessage) => void;
}): () => void {
  return onNativeAppMessage((value) => {
    const message = parseNativeAppMessage(value);
    if (message !== null) handlers.onPushToken(message);
  });
}

let permissionsRequestedFor: string | null = null;

/** Asks the native app for its permissions (push) once per signed-in user (spec 7 REQUEST_PERMISSIONS). */
export function requestNativePermissionsOnce(userId: string): void {
  if (!isNativeApp() || permissionsRequestedFor === userId) return;
  permissionsRequestedFor = userId;
  postToNativeApp(NATIVE_APP_MESSAGES.requestPermissions);
}

/** Tells the native app the user signed out (spec 7 LoggedOut); the next sign-in asks for permissions again. */
export function notifyNativeAppSignedOut(): void {
  permissionsRequestedFor = null;
  postToNativeApp(NATIVE_APP_MESSAGES.loggedOut);
}

const PUSH_TOKEN_STORAGE_KEY = 'commons.pushToken';

/** The push token this device registered, kept to delete it at sign-out. */
export function storedPushToken(): string | null {
  try {
    const token = window.localStorage.getItem(PUSH_TOKEN_STORAGE_KEY);
    return token === null || token === '' ? null : token;
  } catch {
    return null;
  }
}

export function storePushToken(token: string): void {
  try {
    window.localStorage.setItem(PUSH_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage can be full or disabled; the token is then only not deleted at sign-out.
  }
}

export function forgetPushToken(): void {
  try {
    window.localStorage.removeItem(PUSH_TOKEN_STORAGE_KEY);
  } catch {
    // As above.
  }
}
