import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { preloadSignedInShell } from './app/layouts/app-layout';
import { createAppRouter } from './app/router';
import { queryClient } from './lib/query-client';
import { session } from './lib/session';
import { decodeTokenPayload } from './lib/token-payload';
import { readServerRenderPayload, signalAppReady } from './server-render-payload';
import { assumeWideViewportForHydration, rememberViewportWidth } from './lib/wide-viewport';
import './app/global.css';

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element.');

// A page the server rendered (docs/adr/0007) comes with its reads and its loaders' answers: the first render
// in the browser then is the server's, and React adopts its HTML instead of drawing the page again.
const rendered = readServerRenderPayload();
// Hydrated only for the viewer this browser is signed in as: another tab may have signed out or in as someone else
// since the page was asked for. Otherwise the app draws the page anew over the server's.
const token = session.get().token;
const serverRender =
  rendered !== null && token !== null && decodeTokenPayload(token)?.sub === rendered.viewerId
    ? rendered
    : null;
if (serverRender !== null) {
  hydrate(queryClient, serverRender.queries);
  assumeWideViewportForHydration(serverRender.isWideViewport);
}
rememberViewportWidth();
const router = createAppRouter(
  serverRender === null ? undefined : { loaderData: serverRender.loaderData, actionData: null, errors: null },
);

/** When a hydrating page hands its held clicks over at the latest (server-render-payload.ts signalAppReady). */
const APP_READY_AT_THE_LATEST_MS = 10_000;

/**
 * Renders the app as a transition (issue #17 item 7): React splits the first render into short tasks instead of one
 * long task of the main thread (a phone's total blocking time). It starts once the router has loaded its first
 * page. RouterProvider reads the router's state when it renders and subscribes to changes only when it commits, so
 * a change in between, such as the first page's loaders finishing while the time-sliced render yields, would be
 * lost and the page would stay on its loading state (seen under Lighthouse).
 */
function renderApp(root: HTMLElement): void {
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (serverRender !== null) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
    // The page outlet signals once the page is hydrated; a first render without it (the app sends the viewer
    // elsewhere) must not leave the page's buttons held (public/start-app.js) either.
    const unsubscribe = router.subscribe(() => {
      unsubscribe();
      signalAppReady();
    });
    setTimeout(signalAppReady, APP_READY_AT_THE_LATEST_MS);
    return;
  }
  startTransition(() => {
    createRoot(root).render(app);
  });
  // The server's page, if any, is drawn anew: what it held goes to buttons about to be replaced.
  signalAppReady();
}

const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) resolve();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  }
});
// A server-rendered page is hydrated with the signed-in shell's code at hand: hydrating would otherwise suspend on
// it and leave the whole page inert until it arrives.
void Promise.all([routerReady, serverRender === null ? null : preloadSignedInShell()]).then(() =>
  renderApp(container),
);

// Installable app with an offline page (issue #16 item 19). Only the production build registers it: the dev
// server's module graph must never meet a service worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The offline page is unavailable: the service worker did not register.', error);
    });
  });
}
