import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { solidPng } from '../support/png';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
/** This run's badge, so it is told apart from the demo badges and earlier runs'. */
const TITLE = `Curious mind ${Date.now().toString(36)}`;

async function signOut(page: Page, firstName: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Account menu for ${firstName}`) }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await waitForPath(page, '/sign-in');
}

describe('badges (issue #18 item 5)', () => {
  it('the hub admin creates a badge, the student earns it by asking a question and sees it on their profile', async () => {
    const { page } = browser();
    try {
      // The admin screen: the demo badges, then a new one with an uploaded image.
      await signInWithForm(page, 'hubadmin@northfield.example.edu');
      await waitForPath(page, /^\/hub\/northfield\//);
      await page.goto('/hub/northfield/site-admin/badges');
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Badges' }).waitFor();
      const list = main.getByRole('list', { name: 'Badges of this hub' });
      await list.getByText('Conversation starter', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'badges admin');

      await main.getByRole('button', { name: 'Create badge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a badge' });
      await dialog.getByRole('button', { name: 'Create badge' }).click();
      await dialog.getByText('Enter a title.').waitFor();
      await dialog.getByText('Say what the badge is for.').waitFor();
      await expectNoAxeViolations(page, 'badge form with field errors');

      await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
      await dialog.getByRole('textbox', { name: 'Description' }).fill('You keep asking good questions.');
      await dialog.getByLabel('Image', { exact: true }).setInputFiles({
        name: 'medal.png',
        mimeType: 'image/png',
        buffer: solidPng({ size: 64, rgb: [212, 160, 23] }),
      });
      await dialog.getByRole('button', { name: 'Remove image' }).waitFor();
      await dialog.getByRole('textbox', { name: 'Earned for' }).click();
      await page.getByRole('option', { name: 'Questions asked' }).click();
      await dialog.getByRole('textbox', { name: 'How many it takes' }).fill('1');
      await dialog.getByRole('button', { name: 'Create badge' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await list.getByText(TITLE, { exact: true }).waitFor();
      await list.getByText('Earned for: 1 question').first().waitFor();
      await expectNoAxeViolations(page, 'badges admin with the new badge');
      await signOut(page, 'Hana');

      // The student asks a question: the badge modal (no other dialog is open).
      await signInWithForm(page, 'student@northfield.example.edu');
      await waitForPath(page, /^\/hub\/northfield\//);
      await page.goto('/discussion');
      await page.getByRole('heading', { level: 1, name: 'Discussions' }).waitFor();
      const question = `Which courses helped you most in your first job? ${Date.now()}`;
      await page.getByLabel('Your question').fill(question);
      await page.getByRole('button', { name: 'Post question' }).click();
      await page.getByRole('heading', { level: 1, name: question }).waitFor();
      const modal = page.getByRole('dialog', { name: 'You earned a badge' });
      await modal.getByRole('heading', { name: TITLE }).waitFor();
      await modal.getByText('You keep asking good questions.').waitFor();
      expect(await modal.locator('img').getAttribute('src')).toMatch(
        /^\/api\/rich-text\/images\/[a-f0-9]{32}$/,
      );
      const close = modal.getByRole('button', { name: 'Close', exact: true }).last();
      // The Close button takes the focus once the modal has opened (its transition, loaded on first use).
      await expect
        .poll(() => close.evaluate((element) => element === document.activeElement), { timeout: 30_000 })
        .toBe(true);
      await expectNoAxeViolations(page, 'badge modal');
      await close.click();
      await modal.waitFor({ state: 'hidden' });

      // The profile section badges lists it with the one the demo student had.
      await page.goto('/profile/me/');
      const section = page.getByRole('region', { name: 'Badges' });
      await section.getByText(TITLE, { exact: true }).waitFor();
      await section.getByText('Conversation starter', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'profile with badges');
    } finally {
      // Later spec files on this server should not meet this badge.
      const admin = await apiAs('hubadmin@northfield.example.edu');
      const { items } = await admin.call<{ items: Array<{ id: string; title: string }> }>(
        'GET',
        '/api/badges',
      );
      for (const badge of items.filter((b) => b.title === TITLE))
        await admin.call('DELETE', `/api/badges/${badge.id}`);
    }
  });
});
