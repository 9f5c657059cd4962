import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { HUB_SECTIONS } from '../support/hub-sections';
import { expectCleanLayout } from '../support/layout';
import { passOnboarding, signUpAsStudent } from '../support/onboarding';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

const PHONE = { width: 390, height: 844 };

describe('membership journeys (issue #16 items 4, 5, 6, 15)', () => {
  it('a pending member can open account settings, a hub admin approves them on a phone, and the first-time matching quiz follows on every page until finished', async () => {
    const { page } = browser();
    const email = `penny.${Date.now()}@northfield.example.edu`;
    await signUpAsStudent(page, { hub: 'northfield', firstName: 'Penny', email });
    await passOnboarding(page, { hubName: 'Northfield University' });
    await waitForPath(page, '/hub/northfield/pending-approval');

    // Item 6: account settings open instead of bouncing back; other pages still wait for approval.
    await page.goto('/preferences/account');
    await page.getByRole('heading', { level: 1, name: /account/i }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/preferences/account');
    await expectNoAxeViolations(page, 'account settings while pending');
    await page.goto('/inbox');
    await waitForPath(page, '/hub/northfield/pending-approval');
    await page.getByText(/email you at/).waitFor();

    // Item 15: the approvals page is a list of cards on a phone, its buttons on screen.
    const admin = await openBrowser();
    try {
      await admin.page.setViewportSize(PHONE);
      await signInWithForm(admin.page, 'hubadmin@northfield.example.edu');
      await admin.page.waitForURL((url) => url.pathname !== '/sign-in');
      await admin.page.goto('/hub/northfield/site-admin/approvals');
      await admin.page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
      const approve = admin.page.getByRole('button', { name: /^Approve Penny Endtoend/ });
      await approve.waitFor();
      const box = await approve.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      await expectCleanLayout(admin.page, 'approvals on a phone');
      await expectNoAxeViolations(admin.page, 'approvals on a phone');
      await admin.page.screenshot({ path: '/tmp/approvals-phone.png' });
      await approve.click();
      await admin.page.getByText('Penny Endtoend was approved.').waitFor();
    } finally {
      await admin.close();
    }

    // Item 4: once approved, every navigation leads to the first-time-user flow until it is finished.
    await page.goto('/hub/northfield/');
    await waitForPath(page, '/hub/northfield/signup/new/collect-preferences');
    await page.goto('/inbox');
    await waitForPath(page, '/hub/northfield/signup/new/collect-preferences');
    await page.getByRole('heading', { level: 1, name: 'What would you like to learn about?' }).waitFor();
    await expectNoAxeViolations(page, 'first-time preferences after approval');
    await page.getByRole('button', { name: 'Show my matches' }).click();
    await waitForPath(page, '/hub/northfield/signup/new/matching');
    await page.getByRole('button', { name: 'Finish' }).click();
    await waitForPath(page, /^\/hub\/northfield\/?(home)?$/);
    await page.goto('/inbox');
    await waitForPath(page, '/inbox');
  });

  it('a light user sees the reduced modules and a banner that leads to completing the profile', async () => {
    const { page } = browser();
    await signInWithForm(page, 'light@northfield.example.edu');
    const banner = page.getByTestId('light-account');
    await banner.waitFor();
    await banner.getByText('You have a light account').waitFor();
    await expectNoAxeViolations(page, 'light user home with banner');
    // Spec 6 reduced module set: what a light account can read, nothing that needs a full membership.
    const nav = page.getByRole('navigation', { name: HUB_SECTIONS });
    await nav.getByRole('link', { name: 'Home', exact: true }).waitFor();
    const shown = await nav.getByRole('link').allTextContents();
    expect(shown).toContain('Events');
    expect(shown).not.toContain('Inbox');
    expect(shown).not.toContain('Network');
    expect(await nav.getByRole('button', { name: 'More' }).count()).toBe(0);

    const directory = await page.goto('/hub/northfield/person');
    expect(directory?.status()).toBe(200);
    await page.getByText('People appear here once you complete your profile').waitFor();

    await page.getByTestId('light-account').getByRole('link', { name: 'Complete your profile' }).click();
    await waitForPath(page, '/hub/northfield/signup');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Northfield University' }).waitFor();
  });
});
