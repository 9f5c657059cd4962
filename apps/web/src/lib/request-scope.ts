/**
 * What one server-side render of a page knows (issue #17 item 7, docs/adr/0007): the viewer's session, the query
 * client of that request, how to call the API in-process, and the page's address. The browser has none (every read
 * below answers undefined there); on the server, entry-server.tsx installs a reader backed by AsyncLocalStorage, so
 * the app's module-level session store, query client and API client act for the request being rendered and never
 * for another one rendered at the same time.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TSessionState } from './session';

export interface TRequestScope {
  session: TSessionState;
  queryClient: QueryClient;
  /** Calls the API for this viewer without leaving the server process. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Whether the page is rendered for a window at least 62em wide (lib/wide-viewport.ts). */
  isWideViewport: boolean;
  /** The page's path (the API client takes the hub from it, as from the browser's address). */
  pathname: string;
}

/**
 * True in the server bundle only (vite.config.ts defines it for `vite build --ssr`): the browser, the dev server
 * and the unit tests (which run in Node too) have one session and one query client.
 */
export const IS_SERVER_BUNDLE: boolean = import.meta.env.COMMONS_SERVER_BUNDLE === true;

/**
 * Thrown for a read a server render must leave to the browser: a file (an audio answer, a video) becomes a Blob
 * and an object URL, which exist only in the browser. The render shows such a read as loading, as the browser's
 * first render does, and the browser fetches it after hydrating.
 */
export class BrowserOnlyRead extends Error {
  constructor(path: string) {
    super(`${path} is read in the browser only`);
    this.name = 'BrowserOnlyRead';
  }
}

let readScope: () => TRequestScope | undefined = () => undefined;

/** The server's render installs its per-request scope here (entry-server.tsx); the browser never does. */
export function setRequestScopeReader(reader: () => TRequestScope | undefined): void {
  readScope = reader;
}

/** The scope of the page being rendered on the server, or undefined in the browser. */
export function requestScope(): TRequestScope | undefined {
  return readScope();
}
