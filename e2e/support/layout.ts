import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoAxeViolations } from './browser';

/**
 * Layout faults a person sees on a small screen (issue #16 item 15), found systematically on the rendered
 * page instead of by looking: the page scrolling sideways (and the elements that stick out), and text cut
 * off by its box (a label wider or taller than a box that hides overflow, without an ellipsis that says so).
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = el.getAttribute('aria-label') ?? text;
      return `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className.split(' ')[0]}"` : ''}> "${name}"`;
    };
    const isVisible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden';
    };
    /** Inside a box that scrolls or clips sideways on purpose (a table wrapper, a tab strip, a carousel). */
    const isInScroller = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden' || overflowX === 'clip')
          return true;
      }
      return false;
    };

    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(
        `the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in ${width} px`,
      );
    }
    for (const el of document.querySelectorAll('main *, header *')) {
      if (!isVisible(el) || el.closest('[aria-hidden="true"]')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.right > width + 1 && !isInScroller(el)) {
        problems.push(`${describe(el)} sticks out to ${Math.round(rect.right)} px`);
        continue;
      }
      const isTextBox = el.matches(
        'button, a, label, h1, h2, h3, h4, th, [role="tab"], [role="menuitem"], [role="radio"], [class*="Badge-label"], [class*="Button-label"], [class*="Input-label"]',
      );
      if (!isTextBox || (el.textContent ?? '').trim() === '') continue;
      const style = getComputedStyle(el);
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      const cutX = clipsX && el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis';
      const cutY = clipsY && el.scrollHeight > el.clientHeight + 2;
      if (cutX || cutY) problems.push(`${describe(el)} is cut off (${cutX ? 'width' : 'height'})`);
    }
    return [...new Set(problems)];
  });
}

/**
 * Fails with the list of layout faults of the current page. It polls (expect.poll's 15 s): right after a resize
 * the shell still shows the desktop header until its next render, and a real fault stays, so it still fails.
 */
export async function expectCleanLayout(page: Page, label: string): Promise<void> {
  await expect
    .poll(() => layoutProblems(page), { message: `layout of ${label} (${page.url()})` })
    .toEqual([]);
}

/**
 * The page at a desktop size and a phone's: a clean layout (polled, as the shell swaps its header in a render
 * after the resize), axe clean, and a screenshot of each in /tmp to look at; then back to the suite's 1280 px.
 */
export async function expectCleanAtDesktopAndPhone(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expectCleanLayout(page, `${name} at ${size.width} px`);
    await expectNoAxeViolations(page, `${name} at ${size.width} px`);
    await page.screenshot({ path: `/tmp/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
