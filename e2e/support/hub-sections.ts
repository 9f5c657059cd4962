import type { Page } from 'playwright-core';

/** The landmark of the hub's sections in the desktop header and in the phone's menu drawer. */
export const HUB_SECTIONS = 'Hub sections';

/**
 * Opens a hub section from the desktop header: its tab when it fits on the row, else from the More menu
 * (issue #16 item 14: the header is one row, the tabs that do not fit move into More).
 */
export async function openHubSection(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: HUB_SECTIONS });
  // Home always leads the row, so once it shows the hub's tabs are laid out.
  await nav.getByRole('link', { name: 'Home', exact: true }).waitFor();
  const tab = nav.getByRole('link', { name, exact: true });
  if ((await tab.count()) > 0) {
    await tab.click();
    return;
  }
  await nav.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}
