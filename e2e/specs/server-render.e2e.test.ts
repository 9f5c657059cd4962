import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

/** The pages the server renders (plugins/web-app-html.ts ROUTE_MODULES) and a heading each shows. */
const PAGES = [
  { path: '/hub/northfield/', heading: /^Welcome, / },
  { path: '/hub/northfield/person', heading: 'People' },
  { path: '/inbox', heading: 'Inbox' },
  { path: '/profile/alumni-northfield/', heading: 'Alex Alumni' },
] as const;

/**
 * Loads a page with the app's entry held back, checks what the server sent as it is, clicks the account menu before
 * the app runs (public/start-app.js holds the click), then lets the app start and returns whether React adopted the
 * server's heading element (hydration) instead of drawing a new one.
 */
async function loadRenderedPage(page: Page, path: string, heading: string | RegExp): Promise<boolean> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const entry = /\/assets\/index-[^/]+\.js$/;
  await page.route(entry, async (route) => {
    await held;
    await route.continue();
  });
  const response = await page.goto(path, { waitUntil: 'commit' });
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  // The server's HTML alone: the page's content, accessible, before any script of the app ran.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-starting'));
  await expectNoAxeViolations(page, `${path} as the server sent it`);
  await page.evaluate(() => {
    (window as { serverHeading?: Element | null }).serverHeading = document.querySelector('h1');
  });
  // A click before the app runs is held, then handed to the app: the menu opens once it has started.
  const accountMenu = page.getByRole('button', { name: /^Account menu for / });
  await accountMenu.click();
  expect(await accountMenu.getAttribute('aria-expanded')).not.toBe('true');
  release();
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-app-starting'));
  await expect.poll(() => accountMenu.getAttribute('aria-expanded'), { timeout: 30_000 }).toBe('true');
  await accountMenu.click();
  await page.unroute(entry);
  return page.evaluate(
    () => document.querySelector('h1') === (window as { serverHeading?: Element | null }).serverHeading,
  );
}

describe('server-rendered pages (issue #17 item 7, docs/adr/0007)', () => {
  it('renders the four first pages on the server and hydrates them, on a desktop and on a phone', async () => {
    const session = await openBrowser();
    const { page } = session;
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      await signInWithForm(page, 'student@northfield.example.edu');
      await waitForPath(page, /^\/hub\/northfield\//);
      for (const size of [
        { width: 1280, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        for (const { path, heading } of PAGES) {
          // The header the server draws is the one for this width (the cookie the app keeps up to date).
          expect(await loadRenderedPage(page, path, heading), `${path} at ${size.width}px`).toBe(true);
          expect(await page.locator('header').first().isVisible()).toBe(true);
        }
      }
      // A hydration that differed from the server's HTML logs React error 418 or 419.
      expect(consoleErrors).toEqual([]);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('answers the app as before to a visitor and after signing out', async () => {
    const session = await openBrowser();
    const { page } = session;
    try {
      const visitor = await page.goto('/hub/northfield/');
      expect(await visitor?.text()).not.toContain('commons-server-render');
      await waitForPath(page, /\/sign-in$/);
      await signInWithForm(page, 'student@northfield.example.edu');
      await waitForPath(page, /^\/hub\/northfield\//);
      const signedIn = await page.goto('/inbox');
      expect(await signedIn?.text()).toContain('commons-server-render');
      // A browser that no longer holds the session (another tab signed out) gets the server's page drawn anew
      // and no button held: the app sends it to sign in (page.goto waits until the app has taken over).
      const stored = await page.evaluate(() => window.localStorage.getItem('commons.session'));
      await page.evaluate(() => window.localStorage.removeItem('commons.session'));
      const storageless = await page.goto('/inbox');
      expect(await storageless?.text()).toContain('commons-server-render');
      await waitForPath(page, /\/sign-in$/);
      await page.evaluate((value) => window.localStorage.setItem('commons.session', value ?? ''), stored);
      await page.goto('/inbox');
      await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await waitForPath(page, /\/sign-in$/);
      const cookies = await session.context.cookies();
      expect(cookies.map((cookie) => cookie.name)).not.toContain('commons_page_session');
      const after = await page.goto('/inbox');
      expect(await after?.text()).not.toContain('commons-server-render');
    } finally {
      await session.close();
    }
  });
});
