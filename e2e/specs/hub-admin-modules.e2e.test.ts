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
type TExperiments = { experiments: Array<{ name: string; variant: string }> };
type THome = { sections: Array<{ key: string; kind: string }> };

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

/** The status and error code of a call the API may refuse. */
async function statusOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    const text = String(error);
    return `${/: (\d{3}) /.exec(text)?.[1] ?? '?'} ${/"code":"([a-z_]+)"/.exec(text)?.[1] ?? ''}`.trim();
  }
}

describe('hub admin modules and experiments (issue #22 items 1 and 6)', () => {
  it('Events turned off: the student loses its tab, its page says not available and its API refuses', async () => {
    const { page } = browser();
    const admin = await apiAs(ADMIN);
    const before = await admin.call<TModules>('GET', '/api/admin/modules');
    const student = await apiAs(STUDENT);
    expect(await statusOf(() => student.call('GET', '/api/events'))).toBe('ok');
    try {
      await openSiteAdmin(page, 'Modules', '/hub/northfield/site-admin/modules');
      const main = page.getByRole('main');
      const events = main.getByRole('switch', { name: 'Events' });
      expect(await events.isChecked()).toBe(true);
      await events.focus();
      await page.keyboard.press('Space');
      expect(await events.isChecked()).toBe(false);
      await main.getByRole('button', { name: 'Save modules' }).click();
      await page.getByText('Modules saved. Members see the new tabs now.').waitFor();
      // The admin who runs events still opens their page, under a notice that members do not see it.
      await page.goto('/events');
      await page.getByText('Turned off for members').waitFor();
      await page.getByRole('link', { name: 'Turn it on in Modules' }).waitFor();
      await expectNoAxeViolations(page, 'events turned off, opened by the admin who manages them');
      await signOut(page, 'Hana');

      // The server refuses the module's member API in the error shape (events_hidden) …
      expect(await statusOf(() => student.call('GET', '/api/events'))).toBe('403 events_hidden');
      // … while the admin who runs events still prepares them.
      expect(await statusOf(() => admin.call('GET', '/api/events'))).toBe('ok');

      await signInWithForm(page, STUDENT);
      await waitForPath(page, /^\/hub\/northfield\//);
      const tabs = await hubSectionNames(page);
      expect(tabs).toContain('Resources');
      expect(tabs).not.toContain('Events');
      // Its address opened directly: the not-available page, not a broken one.
      await page.goto('/events');
      await page.getByRole('heading', { level: 1, name: 'Not available' }).waitFor();
      await page.getByText('This section is not available in Northfield University').waitFor();
      await page.getByRole('link', { name: 'Go to the hub’s home' }).waitFor();
      await expectNoAxeViolations(page, 'events turned off, its page opened directly by the student');
    } finally {
      // Later spec files on this server meet the demo's modules whatever happened here.
      await admin.call('PUT', '/api/admin/modules', {
        modules: before.modules.map(({ id, isOn }) => ({ id, isOn })),
      });
    }
    expect(await statusOf(() => student.call('GET', '/api/events'))).toBe('ok');
  });

  it('the admin picks the home hero’s multi-card variant by keyboard on Features, and the student’s home follows', async () => {
    const { page } = browser();
    const admin = await apiAs(ADMIN);
    const student = await apiAs(STUDENT);
    const heroKind = async () =>
      (await student.call<THome>('GET', '/api/home')).sections.find((s) => s.key === 'heroBanner')?.kind;
    const before = await admin.call<TExperiments>('GET', '/api/admin/experiments');
    expect(before.experiments.find((e) => e.name === 'homepage-hero-section')?.variant).toBe('single-card');
    try {
      await openSiteAdmin(page, 'Features', '/hub/northfield/site-admin/features');
      const section = page.getByRole('region', { name: 'Experiments' });
      await section.getByRole('radiogroup', { name: 'Home hero section' }).waitFor();
      await expectNoAxeViolations(page, 'features page with its experiments');
      const single = section.getByRole('radio', { name: 'Single card' });
      expect(await single.isChecked()).toBe(true);
      // A radio group moves by the arrow keys.
      await single.focus();
      await page.keyboard.press('ArrowRight');
      expect(await section.getByRole('radio', { name: 'Multiple cards' }).isChecked()).toBe(true);
      await section.getByText('1 unsaved change').waitFor();
      await section.getByRole('button', { name: 'Save experiments' }).click();
      await page.getByText('Experiments saved. Members see the change now.').waitFor();
      expect(await section.getByRole('button', { name: 'Save experiments' }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page, 'features page after saving an experiment');
      expect(await heroKind()).toBe('cards');
    } finally {
      await admin.call('PATCH', '/api/admin/experiments', {
        variants: { 'homepage-hero-section': 'single-card' },
      });
    }
    expect(await heroKind()).toBe('banner');
  });
});
