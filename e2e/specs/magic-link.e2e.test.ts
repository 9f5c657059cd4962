import { describe, expect, it } from 'vitest';
import { latestMail } from '../support/mail-catcher';
import { expectNoAxeViolations, waitForPath, useBrowserPerTest } from '../support/browser';
import { testServer } from '../support/test-server';

const browser = useBrowserPerTest();

/** The newest sign-in link mailed to `email`, as the local SMTP catcher received it. */
async function latestMagicLink(email: string): Promise<URL> {
  const { match } = await latestMail(testServer().mailLog, {
    to: email,
    pattern: /https?:\/\/\S*magic_link=\S+/,
  });
  return new URL(match[0]);
}

describe('magic link', () => {
  it('asks for a sign-in link, then signs in with it and drops the token from the address', async () => {
    const { page } = browser();
    await page.goto('/hub/riverside/auth/sign-in');
    await page.getByRole('heading', { level: 1, name: /^Sign in to / }).waitFor();
    await page.getByLabel('Email').fill('student@riverside.example.edu');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('a sign-in link is on its way').waitFor();
    await expectNoAxeViolations(page, 'sign-in with magic link sent');

    const link = await latestMagicLink('student@riverside.example.edu');
    // The mail names the server's public URL; open the same path on the origin under test.
    await page.goto(`${link.pathname}${link.search}`);
    await waitForPath(page, '/hub/riverside/');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    expect(new URL(page.url()).searchParams.has('magic_link')).toBe(false);

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'This sign-in link does not work' }).waitFor();
    await expectNoAxeViolations(page, 'used magic link');
  });
});
