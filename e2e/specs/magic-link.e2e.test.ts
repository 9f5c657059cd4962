import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectNoAxeViolations, waitForPath, useBrowserPerTest } from '../support/browser';

const browser = useBrowserPerTest();

const API_HEADERS = { 'content-type': 'application/json', 'x-platform': 'desktop' };

/** The newest sign-in link mailed to `email`, read from the dev outbox as the super admin. */
async function latestMagicLink(baseUrl: string, email: string): Promise<URL> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: API_HEADERS,
    body: JSON.stringify({ loginMethod: 'email', email: 'superadmin@example.edu', password: DEMO_PASSWORD }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const outbox = await fetch(`${baseUrl}/api/dev/outbox`, {
    headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
  });
  const { items } = (await outbox.json()) as { items: { to: string; text: string; createdAt: string }[] };
  const mail = items
    .filter((item) => item.to === email)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const link = /https?:\/\/\S*magic_link=\S+/.exec(mail?.text ?? '')?.[0];
  if (link === undefined) throw new Error(`no sign-in link was mailed to ${email}`);
  return new URL(link);
}

describe('magic link', () => {
  it('asks for a sign-in link, then signs in with it and drops the token from the address', async () => {
    const { page, baseUrl } = browser();
    await page.goto('/hub/riverside/auth/sign-in');
    await page.getByRole('heading', { level: 1, name: /^Sign in to / }).waitFor();
    await page.getByLabel('Email').fill('student@riverside.example.edu');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('a sign-in link is on its way').waitFor();
    await expectNoAxeViolations(page, 'sign-in with magic link sent');

    const link = await latestMagicLink(baseUrl, 'student@riverside.example.edu');
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
