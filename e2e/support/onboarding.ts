import type { Page } from 'playwright-core';
import { latestMail } from './mail-catcher';
import { expectNoAxeViolations } from './browser';
import { testServer } from './test-server';

/**
 * Opens the confirmation link mailed after sign-up (read from the run's SMTP catcher) in the page: the
 * account is created and the hub's signup steps follow.
 */
export async function confirmSignUpFromMail(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
  const { match } = await latestMail(testServer().mailLog, {
    to: email,
    pattern: /https?:\/\/\S*\/create-account\/confirmation\?token=\S+/,
  });
  const link = new URL(match[0]);
  // The mail names the server's public URL; open the same path on the origin under test.
  await page.goto(`${link.pathname}${link.search}`);
}

/** The password signUpAsStudent gives a new account. */
export const NEW_MEMBER_PASSWORD = 'Commons-e2e-1';

/**
 * Fills the hub sign-up form as a new student (or another `userType` of the hub), then confirms the email
 * from the mailed link.
 */
export async function signUpAsStudent(
  page: Page,
  options: { hub: string; firstName: string; email: string; userType?: string },
): Promise<void> {
  await page.goto(`/hub/${options.hub}/signup`);
  await page.getByRole('button', { name: 'Create account' }).waitFor();
  await page.getByRole('radio', { name: options.userType ?? 'Student', exact: true }).check();
  await page.getByLabel('First name').fill(options.firstName);
  await page.getByLabel('Last name').fill('Endtoend');
  await page.getByLabel('Email').fill(options.email);
  await page.getByLabel('Password').fill(NEW_MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await confirmSignUpFromMail(page, options.email);
}

/** Walks the signup steps (spec 4 Signup), checking each with axe, and presses Finish. */
export async function passOnboarding(page: Page, options: { hubName: string }): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `Welcome to ${options.hubName}` }).waitFor();
  const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name }).waitFor();
  const next = () => page.getByRole('button', { name: 'Save and continue' }).click();

  await stepHeading('About you');
  await expectNoAxeViolations(page, 'signup step: about you');
  await page.getByLabel('Headline').fill('Biology student');
  await page.getByLabel('Location').fill('Riverside, USA');
  await next();

  await stepHeading('Schools and majors');
  await page.getByRole('textbox', { name: /^School/ }).fill(options.hubName);
  await page.getByLabel('Majors', { exact: true }).fill('Biology');
  await expectNoAxeViolations(page, 'signup step: schools');
  await next();

  await stepHeading('Work history');
  // The step can show before the previous save's disabled buttons settle (axe then sees their dimmed text).
  await page
    .waitForFunction(
      () => document.querySelector('button[data-disabled], button[data-loading]') === null,
      null,
      {
        timeout: 5000,
      },
    )
    .catch(() => undefined);
  await expectNoAxeViolations(page, 'signup step: work history');
  await next();

  await stepHeading('Interests and help');
  const firstChoice = page.getByRole('checkbox').first();
  if ((await page.getByRole('checkbox').count()) > 0) await firstChoice.check();
  await expectNoAxeViolations(page, 'signup step: interests');
  await next();

  await stepHeading('Finish');
  await page.getByRole('button', { name: 'Finish' }).click();
  // Done once the app leaves the signup steps for where the server sends the member. Callers' next step is
  // often a page.goto, which would abort the Finish request still in flight (seen once E2E ran on PostgreSQL).
  await page.waitForURL((url) => !/\/signup\/?$/.test(url.pathname));
}
