import type { Locator, Page } from 'playwright-core';

/**
 * Presses `key` until `target` has the keyboard focus, so a test proves the control is reachable without a
 * pointer; fails after `maxPresses`. The first check waits for `target` to exist.
 */
export async function pressUntilFocused(
  page: Page,
  key: string,
  target: Locator,
  maxPresses = 80,
): Promise<void> {
  for (let presses = 0; presses <= maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()} (${String(maxPresses)} presses)`);
}

/** Tabs forward to `target` (see pressUntilFocused). */
export function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  return pressUntilFocused(page, 'Tab', target, maxPresses);
}

/** Tabs to a text field and types into it, as a keyboard user does. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}
