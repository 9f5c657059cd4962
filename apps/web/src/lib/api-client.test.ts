import { GENERIC_ERROR_MESSAGE } from '@commons/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show: toast } }));

/** A minimal browser window for the client: location, storage, matchMedia. */
function fakeWindow() {
  const storage = new Map<string, string>();
  return {
    location: new URL('http://commons.test/hub/northfield/'),
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    matchMedia: () => ({ matches: false }),
    addEventListener: () => undefined,
  };
}

const win = fakeWindow();
vi.stubGlobal('window', win);

type TRoute = (request: { url: string; init: RequestInit; headers: Headers }) => Response;
let routes: Record<string, TRoute[]> = {};
const calls: { url: string; headers: Headers; init: RequestInit }[] = [];

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Queues answers for a path (query string ignored); the last one repeats. */
function answer(path: string, ...responses: TRoute[]): void {
  routes[path] = responses;
}

vi.stubGlobal(
  'fetch',
  vi.fn((input: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({ url: input, headers, init });
    const path = input.split('?')[0] ?? input;
    const queue = routes[path];
    const route = queue?.length === 1 ? queue[0] : queue?.shift();
    if (route === undefined) throw new Error(`no answer for ${path}`);
    return Promise.resolve(route({ url: input, init, headers }));
  }),
);

const { apiRequest, startEarlyGet } = await import('./api-client');
const { session } = await import('./session');
const { registerNavigate } = await import('./navigation');
const { checkSessionToken } = await import('./use-session-timer');
const { setRequestScopeReader, BrowserOnlyRead } = await import('./request-scope');
const { createQueryClient } = await import('./query-client');
const navigate = vi.fn();

