import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { HUB_SECTIONS } from '../support/hub-sections';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const ADMIN = 'hubadmin@northfield.example.edu';
const STUDENT = 'student@northfield.example.edu';

type TModules = { modules: Array<{ id: string; isOn: boolean }> };
type TBranding = { branding: Record<string, string | null> };

async function signOut(page: Page, firstName: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Account menu for ${firstName}`) }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await waitForPath(page, '/sign-in');
}

/** Opens one screen of Site administration as the hub admin, from the index. */
async function openSiteAdmin(page: Page, title: string, path: string): Promise<void> {
  await signInWithForm(page, ADMIN);
  await waitForPath(page, /^\/hub\/northfield\//);
  await page.goto('/hub/northfield/site-admin');
  await page.getByRole('main').getByRole('link', { name: title, exact: true }).click();
  await waitForPath(page, path);
  await page.getByRole('main').getByRole('heading', { level: 1, name: title }).waitFor();
}

/** The names of the hub's tabs in the desktop header, those in its More menu included. */
async function hubSectionNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: HUB_SECTIONS });
  await nav.getByRole('link', { name: 'Home', exact: true }).waitFor();
  const names = (await nav.getByRole('link').allTextContents()).map((name) => name.trim());
  const more = nav.getByRole('button', { name: 'More' });
  if ((await more.count()) > 0) {
    await more.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    names.push(...(await menu.getByRole('menuitem').allTextContents()).map((name) => name.trim()));
    await page.keyboard.press('Escape');
  }
  return names;
}

describe('hub branding and modules (issue #22 item 1)', () => {
  it('refuses a low-contrast brand colour with its ratio, then saves a good one that the app takes on', async () => {
    const { page } = browser();
    const admin = await apiAs(ADMIN);
    const before = await admin.call<TBranding>('GET', '/api/admin/branding');
    try {
      await openSiteAdmin(page, 'Branding', '/hub/northfield/site-admin/branding');
      await expectNoAxeViolations(page, 'branding page');
      const main = page.getByRole('main');
      const primary = main.getByRole('textbox', { name: 'Primary colour' });
      await primary.fill('#ffcc00');
      // The field says the ratio while typing, and Save refuses it with the ratio.
      await main.getByText('Contrast against white: 1.51:1, below the 4.50:1 needed.').waitFor();
      await main.getByRole('button', { name: 'Save branding' }).click();
      await main
        .getByText(
          'The contrast ratio against white is 1.51:1; it must be at least 4.50:1. Choose a darker colour.',
        )
        .waitFor();
      expect(await primary.getAttribute('aria-invalid')).toBe('true');
      await expectNoAxeViolations(page, 'branding page with the colour refused');

      await primary.fill('#1e3a8a');
      await main.getByText('Contrast against white: 10.36:1 (at least 4.50:1 needed).').waitFor();
      await main.getByRole('button', { name: 'Save branding' }).click();
      await page.getByText('Branding saved. The hub now shows your colours.').waitFor();
      // The app draws the hub's primary colour (Mantine's primary variables on the page's root).
      await expect
        .poll(() =>
          page.evaluate(() =>
            getComputedStyle(document.documentElement)
              .getPropertyValue('--mantine-color-indigo-filled')
              .trim(),
          ),
        )
        .toBe('#1e3a8a');
      const saved = await admin.call<TBranding>('GET', '/api/admin/branding');
      expect(saved.branding.primaryColor).toBe('#1e3a8a');
      await expectNoAxeViolations(page, 'branding page after saving');
    } finally {
      const { primaryColor, secondaryColor, logoUrl, bannerImageUrl } = before.branding;
      await admin.call('PUT', '/api/admin/branding', {
        primaryColor,
        secondaryColor,
        logoUrl,
        bannerImageUrl,
      });
    }
  });

  it('a module turned off leaves the student’s tabs and its page is not available; turned back on after', async () => {
    const { page } = browser();
    const admin = await apiAs(ADMIN);
    const before = await admin.call<TModules>('GET', '/api/admin/modules');
    const student = await apiAs(STUDENT);
    type THubAnswer = { hub: { activeModules: Array<{ id: string; isShown: boolean }> } };
    const resourcesTab = async () =>
      (await student.call<THubAnswer>('GET', '/api/hub')).hub.activeModules.find((m) => m.id === 'resources');
    // The demo student has the Resources tab to begin with.
    expect((await resourcesTab())?.isShown).toBe(true);
    try {
      await openSiteAdmin(page, 'Modules', '/hub/northfield/site-admin/modules');
      await expectNoAxeViolations(page, 'modules page');
      const main = page.getByRole('main');
      // Reordering works from the keyboard: Resources moves up one place and keeps the focus.
      const up = main.getByRole('button', { name: 'Move Resources up' });
      await up.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => up.evaluate((node) => node === document.activeElement)).toBe(true);
      // And off, with the keyboard too.
      const resources = main.getByRole('switch', { name: 'Resources' });
      expect(await resources.isChecked()).toBe(true);
      await resources.focus();
      await page.keyboard.press('Space');
      expect(await resources.isChecked()).toBe(false);
      await main.getByRole('button', { name: 'Save modules' }).click();
      await page.getByText('Modules saved. Members see the new tabs now.').waitFor();
      await expectNoAxeViolations(page, 'modules page after saving');
      await signOut(page, 'Hana');

      await signInWithForm(page, STUDENT);
      await waitForPath(page, /^\/hub\/northfield\//);
      const tabs = await hubSectionNames(page);
      expect(tabs).toContain('Events');
      expect(tabs).not.toContain('Resources');
      expect(await resourcesTab()).toBeUndefined();
      await page.goto('/resources');
      await page.getByRole('heading', { level: 1, name: 'Not available' }).waitFor();
      await page.getByText('This section is not available in Northfield University').waitFor();
      await expectNoAxeViolations(page, 'a module turned off, as the student');
    } finally {
      // Later spec files on this server meet the demo's modules whatever happened here.
      await admin.call('PUT', '/api/admin/modules', {
        modules: before.modules.map(({ id, isOn }) => ({ id, isOn })),
      });
    }
    const restored = await admin.call<TModules>('GET', '/api/admin/modules');
    expect(restored.modules.find((m) => m.id === 'resources')?.isOn).toBe(true);
  });
});
