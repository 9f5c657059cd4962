import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, type TBrowserSession } from '../support/browser';
import { testServer } from '../support/test-server';

interface TManifest {
  name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('installable app (issue #16 item 19)', () => {
  let session: TBrowserSession | null = null;
  afterEach(async () => {
    await session?.close();
    session = null;
  });

  it('links a web manifest whose icons (192, 256, 512 px, spec 9) are served as PNG', async () => {
    const baseUrl = testServer().baseUrl;
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const response = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const manifest = (await response.json()) as TManifest;
    expect(manifest).toMatchObject({ name: 'Commons', display: 'standalone', start_url: '/home' });
    const anySizes = manifest.icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(anySizes).toEqual(['192x192', '256x256', '512x512']);
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      const bytes = new Uint8Array(await image.arrayBuffer());
      // PNG signature, then the IHDR width in bytes 16–19.
      expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
      const width = new DataView(bytes.buffer).getUint32(16);
      expect(`${width}x${width}`).toBe(icon.sizes);
    }
  });

  it('shows the offline page when a page cannot load, and the app again once back online', async () => {
    session = await openBrowser({ serviceWorkers: 'allow' });
    const { page, context } = session;
    await page.goto('/sign-in');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Once the worker is active, pages loaded from then on go through it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.goto('/events');
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await expectNoAxeViolations(page, 'offline page');

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    // The app is back: a visitor asking for /events is sent to sign in.
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'You are offline' }).count()).toBe(0);
  });
});