function tokenExpiringAt(expiresAt: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ expiresAt })}.sig`;
}

beforeAll(() => registerNavigate(navigate));
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let consoleError = vi.spyOn(console, 'error');

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  routes = {};
  calls.length = 0;
  toast.mockClear();
  navigate.mockClear();
  session.clear();
  session.setCurrentHub(null);
  session.setStandardSignupEnabled(true);
  win.location = new URL('http://commons.test/hub/northfield/');
});

describe('request headers (spec 7)', () => {
  it('sends the bearer token, the hub of the path, the platform and cookies; arrays as key[]', async () => {
    session.start('token-1');
    answer('/api/things', () => json(200, { ok: true }));
    await apiRequest('/api/things', { query: { ids: ['1', '2'] } });
    const [call] = calls;
    expect(call?.headers.get('authorization')).toBe('Bearer token-1');
    expect(call?.headers.get('x-hub-id')).toBe('northfield');
    expect(call?.headers.get('x-platform')).toBe('desktop');
    expect(call?.init.credentials).toBe('include');
    expect(call?.url).toBe('/api/things?ids%5B%5D=1&ids%5B%5D=2');
  });

  it('takes the hub from the session on cluster pages', async () => {
    win.location = new URL('http://commons.test/inbox');
    session.setCurrentHub('riverside');
    answer('/api/things', () => json(200, {}));
    await apiRequest('/api/things');
    expect(calls[0]?.headers.get('x-hub-id')).toBe('riverside');
  });

  it('stores the token of the x-access-token response header', async () => {
    session.start('old');
    answer('/api/things', () => json(200, {}, { 'x-access-token': 'new' }));
    await apiRequest('/api/things');
    expect(session.getToken()).toBe('new');
  });
});

describe('early GET (issue #17 item 7)', () => {
  it('is taken by the request for the same path, query and hub, once', async () => {
    session.start('token-1');
    answer(
      '/api/feed',
      () => json(200, { items: ['early'] }),
      () => json(200, { items: ['late'] }),
    );
    startEarlyGet('/api/feed', { hubId: 'northfield', query: { cursor: undefined } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token-1');
    expect(calls[0]?.headers.get('x-hub-id')).toBe('northfield');
    expect(await apiRequest('/api/feed', { hubId: 'northfield' })).toEqual({ items: ['early'] });
    expect(calls).toHaveLength(1);
    // Taken once: the next request asks again.
    expect(await apiRequest('/api/feed', { hubId: 'northfield' })).toEqual({ items: ['late'] });
    expect(calls).toHaveLength(2);
  });

  it('is not taken by a request of another hub, token or query', async () => {
    session.start('token-1');
    answer('/api/home', () => json(200, { n: 1 }));
    startEarlyGet('/api/home', { hubId: 'northfield' });
    await apiRequest('/api/home', { hubId: 'riverside' });
    await apiRequest('/api/home', { hubId: 'northfield', query: { tab: 'jobs' } });
    session.start('token-2');
    await apiRequest('/api/home', { hubId: 'northfield' });
    expect(calls).toHaveLength(4);
    expect(calls[3]?.headers.get('authorization')).toBe('Bearer token-2');
  });

  it('is asked again when the early request failed', async () => {
    session.start('token-1');
    answer(
      '/api/action-items',
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json(200, { items: [] }),
    );
    startEarlyGet('/api/action-items', { hubId: 'northfield' });
    expect(await apiRequest('/api/action-items', { hubId: 'northfield' })).toEqual({ items: [] });
    expect(calls).toHaveLength(2);
  });
});

describe('refresh after 401 / 403 token_expired (spec 8)', () => {
  it('refreshes once with the stored refresh flag and retries with the new token', async () => {
    session.start('expired');
    answer(
      '/api/things',
      () => json(401, { error: { code: 'unauthorized', message: 'no' } }),
      ({ headers }) => json(200, { seenToken: headers.get('authorization') }),
    );
    answer('/api/auth/token/refresh', () => json(200, { error: false, message: 'ok', token: 'fresh' }));
    await expect(apiRequest('/api/things')).resolves.toEqual({ seenToken: 'Bearer fresh' });
    expect(calls.map((c) => c.url)).toEqual(['/api/things', '/api/auth/token/refresh', '/api/things']);
  });

  it('refreshes after 403 token_expired but not after another 403', async () => {
    session.start('t');
    answer(
      '/api/a',
      () => json(403, { error: { code: 'token_expired', message: 'expired' } }),
      () => json(200, {}),
    );
    answer('/api/auth/token/refresh', () => json(200, { error: false, message: 'ok', token: 'fresh' }));
    await apiRequest('/api/a');
    answer('/api/b', () => json(403, { error: { code: 'forbidden', message: 'no' } }));
    await expect(apiRequest('/api/b')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(calls.filter((c) => c.url === '/api/auth/token/refresh')).toHaveLength(1);
  });

  it('does not refresh without the refresh flag', async () => {
    session.setToken('t');
    answer('/api/things', () => json(401, { error: { code: 'unauthorized', message: 'no' } }));
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/things']);
  });

  it.each(['magic_link', 'adminToken'])('does not refresh with %s in the URL', async (param) => {
    session.start('t');
    win.location = new URL(`http://commons.test/hub/northfield/?${param}=x`);
    answer('/api/things', () => json(401, { error: { code: 'unauthorized', message: 'no' } }));
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it('fails with the original error when the retry is refused again, refreshing only once', async () => {
    session.start('t');
    answer('/api/things', () => json(401, { error: { code: 'unauthorized', message: 'still no' } }));
    answer('/api/auth/token/refresh', () => json(200, { error: false, message: 'ok', token: 'fresh' }));
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401, message: 'still no' });
    expect(calls.filter((c) => c.url === '/api/auth/token/refresh')).toHaveLength(1);
  });

  it('signs out when the refresh answers token_invalid', async () => {
    session.start('t');
    win.location = new URL('http://commons.test/inbox');
    answer('/api/things', () => json(401, { error: { code: 'unauthorized', message: 'no' } }));
    answer('/api/auth/token/refresh', () =>
      json(401, { error: { code: 'token_invalid', message: 'reused' } }),
    );
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(session.getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true });
  });

  it('signs out when the refresh answers 401 with the refresh shape and token_invalid', async () => {
    session.start('t');
    win.location = new URL('http://commons.test/inbox');
    answer('/api/things', () => json(401, { error: { code: 'unauthorized', message: 'no' } }));
    answer('/api/auth/token/refresh', () =>
      json(401, { error: true, message: 'token_invalid', token: null }),
    );
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(session.getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true });
  });

  it('keeps the session when the refresh fails for another reason', async () => {
    session.start('t');
    answer('/api/things', () => json(401, { error: { code: 'unauthorized', message: 'no' } }));
    answer('/api/auth/token/refresh', () =>
      json(200, { error: true, message: 'refresh_failed', token: null }),
    );
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(session.getToken()).toBe('t');
  });
});

