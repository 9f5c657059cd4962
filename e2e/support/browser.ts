/**
 * A fresh browser context per test (its own cookies, storage and cache, so nothing leaks between tests) in one
 * headless Debian chromium per spec file, and the axe-core check every visited page must pass.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, expect, inject } from 'vitest';
import './provided-context';
import { testServer } from './test-server';

/** Debian's chromium (package `chromium`); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium's fake camera and microphone, allowed without asking: only for pages that record (video prompts);
 * the other specs keep a browser without devices (career stories explain that recording cannot start).
 */
const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** WCAG 2.2 AA rule sets (issue #2: axe-core finds no violation). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** An open browser with one page, plus what the page logged. */
export interface TBrowserSession {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Uncaught page errors (a test may assert there are none). */
  pageErrors: string[];
  close: () => Promise<void>;
}

/**
 * The spec file's chromium, launched on first use and closed after the file: a new context costs milliseconds
 * where a launch costs seconds, 60 times per run on a 2-core CI machine.
 */
let sharedBrowser: Promise<Browser> | null = null;
let sharedMediaBrowser: Promise<Browser> | null = null;
afterAll(async () => {
  const browsers = [sharedBrowser, sharedMediaBrowser];
  sharedBrowser = null;
  sharedMediaBrowser = null;
  for (const browser of browsers) if (browser) await (await browser).close();
});

function fileBrowser(media: 'none' | 'fake'): Promise<Browser> {
  if (media === 'fake') {
    sharedMediaBrowser ??= chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
    });
    return sharedMediaBrowser;
  }
  sharedBrowser ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return sharedBrowser;
}

/** A mid-size phone (the e2e-phone project): touch, a phone's screen and user agent. */
const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
} as const;

/**
 * Makes page.goto and page.reload also wait until the app has taken a server-rendered page over (public/start-app.js
 * marks <html data-app-starting> until then), as a person waits for a page to be ready: its buttons answer only from
 * then on (a click before is held and handed over, but typing into a field could be lost). A load that waits only
 * for the response (waitUntil 'commit') returns at once, to look at the page as the server sent it.
 */
function waitForAppOnLoad(page: Page): void {
  const appStarted = () =>
    page.waitForFunction(() => !document.documentElement.hasAttribute('data-app-starting'));
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await appStarted();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await appStarted();
    return response;
  };
}

/**
 * Opens a fresh context (a clean profile: no cookies, storage or cache) and a page on the server's base URL.
 * The app's service worker is blocked unless asked for: page.route() cannot see requests a service worker
 * handles, and only the offline-page test needs it. `media: 'fake'` opens it in the browser with a fake camera.
 */
export async function openBrowser(
  options: { serviceWorkers?: 'allow' | 'block'; media?: 'none' | 'fake' } = {},
): Promise<TBrowserSession> {
  const baseUrl = testServer().baseUrl;
  const context = await (
    await fileBrowser(options.media ?? 'none')
  ).newContext({
    baseURL: baseUrl,
    ...(inject('device') === 'phone' ? PHONE_CONTEXT : { viewport: { width: 1280, height: 900 } }),
    locale: 'en-US',
    // The app drops its transitions for reduced motion, so axe never measures a half-faded dialog.
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  // Long enough for a loaded CI machine; a missing element still fails the test.
  context.setDefaultTimeout(30_000);
  context.on('page', waitForAppOnLoad);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return {
    context,
    page,
    baseUrl,
    pageErrors,
    close: () => context.close(),
  };
}

/**
 * The WCAG 2.2 AA violations axe finds on the current page, one readable entry each (rule, impact, elements).
 * Legacy mode runs axe in the page itself: the default opens a blank page per check to merge the results of
 * cross-origin frames, and ours hold only embedded videos whose content is the video host's. Only violations are
 * collected in full. Together they make a check about twice as fast (about 400 checks per run), same rules.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // options() before withTags(): options() replaces every option, the tags' runOnly among them.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join('\n'),
  );
}

/** Runs axe with the WCAG 2.2 AA tags on the current page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${label} (${page.url()})`).toEqual([]);
}

/**
 * Waits until the page's pathname is `pathname` (or matches it). On a timeout the error names where the page is
 * and what its first heading says, so a failure on CI tells which page the app went to (or stayed on) instead.
 */
export async function waitForPath(page: Page, pathname: string | RegExp): Promise<void> {
  try {
    await page.waitForURL((url) =>
      typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
    );
  } catch (error) {
    const heading = await page
      .locator('h1')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    throw new Error(
      `The page did not reach ${String(pathname)}: it is at ${page.url()} (first heading: ${heading ?? 'none'}).`,
      { cause: error },
    );
  }
}

/** The demo password of every demo account (issue #2 item 3). */
export const DEMO_PASSWORD = 'Commons-demo-1';

/**
 * A fresh browser for every test of the calling spec file, closed afterwards; a test fails when the page
 * threw an uncaught error. Returns the current test's session.
 */
export function useBrowserPerTest(): () => TBrowserSession {
  let session: TBrowserSession | null = null;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    if (!session) return;
    const pageErrors = [...session.pageErrors];
    await session.close();
    session = null;
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  });
  return () => {
    if (!session) throw new Error('useBrowserPerTest: no browser outside a test');
    return session;
  };
}
