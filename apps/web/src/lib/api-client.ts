/**
 * The one HTTP client of the web app (spec 7 'The calls it makes', spec 8 'The error catalogue').
 * Every request carries the bearer token, the hub header and the platform header and sends cookies
 * (the refresh token is an httpOnly cookie at /api/auth); responses update the token from the
 * x-access-token header; 401 / 403 token_expired refresh once and retry; 404 goes to /404; other
 * errors show the generic toast.
 */
import {
  AUTH_PATHS,
  endpointPath,
  ERROR_CODES,
  HEADERS,
  ZRefreshResponse,
  type TEndpoint,
  type TEndpointBody,
  type TEndpointParams,
  type TEndpointQuery,
  type TEndpointResponse,
  type TPlatformType,
} from '@commons/contract';
import { errorToastMessage, mayRefreshAfterError, refreshFailureOutcome } from '@commons/domain';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { hubIdentifierFromPath, paths } from '../config/paths';
import { ApiError } from './api-error';
import { endSession } from './end-session';
import { buildUrl, type TQuery } from './build-url';
import { isNativeApp } from './native-bridge';
import { navigateTo } from './navigation';
import { BrowserOnlyRead, IS_SERVER_BUNDLE, requestScope } from './request-scope';
import { session } from './session';

type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Options of one API call. */
export interface TRequestOptions<T> {
  method?: THttpMethod;
  query?: TQuery;
  body?: unknown;
  /** Response schema from @commons/contract; the body is parsed with it. */
  schema?: z.ZodType<T>;
  /** Hub for the x-hub-id header; defaults to the path's /hub/{identifier} or the session's hub. */
  hubId?: string | null;
  /** The page shows this error itself, so no generic toast. */
  isErrorToastSuppressed?: boolean;
  /** The caller handles 404 itself instead of the app going to /404. */
  isNotFoundHandled?: boolean;
  /** The answer is a file: resolve with its Blob instead of parsing JSON (downloads). */
  isBlobResponse?: boolean;
  signal?: AbortSignal;
}

/** Endpoints whose 401 means bad credentials or a dead session, never "refresh and retry". */
const NO_REFRESH_PATHS: readonly string[] = [
  AUTH_PATHS.signIn,
  AUTH_PATHS.signUp,
  AUTH_PATHS.signUpConfirm,
  AUTH_PATHS.signOut,
  AUTH_PATHS.magicLink,
  AUTH_PATHS.magicLinkVerify,
  AUTH_PATHS.refreshTimer,
  AUTH_PATHS.refreshAfterError,
  AUTH_PATHS.loginAsReturn,
];

/** The platform header value (spec 7): 'nativeMobileApp' inside the native app, 'pwa' when installed as an app, else 'desktop'. */
export function platformType(): TPlatformType {
  if (typeof window === 'undefined') return 'desktop';
  if (isNativeApp()) return 'nativeMobileApp';
  const isStandalone =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return isStandalone ? 'pwa' : 'desktop';
}

