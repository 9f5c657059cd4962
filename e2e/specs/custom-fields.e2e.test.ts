import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const HUB_ADMIN = 'hubadmin@northfield.example.edu';
const STUDENT = 'student@northfield.example.edu';
const RUN = Date.now().toString(36);

type TListed = { items: Array<{ id: string; label: string; isArchived: boolean; answerCount: number }> };

describe('custom profile fields (issue #22 item 1)', () => {
  it('the hub admin adds a paragraph field; the demo student fills it on their profile and sees it as paragraphs', async () => {
    // Its own field, archived at the end, so other specs' profiles stay as they are.
    const label = `E2E motto ${RUN}`;
    const admin = await apiAs(HUB_ADMIN);
    const { page } = browser();
    try {
      await signInWithForm(page, HUB_ADMIN);
      await waitForPath(page, /^\/hub\/northfield\//);
      await page.goto('/hub/northfield/site-admin');
      const main = page.getByRole('main');
      await main.getByRole('link', { name: 'Profile fields', exact: true }).click();
      await waitForPath(page, '/hub/northfield/site-admin/profile-fields');
      await main.getByRole('heading', { level: 1, name: 'Profile fields' }).waitFor();
      // The demo's fields, with the student's answers counted.
      await main
        .getByRole('listitem', { name: 'Career goals', exact: true })
        .getByText(/Paragraph · Student · 1 answer/)
        .waitFor();
      await expectNoAxeViolations(page, 'profile fields list');

      // A choice needs two options: the problem shows at the field before anything is sent.
      await main.getByRole('button', { name: 'Add field' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a profile field' });
      await dialog.getByRole('textbox', { name: /^Label/ }).fill(label);
      await dialog
        .getByRole('combobox', { name: /^Kind of answer/ })
        .selectOption({ label: 'Single choice' });
      await dialog.getByRole('textbox', { name: /^Options/ }).fill('Only one');
      await dialog.getByRole('button', { name: 'Add field' }).click();
      await dialog.getByText('Add at least two options.').waitFor();
      await expectNoAxeViolations(page, 'add profile field with a problem');

      await dialog.getByRole('combobox', { name: /^Kind of answer/ }).selectOption({ label: 'Paragraph' });
      await dialog.getByRole('textbox', { name: /^Help text/ }).fill('Two short paragraphs are plenty.');
      await dialog.getByRole('button', { name: 'Add field' }).click();
      await page.getByText(`${label} saved.`).waitFor();
      await main
        .getByRole('listitem', { name: label, exact: true })
        .getByText(/Paragraph · Every user type · 0 answers/)
        .waitFor();
      await expectNoAxeViolations(page, 'profile fields after adding');

      const student = await openBrowser();
      try {
        await signInWithForm(student.page, STUDENT);
        await waitForPath(student.page, /^\/hub\//);
        await student.page.goto('/profile/me?hubId=northfield');
        const section = student.page.getByRole('region', { name: 'Additional information' });
        const part = section.getByRole('region', { name: 'Community questions' });
        await part.getByText(label, { exact: true }).waitFor();
        await part.getByText('I would like to work in public health', { exact: false }).waitFor();
        await expectNoAxeViolations(student.page, 'profile with community questions');

        await part.getByRole('button', { name: 'Edit answers to community questions' }).click();
        const form = part.getByRole('form', { name: 'Answers to community questions' });
        await form.getByRole('textbox', { name: label }).fill('Be curious.\n\nBe kind.');
        await expectNoAxeViolations(student.page, 'community questions editor');
        await form.getByRole('button', { name: 'Save' }).click();
        await form.waitFor({ state: 'detached' });
        // Each paragraph of the answer is its own paragraph on the profile.
        await part.getByText('Be curious.', { exact: true }).waitFor();
        await part.getByText('Be kind.', { exact: true }).waitFor();
        await student.page.reload();
        await section.getByText('Be kind.', { exact: true }).waitFor();
      } finally {
        await student.close();
      }

      const listed = await admin.call<TListed>('GET', '/api/admin/profile-fields');
      expect(listed.items.find((item) => item.label === label)?.answerCount).toBe(1);
    } finally {
      const left = (await admin.call<TListed>('GET', '/api/admin/profile-fields')).items.find(
        (item) => item.label === label,
      );
      if (left && !left.isArchived)
        await admin.call('PATCH', `/api/admin/profile-fields/${left.id}`, { isArchived: true });
    }
  });
});
