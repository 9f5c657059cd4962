import type { DehydratedState } from '@tanstack/react-query';

/**
 * Sent on window once the app has taken a page over (its first commit): public/start-app.js then hands the clicks it
 * held to the app and drops <html data-app-starting>.
 */
export const APP_READY_EVENT = 'commons:app-ready';

let isAppReadySignalled = false;

/** Sends APP_READY_EVENT, once per page load. */
export function signalAppReady(): void {
  if (isAppReadySignalled) return;
  isAppReadySignalled = true;
  window.dispatchEvent(new Event(APP_READY_EVENT));
}

/** The id of the <script type="application/json"> a server-rendered page carries (entry-server.tsx). */
export const SERVER_RENDER_PAYLOAD_ID = 'commons-server-render';

/** What the browser needs to hydrate a server-rendered page: the query cache and the route loaders' answers. */
export interface TServerRenderPayload {
  queries: DehydratedState;
  /** Whom the page was rendered for (the access token's subject). */
  viewerId: string | null;
  /** The window width class the page was rendered for (lib/wide-viewport.ts). */
  isWideViewport: boolean;
  loaderData: Record<string, unknown>;
}

/** The payload of a server-rendered page, or null for a page the browser renders itself. */
export function readServerRenderPayload(): TServerRenderPayload | null {
  const element = document.getElementById(SERVER_RENDER_PAYLOAD_ID);
  if (element?.textContent == null) return null;
  try {
    return JSON.parse(element.textContent) as TServerRenderPayload;
  } catch {
    return null;
  }
}
