import type { TOrganizationProfileFieldsResponse, TProfile } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { expectCleanLayout } from '../support/layout';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
/** The demo's organisation admin: acting admin of the Alumni Association, no hub right. */
const ORGANIZATION_ADMIN = 'faculty@northfield.example.edu';
/** An approved member of the Alumni Association. */
const MEMBER = 'alumni@northfield.example.edu';
/** A member of the hub, not of the Alumni Association. */
const NON_MEMBER = 'student@northfield.example.edu';
const ORGANIZATION = 'northfield-alumni-association';
const FIELDS_PAGE = `/hub/northfield/site-admin/organizations/${ORGANIZATION}/custom-fields`;
const FIELDS_API = `/api/admin/organizations/${ORGANIZATION}/profile-fields`;
const RUN = Date.now().toString(36);

describe('organisation custom fields (spec 6 Organisation admins: custom-fields; issue #22)', () => {
  it('faculty@ adds a field in the Alumni Association’s console; an alumnus answers it in the association’s block of their profile', async () => {
    const label = `E2E reunion year ${RUN}`;
    const admin = await apiAs(ORGANIZATION_ADMIN);
    const { page } = browser();
    try {
      await signInWithForm(page, ORGANIZATION_ADMIN);
      await waitForPath(page, /^\/hub\/northfield\//);
      await page.goto('/hub/northfield/site-admin');
      const main = page.getByRole('main');
      const organization = main.getByRole('region', { name: 'Alumni Association' });
      await organization.getByRole('link', { name: 'Custom fields', exact: true }).click();
      await waitForPath(page, FIELDS_PAGE);
      await main.getByRole('heading', { level: 1, name: 'Custom fields' }).waitFor();
      await main.getByText('Alumni Association', { exact: true }).waitFor();
      // The demo's fields, the chapter answered by the demo alumnus.
      await main
        .getByRole('listitem', { name: 'Chapter', exact: true })
        .getByText(/Single choice · Every user type · 1 answer/)
        .waitFor();
      await expectNoAxeViolations(page, 'organisation custom fields');

      await main.getByRole('button', { name: 'Add field' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a profile field' });
      await dialog.getByRole('textbox', { name: /^Label/ }).fill(label);
      await dialog.getByRole('combobox', { name: /^Kind of answer/ }).selectOption({ label: 'Number' });
      await expectNoAxeViolations(page, 'add an organisation field');
      await dialog.getByRole('button', { name: 'Add field' }).click();
      await page.getByText(`${label} saved.`).waitFor();
      await main
        .getByRole('listitem', { name: label, exact: true })
        .getByText(/Number · Every user type · 0 answers/)
        .waitFor();
      await expectNoAxeViolations(page, 'organisation custom fields after adding');
      await page.setViewportSize({ width: 390, height: 844 });
      await expectCleanLayout(page, 'phone organisation custom fields');

      const member = await openBrowser();
      try {
        await signInWithForm(member.page, MEMBER);
        await waitForPath(member.page, /^\/hub\//);
        await member.page.goto('/profile/me?hubId=northfield');
        const section = member.page.getByRole('region', { name: 'Additional information' });
        const block = section.getByRole('region', { name: 'Alumni Association' });
        await block.getByText(label, { exact: true }).waitFor();
        await block.getByText('Lakeside', { exact: true }).waitFor();
        await expectNoAxeViolations(member.page, 'profile with the organisation’s block');

        await block.getByRole('button', { name: 'Edit answers to Alumni Association questions' }).click();
        const form = block.getByRole('form', { name: 'Answers to Alumni Association questions' });
        await form.getByRole('textbox', { name: label }).fill('2031');
        await expectNoAxeViolations(member.page, 'organisation block editor');
        await form.getByRole('button', { name: 'Save' }).click();
        await form.waitFor({ state: 'detached' });
        await block.getByText('2031', { exact: true }).waitFor();
        await member.page.setViewportSize({ width: 390, height: 844 });
        await expectCleanLayout(member.page, 'phone profile with the organisation’s block');
      } finally {
        await member.close();
      }

      const listed = await admin.call<TOrganizationProfileFieldsResponse>('GET', FIELDS_API);
      expect(listed.items.find((item) => item.label === label)?.answerCount).toBe(1);
      // Someone outside the association is not asked it.
      const outsider = await apiAs(NON_MEMBER);
      const profile = await outsider.call<{ profile: TProfile }>('GET', '/api/profiles/me');
      expect(profile.profile.sections.customFields?.organizations ?? []).toEqual([]);
    } finally {
      const left = (await admin.call<TOrganizationProfileFieldsResponse>('GET', FIELDS_API)).items.find(
        (item) => item.label === label,
      );
      if (left) await admin.call('DELETE', `${FIELDS_API}/${left.id}`);
    }
  });
});
