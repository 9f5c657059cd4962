import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const CLUSTER_ADMIN = 'clusteradmin@example.edu';
const HUB_ADMIN = 'hubadmin@northfield.example.edu';
const STUDENT = 'student@northfield.example.edu';

describe('login as a member (issue #22 items 6-7)', () => {
  it('the hub admin logs in as the demo student, sees the banner, returns, and the audit log shows both', async () => {
    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Log in as a member' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/login-as');
    await main.getByRole('heading', { level: 1, name: 'Log in as a member' }).waitFor();
    await main.getByRole('list', { name: 'Members' }).waitFor();
    await expectNoAxeViolations(page, 'log in as a member');

    await main.getByRole('textbox', { name: 'Name or email' }).fill(STUDENT);
    await main.getByRole('button', { name: 'Search' }).click();
    const members = main.getByRole('list', { name: 'Members' });
    await members.getByText(STUDENT).waitFor();
    expect(await members.getByRole('listitem').count()).toBe(1);
    const studentName =
      (await members.getByRole('listitem').first().locator('p').first().textContent()) ?? '';
    expect(studentName).not.toBe('');
    await members.getByRole('button', { name: `Log in as ${studentName}` }).click();

    // The admin token is exchanged on load and leaves the address.
    await waitForPath(page, '/hub/northfield/home');
    const banner = page.getByRole('region', { name: 'Signed in as another member' });
    await banner.getByText(`You are signed in as ${studentName}`).waitFor();
    expect(page.url()).not.toContain('adminToken');
    expect(await banner.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'hub home while logged in as the student');
    // On every page: the inbox too.
    await page.goto('/inbox');
    await banner.getByText(`You are signed in as ${studentName}`).waitFor();

    // By keyboard: focus the button and press Enter.
    const returnButton = banner.getByRole('button', { name: 'Return to my account' });
    await returnButton.focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/hub/northfield/site-admin/login-as');
    await main.getByRole('heading', { level: 1, name: 'Log in as a member' }).waitFor();
    expect(await banner.count()).toBe(0);
    const me = await page.evaluate(async () => {
      const stored = JSON.parse(window.localStorage.getItem('commons.session') ?? '{}') as { token?: string };
      const response = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${stored.token ?? ''}` },
      });
      return (await response.json()) as { user: { email: string } };
    });
    expect(me.user.email).toBe(HUB_ADMIN);

    // The cluster admin reads both in the audit log: the hub admin, acting as the student.
    const clusterAdmin = await openBrowser();
    try {
      const adminPage = clusterAdmin.page;
      await signInWithForm(adminPage, CLUSTER_ADMIN);
      await waitForPath(adminPage, /^\/hub\//);
      await adminPage.goto('/hub/northfield/site-admin/audit-log');
      const adminMain = adminPage.getByRole('main');
      await adminMain.getByRole('textbox', { name: 'Action starts with' }).fill('login_as.');
      await adminMain.getByRole('button', { name: 'Show entries' }).click();
      const table = adminMain.getByRole('region', { name: 'Audit log entries' });
      const returned = table.getByRole('row').filter({ hasText: 'login_as.return' }).first();
      await returned.waitFor();
      expect(await returned.textContent()).toContain(HUB_ADMIN);
      expect(await returned.textContent()).toContain(`acting as ${studentName} (${STUDENT})`);
      const started = table.getByRole('row').filter({ hasText: 'login_as.start' }).first();
      expect(await started.textContent()).toContain(HUB_ADMIN);
      await expectNoAxeViolations(adminPage, 'audit log with login-as entries');
      expect(clusterAdmin.pageErrors).toEqual([]);
    } finally {
      await clusterAdmin.close();
    }
  });

  it('signing out while logged in as the student ends both sessions: nothing can bring the admin back', async () => {
    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/site-admin/login-as');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Name or email' }).fill(STUDENT);
    await main.getByRole('button', { name: 'Search' }).click();
    const members = main.getByRole('list', { name: 'Members' });
    await members.getByText(STUDENT).waitFor();
    await members.getByRole('button', { name: /^Log in as / }).click();
    await page.getByRole('region', { name: 'Signed in as another member' }).waitFor();

    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForPath(page, '/sign-in');
    // The admin's own session, kept aside for the return, was ended too: neither cookie restores anything.
    const statuses = await page.evaluate(async () => {
      const back = await fetch('/api/auth/login-as/return', {
        method: 'POST',
        headers: { 'x-platform': 'web' },
      });
      const refresh = await fetch('/api/auth/token/refresh');
      const refreshBody = (await refresh.json()) as { token?: string | null };
      return { back: back.status, refreshToken: refreshBody.token ?? null };
    });
    expect(statuses.back).toBe(401);
    expect(statuses.refreshToken).toBeNull();
  });
});
