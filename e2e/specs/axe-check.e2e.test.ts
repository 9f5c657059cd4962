import { describe, expect, it } from 'vitest';
import { axeViolations, useBrowserPerTest } from '../support/browser';

const browser = useBrowserPerTest();

/**
 * The accessibility check every spec relies on (issue #2: axe-core, WCAG 2.2 AA): it finds and names WCAG
 * violations, and keeps to the WCAG rule sets (a best-practice rule alone does not fail a page).
 */
describe('the axe check of the E2E suite', () => {
  it('names WCAG violations, and finds none on a page whose only findings are best practices', async () => {
    const { page } = browser();
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>' +
        '<h1>Broken</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
        '<button type="button"></button></main></body></html>',
    );
    const found = await axeViolations(page);
    expect(found.map((violation) => violation.split(' ')[0])).toEqual(['button-name', 'image-alt']);
    expect(found[1]).toContain('img');

    // Two banners and a heading that skips a level: axe's best-practice rules, outside the WCAG tags.
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Fine</title></head><body>' +
        '<header>One</header><header>Two</header><main><h1>Fine</h1><h3>Skipped a level</h3></main></body></html>',
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});