function hubHeaderValue(explicit: string | null | undefined): string | null {
  if (explicit !== undefined) return explicit;
  const pathname = requestScope()?.pathname ?? window.location.pathname;
  return hubIdentifierFromPath(pathname) ?? session.get().currentHub;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type TSendOptions = Pick<TRequestOptions<unknown>, 'method' | 'query' | 'body' | 'hubId' | 'signal'>;

/** The spec 7 headers of a request: platform, bearer token, hub, and the body's type. */
function requestHeaders(options: TSendOptions): Headers {
  const headers = new Headers({ Accept: 'application/json', [HEADERS.platform]: platformType() });
  const token = session.getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  const hubId = hubHeaderValue(options.hubId);
  if (hubId !== null) headers.set(HEADERS.hubId, hubId);
  const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
  // Multipart bodies (uploads) go as they are; the browser sets the boundary header.
  if (options.body !== undefined && !isFormData) headers.set('Content-Type', 'application/json');
  return headers;
}

/**
 * GET answers started before the code of their query had loaded (startEarlyGet), by URL, token and hub: the
 * first request for the same key takes the answer instead of asking again.
 */
const earlyGets = new Map<string, Promise<Response>>();
/** An early answer nobody took is dropped after this long (its data would be old). */
const EARLY_GET_TTL_MS = 10_000;

function earlyGetKey(url: string, headers: Headers): string {
  return [url, headers.get('Authorization') ?? '', headers.get(HEADERS.hubId) ?? ''].join('\n');
}

/**
 * Starts a GET now, for a request the app will make once the code that makes it has loaded (issue #17 item 7:
 * a route loader starts its page's reads while the page's chunk still downloads). The later request with the
 * same path, query and hub takes this answer; a failed early request is simply made again.
 */
export function startEarlyGet(path: string, options: Pick<TSendOptions, 'query' | 'hubId'> = {}): void {
  // A server render's loaders fetch in-process, and this map must not outlive the request.
  if (IS_SERVER_BUNDLE) return;
  const url = buildUrl(path, options.query);
  const headers = requestHeaders(options);
  const key = earlyGetKey(url, headers);
  if (earlyGets.has(key)) return;
  const response = fetchWithToken(url, { method: 'GET', headers, body: null, signal: null });
  // Never an unhandled rejection: the request that takes it falls back to its own fetch.
  response.catch(() => undefined);
  earlyGets.set(key, response);
  setTimeout(() => {
    if (earlyGets.get(key) === response) earlyGets.delete(key);
  }, EARLY_GET_TTL_MS);
}

/** Fetches and picks up a new token from the response header. */
async function fetchWithToken(
  url: string,
  init: { method: string; headers: Headers; body: BodyInit | null; signal: AbortSignal | null },
): Promise<Response> {
  const scope = requestScope();
  if (scope !== undefined) return scope.fetch(url, init);
  const response = await fetch(url, { ...init, credentials: 'include' });
  const headerToken = response.headers.get(HEADERS.accessToken);
  // A late answer must not bring back a session that was signed out meanwhile.
  if (headerToken !== null && headerToken !== '' && session.getToken() !== null)
    session.setToken(headerToken);
  return response;
}

/** Sends one request with the spec 7 headers (or takes its early answer, see startEarlyGet). */
async function send(path: string, options: TSendOptions): Promise<Response> {
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  const headers = requestHeaders(options);
  if (method === 'GET') {
    const key = earlyGetKey(url, headers);
    const early = earlyGets.get(key);
    if (early !== undefined) {
      earlyGets.delete(key);
      const response = await early.catch(() => null);
      if (response !== null) return response;
    }
  }
  const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let body: BodyInit | null = null;
  if (isFormData) body = options.body as FormData;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  return fetchWithToken(url, { method, headers, body, signal: options.signal ?? null });
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Refreshes the access token with the refresh cookie (spec 7): 'timer' calls GET /auth/refresh-token,
 * 'afterError' GET /auth/token/refresh. A 'token_invalid' answer signs the user out (spec 8). One
 * refresh runs at a time; concurrent callers share it. Resolves true when a new token was stored.
 */
export function refreshAccessToken(kind: 'timer' | 'afterError'): Promise<boolean> {
  if (refreshInFlight !== null) return refreshInFlight;
  const path = kind === 'timer' ? AUTH_PATHS.refreshTimer : AUTH_PATHS.refreshAfterError;
  refreshInFlight = (async () => {
    let failureCode: string | null = null;
    try {
      const response = await send(path, { method: 'GET' });
      const body = await readJson(response);
      // Both the refresh shape `{ error, message, token }` (on 200 or 401) and the error body count.
      const parsed = ZRefreshResponse.safeParse(body);
      if (response.ok && parsed.success && !parsed.data.error && parsed.data.token !== null) {
        session.setToken(parsed.data.token);
        return true;
      }
      failureCode = parsed.success ? parsed.data.message : ApiError.fromBody(response.status, body).code;
    } catch (error) {
      console.error('[session] token refresh failed', error);
      return false;
    } finally {
      refreshInFlight = null;
    }
    if (refreshFailureOutcome(failureCode) === 'signOut') endSession();
    return false;
  })();
  return refreshInFlight;
}

function errorCodeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body as { error: unknown };
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : null;
}

function reportError(options: {
  error: ApiError;
  method: string;
  path: string;
  isToastSuppressed: boolean;
}): void {
  const { error, method, path } = options;
  // A server render's failed read is fetched again by the browser, which reports it then.
  if (typeof window === 'undefined') return;
  console.error(`[api] ${method} ${path} answered ${error.status} ${error.code}: ${error.message}`);
  if (options.isToastSuppressed) return;
  // A module the hub turned off (403 `<module>_hidden`): its pages say Not available themselves (ModuleGate).
  if (error.status === 403 && error.code.endsWith('_hidden')) return;
  // spec 8: user_message, else the generic text; nothing on the sign-in page.
  const message = errorToastMessage({
    userMessage: error.userMessage,
    currentPath: window.location.pathname,
  });
  if (message === null) return;
  notifications.show({ id: `api-error-${error.code}`, color: 'red', title: 'Something went wrong', message });
}

async function request<T>(path: string, options: TRequestOptions<T>, isRetry: boolean): Promise<T> {
  const method = options.method ?? 'GET';
  const isToastSuppressed = options.isErrorToastSuppressed === true;
  if (options.isBlobResponse === true && requestScope() !== undefined) throw new BrowserOnlyRead(path);
  let response: Response;
  try {
    response = await send(path, options);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError({ status: 0, code: 'network_error', message: String(cause) });
    reportError({ error, method, path, isToastSuppressed });
    throw error;
  }
  if (response.ok && options.isBlobResponse === true) return (await response.blob()) as T;
  const body = await readJson(response);
  // A server render only reads: an error fails its query, and the browser's own request handles it after loading.
  if (!response.ok && requestScope() !== undefined) throw ApiError.fromBody(response.status, body);

  if (response.ok) {
    if (options.schema === undefined) return body as T;
    const parsed = options.schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const error = new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: `Response does not match the contract: ${parsed.error.message}`,
    });
    reportError({ error, method, path, isToastSuppressed });
    throw error;
  }

  const error = ApiError.fromBody(response.status, body);
  const mayRefresh =
    !isRetry &&
    !NO_REFRESH_PATHS.includes(path) &&
    mayRefreshAfterError({
      status: response.status,
      errorCode: errorCodeOf(body),
      hasRefreshFlag: session.get().hasRefreshFlag,
      url: window.location.href,
    });
  if (mayRefresh) {
    const isRefreshed = await refreshAccessToken('afterError');
    if (isRefreshed) return request(path, options, true);
    // spec 8: otherwise the request fails with the original error.
    throw error;
  }

  if (response.status === 404) {
    const isUnauthorizedCustom =
      error.code === ERROR_CODES.unauthorizedCustom || error.message === ERROR_CODES.unauthorizedCustom;
    // spec 8: 404 goes to /404, except UNAUTHORIZED_CUSTOM which is returned as an error.
    if (!isUnauthorizedCustom && options.isNotFoundHandled !== true)
      navigateTo(paths.notFound(), { replace: true });
    throw error;
  }

  reportError({ error, method, path, isToastSuppressed });
  throw error;
}