describe('404 (spec 8)', () => {
  it('goes to /404', async () => {
    answer('/api/things', () => json(404, { error: { code: 'not_found', message: 'gone' } }));
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 404 });
    expect(navigate).toHaveBeenCalledWith('/404', { replace: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('returns UNAUTHORIZED_CUSTOM as an error without leaving the page', async () => {
    answer('/api/things', () =>
      json(404, { error: { code: 'UNAUTHORIZED_CUSTOM', message: 'UNAUTHORIZED_CUSTOM' } }),
    );
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ code: 'UNAUTHORIZED_CUSTOM' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('generic error toast (spec 8)', () => {
  it("shows the response's user_message and logs the developer message", async () => {
    answer('/api/things', () =>
      json(409, { error: { code: 'conflict', message: 'dev detail', user_message: 'That name is taken.' } }),
    );
    await expect(apiRequest('/api/things')).rejects.toMatchObject({
      status: 409,
      userMessage: 'That name is taken.',
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'That name is taken.' }));
    expect(consoleError.mock.calls.flat().join(' ')).toContain('dev detail');
  });

  it('falls back to the generic message', async () => {
    answer('/api/things', () => json(500, { error: { code: 'internal_error', message: 'boom' } }));
    await expect(apiRequest('/api/things')).rejects.toBeTruthy();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: GENERIC_ERROR_MESSAGE }));
  });

  it('is suppressed on the sign-in page', async () => {
    win.location = new URL('http://commons.test/sign-in');
    answer('/api/things', () => json(500, { error: { code: 'internal_error', message: 'boom' } }));
    await expect(apiRequest('/api/things')).rejects.toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('session timer (spec 4 Session)', () => {
  const now = new Date('2030-01-01T12:00:00Z');

  it('clears an expired token and goes to /sign-in when standard signup is on', () => {
    session.start(tokenExpiringAt(now.getTime() - 1));
    win.location = new URL('http://commons.test/hub/northfield/');
    checkSessionToken(now);
    expect(session.getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true });
  });

  it('goes to / when standard signup is off', () => {
    session.setStandardSignupEnabled(false);
    session.start(tokenExpiringAt(now.getTime() - 1));
    checkSessionToken(now);
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('refreshes with GET /auth/refresh-token at 5 minutes or less to expiry', async () => {
    session.start(tokenExpiringAt(now.getTime() + 4 * 60_000));
    answer('/api/auth/refresh-token', () => json(200, { error: false, message: 'ok', token: 'renewed' }));
    checkSessionToken(now);
    await vi.waitFor(() => expect(session.getToken()).toBe('renewed'));
  });

  it('does nothing with more than 5 minutes left', () => {
    session.start(tokenExpiringAt(now.getTime() + 6 * 60_000));
    checkSessionToken(now);
    expect(calls).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('inside a server render (lib/request-scope.ts, docs/adr/0007)', () => {
  const scopeCalls: { url: string; headers: Headers }[] = [];
  const scope = {
    session: {
      token: 'server-token',
      hasRefreshFlag: true,
      currentHub: 'northfield',
      isStandardSignupEnabled: true,
    },
    queryClient: createQueryClient(),
    isWideViewport: false,
    pathname: '/inbox',
    fetch: (url: string, init: RequestInit) => {
      scopeCalls.push({ url, headers: new Headers(init.headers) });
      return Promise.resolve(
        url === '/api/missing' ? json(404, { error: { code: 'not_found' } }) : json(200, { ok: true }),
      );
    },
  };
  afterEach(() => setRequestScopeReader(() => undefined));

  it("reads in-process as the request's viewer, for its hub, and never as the browser", async () => {
    session.start('browser-token');
    setRequestScopeReader(() => scope);
    await expect(apiRequest('/api/inbox/threads')).resolves.toEqual({ ok: true });
    expect(scopeCalls.at(-1)?.headers.get('Authorization')).toBe('Bearer server-token');
    // The page is /inbox (no hub in its path): the hub the browser acts on.
    expect(scopeCalls.at(-1)?.headers.get('x-hub-id')).toBe('northfield');
    expect(calls).toHaveLength(0);
  });

  it('fails a missing read without going to /404 or a toast, and leaves files to the browser', async () => {
    setRequestScopeReader(() => scope);
    await expect(apiRequest('/api/missing')).rejects.toMatchObject({ status: 404 });
    expect(navigate).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    const before = scopeCalls.length;
    await expect(apiRequest('/api/audio', { isBlobResponse: true })).rejects.toBeInstanceOf(BrowserOnlyRead);
    expect(scopeCalls).toHaveLength(before);
  });
});
