/**
 * The browser session (spec 4 Session, spec 8): the access token kept in memory and in
 * localStorage with the refresh flag, the current hub, and whether standard signup is on (which
 * decides where sign-out goes). The refresh token itself is an httpOnly cookie the app never sees.
 */
import { PAGE_COOKIES } from '@commons/contract';
import { useSyncExternalStore } from 'react';
import { writePageCookie } from './page-cookies';
import { requestScope } from './request-scope';

/** What the session stores. */
export interface TSessionState {
  token: string | null;
  /** Set when the server issued a refresh cookie (spec 8: refresh only if a refresh-token flag is stored). */
  hasRefreshFlag: boolean;
  /** Identifier of the hub cluster pages act on (INTERPRETATION.md URLs). */
  currentHub: string | null;
  isStandardSignupEnabled: boolean;
}

const STORAGE_KEY = 'commons.session';

const EMPTY_STATE: TSessionState = {
  token: null,
  hasRefreshFlag: false,
  currentHub: null,
  isStandardSignupEnabled: true,
};

function readStorage(): TSessionState {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (raw === null) return EMPTY_STATE;
    const value = JSON.parse(raw) as Partial<TSessionState>;
    return {
      token: typeof value.token === 'string' && value.token !== '' ? value.token : null,
      hasRefreshFlag: value.hasRefreshFlag === true,
      currentHub: typeof value.currentHub === 'string' && value.currentHub !== '' ? value.currentHub : null,
      isStandardSignupEnabled: value.isStandardSignupEnabled !== false,
    };
  } catch {
    return EMPTY_STATE;
  }
}

function writeStorage(value: TSessionState): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private mode); the in-memory copy still works.
  }
}

let state: TSessionState = typeof window === 'undefined' ? EMPTY_STATE : readStorage();
// The current hub is also a cookie: a page the server renders asks for the hub this browser acts on
// (docs/adr/0007), or the browser's first render would differ from the server's.
if (typeof document !== 'undefined') writePageCookie(PAGE_COOKIES.currentHub, state.currentHub);
const listeners = new Set<() => void>();

function update(patch: Partial<TSessionState>): void {
  // A server render changes only its own request's session (a route loader may set the current hub).
  const scope = requestScope();
  if (scope !== undefined) {
    scope.session = { ...scope.session, ...patch };
    return;
  }
  const next = { ...state, ...patch };
  if (
    next.token === state.token &&
    next.hasRefreshFlag === state.hasRefreshFlag &&
    next.currentHub === state.currentHub &&
    next.isStandardSignupEnabled === state.isStandardSignupEnabled
  ) {
    return;
  }
  if (next.currentHub !== state.currentHub) writePageCookie(PAGE_COOKIES.currentHub, next.currentHub);
  state = next;
  writeStorage(state);
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    state = readStorage();
    for (const listener of listeners) listener();
  });
}

/** The session store: read and change the token, refresh flag and current hub. */
export const session: {
  get: () => TSessionState;
  getToken: () => string | null;
  setToken: (token: string) => void;
  start: (token: string) => void;
  clear: () => void;
  setCurrentHub: (currentHub: string | null) => void;
  setStandardSignupEnabled: (isStandardSignupEnabled: boolean) => void;
  subscribe: (listener: () => void) => () => void;
} = {
  /** The current state (a stable object until something changes); on the server, the rendered request's. */
  get: (): TSessionState => requestScope()?.session ?? state,
  /** The access token, or null when signed out. */
  getToken: (): string | null => session.get().token,
  /** Replaces the access token (from a refresh or the x-access-token response header). */
  setToken: (token: string): void => update({ token }),
  /** Starts a session after sign-in, sign-up or magic link: token plus the refresh flag. */
  start: (token: string): void => update({ token, hasRefreshFlag: true }),
  /** Forgets token and refresh flag; the current hub and signup setting stay for the next visit. */
  clear: (): void => update({ token: null, hasRefreshFlag: false }),
  /** Remembers the hub cluster pages act on. */
  setCurrentHub: (currentHub: string | null): void => update({ currentHub }),
  /** Remembers whether the current hub has standard signup on (spec 8 Sign-out). */
  setStandardSignupEnabled: (isStandardSignupEnabled: boolean): void => update({ isStandardSignupEnabled }),
  /** Subscribes to changes; returns the unsubscribe function. */
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The session state as React state. */
export function useSession(): TSessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
