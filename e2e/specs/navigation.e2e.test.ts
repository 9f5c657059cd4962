import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectNoAxeViolations, waitForPath, useBrowserPerTest } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

describe('unknown and old addresses', () => {
  it('sends an unknown route to the 404 page', async () => {
    const { page } = browser();
    await page.goto('/no-such-page/at-all');
    await waitForPath(page, '/404');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Commons');
    await expectNoAxeViolations(page, '404');
  });

  it('rewrites an old link to its canonical form before the sign-in redirect', async () => {
    const { page } = browser();
    await page.goto('/advisers');
    await waitForPath(page, '/sign-in');
    expect(new URL(page.url()).searchParams.get('postLoginRedirect')).toBe('/advising/people');
  });

  it('explains a reply-by-email link that does not work, without signing in', async () => {
    const { page } = browser();
    await page.goto(`/email-response/${'0'.repeat(64)}`);
    await page.getByRole('heading', { level: 1, name: 'Reply' }).waitFor();
    await page.getByText('This reply link does not work').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/email-response/${'0'.repeat(64)}`);
    await expectNoAxeViolations(page, 'reply by email, dead link');
  });

  it('opens a group addressed under its hub at the group’s own address (spec 2 /hub/{id}/groups/{groupId})', async () => {
    const { page } = browser();
    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, /^\/hub\//);
    await page.goto('/hub/northfield/groups/northfield-entrepreneurs');
    await waitForPath(page, /^\/groups\/northfield-entrepreneurs\//);
    await page.getByRole('heading', { level: 1, name: 'Entrepreneurs Club' }).waitFor();
    await expectNoAxeViolations(page, 'group opened from its hub address');
  });

  it('shows the landing page to visitors', async () => {
    const { page } = browser();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(page, 'landing');
  });
});

describe('keyboard', () => {
  it('completes the sign-in form with Tab and Enter only', async () => {
    const { page } = browser();
    await page.goto('/sign-in');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    // The first Tab reaches the skip link, which is then visible.
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skipLink.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await skipLink.boundingBox();
    expect(box !== null && box.y >= 0).toBe(true);

    const activeLabel = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!(active instanceof HTMLInputElement)) return null;
        return active.labels?.[0]?.textContent?.replace('*', '').trim() ?? null;
      });
    const tabTo = async (label: string) => {
      for (let presses = 0; presses < 15; presses += 1) {
        if ((await activeLabel()) === label) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached the ${label} field`);
    };

    await tabTo('Email');
    await page.keyboard.type('alumni@northfield.example.edu');
    await page.keyboard.press('Tab');
    expect(await activeLabel()).toBe('Password');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');

    await waitForPath(page, '/hub/northfield/');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  });
});

describe('the personalised hub home (issue #18)', () => {
  it('shows the student their archetype tabs, the Explore sections with links, and switches tabs by keyboard', async () => {
    const { page } = browser();
    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Home tabs' });
    await tabs.waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      'Explorer',
      'Planner',
      'Adventurer',
      'Network',
      'Guide',
    ]);
    await tabs.getByRole('tab', { name: 'Explorer', selected: true }).waitFor();
    const eventsSection = page.getByRole('region', { name: 'Upcoming events' });
    const discussions = page.getByRole('region', { name: 'Latest discussions' });
    await eventsSection.getByRole('listitem').first().waitFor();
    await discussions.getByRole('listitem').first().waitFor();
    expect(await eventsSection.getByRole('link').count()).toBeGreaterThan(0);
    expect(await discussions.getByRole('link').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'hub home, Explore tab');

    await tabs.getByRole('tab', { name: 'Explorer' }).focus();
    await page.keyboard.press('ArrowRight');
    await waitForPath(page, '/hub/northfield/');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'discover');
    await tabs.getByRole('tab', { name: 'Planner', selected: true }).waitFor();
    await page.getByRole('region', { name: 'Upcoming events' }).getByRole('listitem').first().waitFor();
    await expectNoAxeViolations(page, 'hub home, Discover tab');

    const firstEvent = page
      .getByRole('region', { name: 'Upcoming events' })
      .getByRole('listitem')
      .first()
      .getByRole('link');
    const eventTitle = (await firstEvent.textContent()) ?? '';
    await firstEvent.click();
    await page.waitForURL((url) => url.pathname.includes('/events/'));
    await page.getByRole('heading', { level: 1, name: eventTitle }).waitFor();
  });

  it('shows the demo alumnus the donation banner on the Guide tab, its button leading to the giving form', async () => {
    const { page } = browser();
    await signInWithForm(page, 'alumni@northfield.example.edu');
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.goto('/hub/northfield/?tab=giveBack');
    const banner = page.getByRole('region', { name: 'Give back to Northfield University' });
    await banner.waitFor();
    // The in-app giving form records the pledge and links on to the payment page (issue #18 item 6).
    expect(await banner.getByRole('link', { name: 'Make a gift' }).getAttribute('href')).toBe(
      '/hub/northfield/give',
    );
    expect(await banner.locator('img').getAttribute('src')).toBe('/covers/campus.svg');
    await expectNoAxeViolations(page, 'home with the donation banner');
  });

  it('offers admins who may arrange the home a labelled arrangement of the tab that passes axe', async () => {
    const { page } = browser();
    await signInWithForm(page, 'clusteradmin@example.edu');
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.goto('/hub/northfield/?tab=network');
    await page.getByRole('tablist', { name: 'Home tabs' }).waitFor();
    await page.getByRole('button', { name: 'Arrange sections' }).click();
    const dialog = page.getByRole('dialog', { name: 'Arrange the Network tab' });
    await dialog.getByRole('checkbox', { name: 'People recommendation' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Move Hero banner up' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'arrange the home tab');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
