import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const HUB_ADMIN = 'hubadmin@northfield.example.edu';

type TListed = {
  items: Array<{
    id: string;
    title: string;
    pluralTitle: string;
    memberCount: number;
    messageTypeSettings: Record<string, { maxMessages: number; headlineText: string }>;
  }>;
};

describe('user types editor (issue #22 item 1)', () => {
  it('the hub admin adds a user type, edits its plural title and a message type setting, sees them saved, and deletes it', async () => {
    // Its own user type, so other specs' demo data stays as it is.
    const title = `E2E Mentor ${randomBytes(3).toString('hex')}`;
    const admin = await apiAs(HUB_ADMIN);
    const { page } = browser();
    try {
      await signInWithForm(page, HUB_ADMIN);
      await waitForPath(page, /^\/hub\/northfield\//);
      await page.goto('/hub/northfield/site-admin');
      const main = page.getByRole('main');
      await main.getByRole('link', { name: 'User types', exact: true }).click();
      await waitForPath(page, '/hub/northfield/site-admin/user-types');
      await main.getByRole('heading', { level: 1, name: 'User types' }).waitFor();
      await main.getByRole('listitem', { name: 'Student', exact: true }).waitFor();
      // A type with members offers no Delete, and the page says why.
      expect(
        await main
          .getByRole('listitem', { name: 'Student', exact: true })
          .getByRole('button', { name: /Delete/ })
          .count(),
      ).toBe(0);
      await main.getByText('A user type that has members cannot be deleted').waitFor();
      await expectNoAxeViolations(page, 'user types list');

      // Add a type.
      await main.getByRole('button', { name: 'Add user type' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add a user type' });
      await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await dialog.getByRole('textbox', { name: 'Plural title' }).fill(`${title}s`);
      await expectNoAxeViolations(page, 'add user type');
      await dialog.getByRole('button', { name: 'Add user type' }).click();
      await page.getByText(`${title} saved.`).waitFor();
      const row = main.getByRole('listitem', { name: title, exact: true });
      await row.getByText(`Plural: ${title}s`).waitFor();
      // The edit confirms with the same words: this confirmation closes first (after 4 s), so the next one is the edit's.
      await page.getByText(`${title} saved.`).waitFor({ state: 'detached' });

      // Edit its plural title and the flash mentorship request limit.
      await row.getByRole('button', { name: `Edit ${title}` }).click();
      dialog = page.getByRole('dialog', { name: `Edit ${title}` });
      await dialog.getByRole('textbox', { name: 'Plural title' }).fill('Mentors of the week');
      await dialog.getByRole('tab', { name: 'Message types' }).click();
      await dialog.getByRole('button', { name: /^Flash mentorship/ }).click();
      const flash = dialog.getByRole('region', { name: /^Flash mentorship/ });
      const limit = flash.getByRole('textbox', { name: 'Request limit' });
      await limit.fill('5000');
      await dialog.getByRole('button', { name: 'Save user type' }).click();
      // Bounds are checked before anything is sent, on the field itself.
      await flash.getByText(/whole number from 0 to 1000/).waitFor();
      await limit.fill('4');
      await flash.getByRole('textbox', { name: 'Headline' }).fill('Ask me one quick question');
      await expectNoAxeViolations(page, 'edit user type message types');
      await dialog.getByRole('button', { name: 'Save user type' }).click();
      await page.getByText(`${title} saved.`).waitFor();
      await row.getByText('Plural: Mentors of the week').waitFor();

      // Saved: after a reload the form shows the new values, and the API has them.
      await page.reload();
      await main
        .getByRole('listitem', { name: title, exact: true })
        .getByRole('button', { name: `Edit ${title}` })
        .click();
      dialog = page.getByRole('dialog', { name: `Edit ${title}` });
      expect(await dialog.getByRole('textbox', { name: 'Plural title' }).inputValue()).toBe(
        'Mentors of the week',
      );
      await dialog.getByRole('tab', { name: 'Message types' }).click();
      await dialog.getByRole('button', { name: /^Flash mentorship/ }).click();
      expect(
        await dialog
          .getByRole('region', { name: /^Flash mentorship/ })
          .getByRole('textbox', { name: 'Request limit' })
          .inputValue(),
      ).toBe('4');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const saved = (await admin.call<TListed>('GET', '/api/admin/user-types')).items.find(
        (t) => t.title === title,
      );
      expect(saved?.pluralTitle).toBe('Mentors of the week');
      expect(saved?.messageTypeSettings['flashMentorship']).toMatchObject({
        maxMessages: 4,
        headlineText: 'Ask me one quick question',
      });

      // Nobody has it, so it can be deleted.
      await main
        .getByRole('listitem', { name: title, exact: true })
        .getByRole('button', { name: `Delete ${title}` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Delete this user type?' });
      await expectNoAxeViolations(page, 'delete user type');
      await confirm.getByRole('button', { name: `Delete ${title}` }).click();
      await page.getByText(`${title} deleted.`).waitFor();
      await main.getByRole('listitem', { name: title, exact: true }).waitFor({ state: 'detached' });
    } finally {
      const left = (await admin.call<TListed>('GET', '/api/admin/user-types')).items.find(
        (t) => t.title === title,
      );
      if (left) {
        await admin.call('DELETE', `/api/admin/user-types/${left.id}`).catch((error: unknown) => {
          if (!(error instanceof SyntaxError)) throw error; // 204 has no JSON body
        });
      }
    }
  });
});
