/**
 * Single sign-on inside the native app (issue #24 item 8; spec 7): identity providers refuse to sign in inside a
 * webview, so the SSO button asks the app (OAUTH_BUTTON_CLICK) to run the round trip in its system browser and
 * waits for REACT_NATIVE_OAUTH_SUCCESS or REACT_NATIVE_OAUTH_FAILURE. Kept apart from native-bridge.ts, which
 * the app shell loads: only the lazy sign-in buttons need this.
 */
import { NATIVE_APP_MESSAGES, NATIVE_APP_OAUTH_ANSWERS, SSO_ERROR_MESSAGES } from '@commons/domain';
import { z } from 'zod';
import { onNativeAppMessage, postToNativeApp } from './native-bridge';

/**
 * SUCCESS names the address of this site the system browser came back to (the provider's redirect to our
 * callback, or where the callback sent it): the webview opens it and the sign-in ends as in a browser, through
 * /sso/complete. FAILURE may say why (cancelled, refused); without a message the provider's failure is shown.
 */
const ZNativeOAuthAnswer = z.discriminatedUnion('type', [
  z.object({ type: z.literal(NATIVE_APP_OAUTH_ANSWERS.success), url: z.string().min(1).max(8000) }),
  z.object({
    type: z.literal(NATIVE_APP_OAUTH_ANSWERS.failure),
    message: z.string().trim().min(1).max(500).optional().catch(undefined),
  }),
]);

export type TNativeOAuthOutcome =
  | { kind: 'success'; url: string }
  | { kind: 'failure'; message: string }
  /** Another sign-in already waits for the app: nothing was posted. */
  | { kind: 'inProgress' };

let isWaiting = false;

/**
 * Posts OAUTH_BUTTON_CLICK `{ providerId, providerKind, url, returnOrigin }` (url: the absolute start URL to open;
 * returnOrigin: where the app stops the system browser and answers) and settles with the app's answer. A SUCCESS
 * whose address is not on this site counts as a failure: the webview opens nothing else.
 */
export function signInThroughNativeApp(request: {
  providerId: string;
  providerKind: string;
  startUrl: string;
}): Promise<TNativeOAuthOutcome> {
  if (isWaiting) return Promise.resolve({ kind: 'inProgress' });
  isWaiting = true;
  const origin = window.location.origin;
  return new Promise<TNativeOAuthOutcome>((resolve) => {
    const stop = onNativeAppMessage((value) => {
      const answer = ZNativeOAuthAnswer.safeParse(value);
      if (!answer.success) return;
      stop();
      isWaiting = false;
      if (answer.data.type === NATIVE_APP_OAUTH_ANSWERS.failure) {
        resolve({ kind: 'failure', message: answer.data.message ?? SSO_ERROR_MESSAGES.provider_error });
        return;
      }
      const url = sameSiteUrl(answer.data.url, origin);
      resolve(
        url === null
          ? { kind: 'failure', message: SSO_ERROR_MESSAGES.token_invalid }
          : { kind: 'success', url },
      );
    });
    postToNativeApp(NATIVE_APP_MESSAGES.oauthButtonClick, {
      providerId: request.providerId,
      providerKind: request.providerKind,
      url: new URL(request.startUrl, origin).href,
      returnOrigin: origin,
    });
  });
}

/** The URL when it is an http(s) address of `origin`, else null. */
function sameSiteUrl(value: string, origin: string): string | null {
  try {
    const url = new URL(value, origin);
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
  } catch {
    return null;
  }
}
