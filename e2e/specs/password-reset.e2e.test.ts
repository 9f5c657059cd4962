import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { latestMail } from '../support/mail-catcher';
import { testServer } from '../support/test-server';

const browser = useBrowserPerTest();

/** A demo account no other spec signs in with, so changing its password holds nobody else back. */
const EMAIL = 'faculty@riverside.example.edu';
const NEW_PASSWORD = 'Reset-e2e-pass-7';

/** The newest password reset link mailed to `email`, as the local SMTP catcher received it. */
async function latestResetLink(email: string): Promise<URL> {
  const { match } = await latestMail(testServer().mailLog, {
    to: email,
    pattern: /https?:\/\/\S*reset-password\?token=\S+/,
  });
  return new URL(match[0]);
}

describe('password reset (issue #16 item 13)', () => {
  it('resets a forgotten password from the mailed link: the old password is refused, the new one works, the link works once', async () => {
    const { page } = browser();
    await page.goto('/hub/riverside/auth/sign-in');
    await page.getByRole('heading', { level: 1, name: /^Sign in to / }).waitFor();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('link', { name: 'Forgot password?' }).click();

    await waitForPath(page, '/hub/riverside/auth/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    // The email typed on the sign-in page comes along.
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL);
    await expectNoAxeViolations(page, 'forgot password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await page.getByText(`If an account exists for ${EMAIL}, we sent a link`).waitFor();
    await expectNoAxeViolations(page, 'reset link sent');

    const link = await latestResetLink(EMAIL);
    expect(link.pathname).toBe('/hub/riverside/auth/reset-password');
    // The mail names the server's public URL; open the same path on the origin under test.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByText(`For the account ${EMAIL}.`).waitFor();
    await expectNoAxeViolations(page, 'choose a new password');

    // A weak password: live feedback on each rule, and the field is focused with its error on submit.
    const password = page.getByLabel('New password');
    await password.fill('short');
    const status = page.locator('#password-rules [role="status"]');
    await expect.poll(() => status.textContent()).toMatch(/still needs: .*an uppercase letter, a digit/i);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    await expectNoAxeViolations(page, 'choose a new password with a field error');
    await password.fill(NEW_PASSWORD);
    await expect.poll(() => status.textContent()).toBe('All password requirements are met.');
    await page.getByRole('button', { name: 'Set new password' }).click();

    await waitForPath(page, '/hub/riverside/auth/sign-in');
    await page.getByText('Your password was reset').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL);
    await expectNoAxeViolations(page, 'sign-in after a password reset');

    // The old password no longer works.
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('The email or password is incorrect.').first().waitFor();

    // The new one does.
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, /^\/hub\/riverside\/(?!auth\/)/);

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'This reset link does not work' }).waitFor();
    await page.getByText('This password reset link was already used.').waitFor();
    await expectNoAxeViolations(page, 'used reset link');
  });

  it('answers an unknown email with the same confirmation', async () => {
    const { page } = browser();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByLabel('Email').fill('nobody-here@example.edu');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for nobody-here@example.edu, we sent a link to choose a new password.')
      .waitFor();
    // Focus moved from the form to the confirmation that replaced it.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
      'nobody-here@example.edu',
    );
    await expectNoAxeViolations(page, 'reset link sent to an unknown address');
  });
});
