import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { HUB_SECTIONS } from '../support/hub-sections';
import { tabTo } from '../support/keyboard';
import { expectCleanLayout, layoutProblems } from '../support/layout';
import { signInWithForm } from '../support/sign-in';

/**
 * The app shell on a touch phone at 390×844 (the e2e-phone project; issue #16 items 14 and 15): the menu
 * drawer, and every page a student and a hub admin reach from it checked for sideways scrolling, cut-off
 * labels and axe violations.
 */
const browser = useBrowserPerTest();

const PHONE_HEIGHT = 844;

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Signs in and loads the hub home afresh, so the first Tab starts at the top of the page. */
async function signInAs(page: Page, email: string): Promise<void> {
  await signInWithForm(page, email);
  await waitForPath(page, /^\/hub\/northfield\//);
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
}

/** Waits until the page has its heading and no skeleton or loading status is left. */
async function settle(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="page-skeleton"], .mantine-Loader-root') === null &&
      document.fonts.status === 'loaded',
  );
}

/** Checks the current page as a person on a phone would meet it. */
async function checkPage(page: Page, label: string): Promise<void> {
  await settle(page).catch(async (error: unknown) => {
    await page
      .screenshot({ path: `/tmp/e2e-phone-${label.replace(/\W+/g, '-')}.png` })
      .catch(() => undefined);
    throw new Error(`${label} (${page.url()}) did not finish loading: ${String(error)}`);
  });
  await expectCleanLayout(page, label);
  await expectNoAxeViolations(page, `${label} on a phone`);
}

async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.waitFor();
  return drawer;
}

describe('app shell on a phone (issue #16 item 14)', () => {
  it('opens the menu drawer by keyboard and reaches the directory, whose first result is on the first screen', async () => {
    const { page } = browser();
    await signInAs(page, 'student@northfield.example.edu');
    const banner = await page.getByRole('banner').boundingBox();
    expect(banner?.height ?? 999).toBeLessThanOrEqual(64);

    // The skip link comes first, the menu button second.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await isFocused(menuButton)).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    // Escape closes the drawer and gives focus back to the button.
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(menuButton)).toBe(true);

    await page.keyboard.press('Enter');
    await drawer.waitFor();
    const sections = drawer.getByRole('navigation', { name: HUB_SECTIONS });
    const names = (await sections.getByRole('link').allTextContents()).map((name) => name.trim());
    expect(names).toEqual(
      expect.arrayContaining(['Home', 'Advisers', 'Network', 'Groups', 'Discussions', 'Career Paths']),
    );
    await drawer
      .getByRole('navigation', { name: 'Your hubs' })
      .getByRole('link', { name: 'Northfield University' })
      .waitFor();
    await drawer.getByRole('link', { name: 'Account settings' }).waitFor();
    await expectNoAxeViolations(page, 'phone menu drawer');

    await tabTo(page, drawer.getByRole('link', { name: 'Network' }));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/hub/northfield/person');
    await drawer.waitFor({ state: 'hidden' });
    // Exact names: the home page (still shown while the directory loads) has "People you may want to meet".
    await page.getByRole('heading', { level: 1, name: 'People', exact: true }).waitFor();
    const firstPerson = page.getByRole('list', { name: 'People', exact: true }).getByRole('listitem').first();
    await firstPerson.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await firstPerson.boundingBox();
    expect(box === null ? Infinity : box.y + box.height).toBeLessThanOrEqual(PHONE_HEIGHT);
    // Focus went to the new page, not back to the menu button.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await expectNoAxeViolations(page, 'directory on a phone');
  });
});

describe('every page on a phone (issue #16 item 15)', () => {
  it('the layout check sees a page that scrolls sideways and a cut-off label', async () => {
    const { page } = browser();
    await page.goto('/sign-in');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    await page.getByRole('main').evaluate((main) => {
      const wide = document.createElement('p');
      wide.style.width = '600px';
      wide.textContent = 'Too wide';
      const button = document.createElement('button');
      button.style.cssText = 'width: 40px; overflow: hidden; white-space: nowrap';
      button.textContent = 'A label much longer than its button';
      main.append(wide, button);
    });
    const problems = await layoutProblems(page);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^the page scrolls sideways/),
        '<p> "Too wide" sticks out to 616 px',
        '<button> "A label much longer than its button" is cut off (width)',
      ]),
    );
  });

  it("walks a student through every section of the menu and the account's pages: nothing scrolls sideways or is cut off", async () => {
    const { page } = browser();
    await signInAs(page, 'student@northfield.example.edu');
    await checkPage(page, 'hub home');

    const drawer = await openMenu(page);
    const links = drawer.getByRole('navigation', { name: HUB_SECTIONS }).getByRole('link');
    const sections = await links.evaluateAll((anchors) =>
      anchors.map((a) => ({
        name: (a.textContent ?? '').trim(),
        path: new URL((a as HTMLAnchorElement).href).pathname,
      })),
    );
    expect(sections.length).toBeGreaterThan(4);
    await page.keyboard.press('Escape');
    for (const section of sections) {
      const menu = await openMenu(page);
      await menu
        .getByRole('navigation', { name: HUB_SECTIONS })
        .getByRole('link', { name: section.name, exact: true })
        .click();
      await waitForPath(page, section.path);
      await checkPage(page, section.name);
    }

    for (const [label, path] of [
      ['inbox', '/inbox'],
      ['notifications', '/notifications'],
      ['account settings', '/preferences/account'],
      ['a group', '/groups/northfield-entrepreneurs/about'],
      ['a program', '/programs/northfield-mentoring/about'],
    ] as const) {
      await page.goto(path);
      await checkPage(page, label);
    }
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Your profile' }).click();
    await waitForPath(page, /^\/profile\//);
    await checkPage(page, 'my profile');
  });

  it('shows the terms, the privacy policy and the FAQ to visitors, not a coming-soon page', async () => {
    const { page } = browser();
    for (const [path, title] of [
      ['/terms', 'Terms of use'],
      ['/privacy', 'Privacy policy'],
      ['/faq', 'Frequently asked questions'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByText('coming soon').count()).toBe(0);
      await checkPage(page, title);
    }
    await page.getByRole('main').getByRole('link', { name: 'privacy policy' }).click();
    await waitForPath(page, '/privacy');
  });

  it("walks a hub admin through the admin pages: approvals, moderation and a group's management", async () => {
    const { page } = browser();
    await signInAs(page, 'hubadmin@northfield.example.edu');
    for (const [label, path] of [
      ['approvals', '/hub/northfield/site-admin/approvals'],
      ['moderation', '/hub/northfield/site-admin/moderation'],
      ['group management', '/manage-group/northfield-entrepreneurs'],
      ['program management', '/manage-program/northfield-mentoring'],
    ] as const) {
      await page.goto(path);
      await checkPage(page, label);
    }
  });
});