/** Downloads a file with the API headers (bearer token) and hands it to the browser under `fileName`. */
export async function apiDownload(path: string, fileName: string): Promise<void> {
  const blob = await request<Blob>(path, { isBlobResponse: true }, false);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Calls the API (spec 7, spec 8). Rejects with ApiError. */
export function apiRequest<T = unknown>(path: string, options: TRequestOptions<T> = {}): Promise<T> {
  return request(path, options, false);
}

/** What a call of a declared endpoint sends; parts the endpoint does not have cannot be given. */
export type TCallOptions<E extends TEndpoint> = (TEndpointParams<E> extends undefined
  ? { params?: undefined }
  : { params: TEndpointParams<E> }) &
  (TEndpointQuery<E> extends undefined ? { query?: undefined } : { query?: TEndpointQuery<E> }) &
  (E['consumes'] extends 'multipart/form-data'
    ? { body: FormData }
    : TEndpointBody<E> extends undefined
      ? { body?: undefined }
      : { body: TEndpointBody<E> | FormData }) &
  Pick<TRequestOptions<unknown>, 'hubId' | 'isErrorToastSuppressed' | 'isNotFoundHandled' | 'signal'>;

/**
 * Calls an endpoint declared in packages/contract (issue #15): its method, its path with the params
 * filled in, and its response schema (a Blob for file answers) come from the one declaration.
 */
export function callEndpoint<E extends TEndpoint>(
  endpoint: E,
  options: TCallOptions<E>,
): Promise<TEndpointResponse<E>> {
  const { params, query, body, ...rest } = options as TCallOptions<E> & {
    params?: Record<string, unknown>;
    query?: TQuery;
    body?: unknown;
  };
  return request<TEndpointResponse<E>>(
    endpointPath(endpoint.path, params),
    {
      ...rest,
      method: endpoint.method,
      ...(query === undefined ? {} : { query }),
      ...(body === undefined ? {} : { body }),
      // A 204 answers nothing to parse; another endpoint without a JSON schema answers a file.
      ...(endpoint.status === 204
        ? {}
        : endpoint.response === null
          ? { isBlobResponse: true }
          : { schema: endpoint.response as z.ZodType<TEndpointResponse<E>> }),
    },
    false,
  );
}
