import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

async function signOut(page: Page, firstName: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Account menu for ${firstName}`) }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await waitForPath(page, '/sign-in');
}

describe('feed and moderation (issue #7 items 5-6)', () => {
  it('an admin announces in the hub feed, a student reports it, a moderator hides it and it leaves the feed', async () => {
    const { page } = browser();
    const title = `Library opens late this week ${Date.now()}`;

    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    const feed = page.getByRole('region', { name: 'What’s new' });
    await feed.getByRole('article', { name: 'Welcome to the new term' }).waitFor();
    await expectNoAxeViolations(page, 'hub home with its feed');

    await page.getByRole('button', { name: 'Post an announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post an announcement' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('textbox', { name: 'Announcement' }).click();
    await page.keyboard.type('Open until 11pm from Monday to Thursday.');
    await expectNoAxeViolations(page, 'announcement dialog');
    await dialog.getByRole('button', { name: 'Post' }).click();
    await feed.getByRole('article', { name: title }).waitFor();
    await signOut(page, 'Hana');

    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    const announcement = page.getByRole('article', { name: title });
    await announcement.waitFor();
    await announcement.getByRole('button', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: 'Report this announcement' });
    await report.getByRole('radio', { name: 'Spam or advertising' }).check();
    await expectNoAxeViolations(page, 'report dialog');
    await report.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thank you. Our moderators will review this report.').waitFor();
    await signOut(page, 'Sam');

    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.getByRole('button', { name: /^Account menu for Hana/ }).click();
    await page.getByRole('link', { name: 'Moderation' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/moderation');
    const reported = page
      .getByRole('article', { name: 'Announcement by Hana Admin' })
      .filter({ hasText: title });
    await reported.waitFor();
    await expectNoAxeViolations(page, 'moderation queue');
    await reported.getByRole('button', { name: 'Hide' }).click();
    await page.getByText('Hidden. It no longer shows anywhere.').waitFor();
    await page.getByRole('tab', { name: 'Hidden' }).click();
    await page
      .getByRole('article', { name: 'Announcement by Hana Admin' })
      .filter({ hasText: title })
      .waitFor();

    await page.goto('/hub/northfield/');
    await page.getByRole('article', { name: 'Welcome to the new term' }).waitFor();
    if ((await page.getByRole('article', { name: title }).count()) !== 0)
      throw new Error('the hidden announcement is still in the feed');
  });
});
