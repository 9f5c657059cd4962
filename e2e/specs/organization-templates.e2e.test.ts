import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
/** The demo's organisation admin: acting admin of the Alumni Association, no hub right. */
const ORGANIZATION_ADMIN = 'faculty@northfield.example.edu';
const ALUMNUS = 'alumni@northfield.example.edu';
const STUDENT = 'student@northfield.example.edu';
const ORGANIZATION = 'northfield-alumni-association';
const TEMPLATES_API = `/api/admin/organizations/${ORGANIZATION}/outreach-templates`;

type TTemplates = {
  items: Array<{
    senderUserTypeId: string;
    recipientUserTypeId: string;
    templates: Array<{ title: string; body: string }>;
  }>;
  userTypes: Array<{ id: string; title: string }>;
};
type TMembers = {
  items: Array<{ userId: string; email: string; userType: { title: string } | null }>;
};

describe('organisation message templates (spec 6 Organisation admins: templates; issue #22)', () => {
  it('faculty@ adds an Alumni → Alumni template to the Alumni Association; a member writing to a fellow member is offered it under the organisation’s name, a non-member is not; axe on each page', async () => {
    const admin = await apiAs(ORGANIZATION_ADMIN);
    const before = await admin.call<TTemplates>('GET', TEMPLATES_API);
    const alumniTypeId = before.userTypes.find((t) => t.title === 'Alumni')?.id ?? '';
    const pair = { senderUserTypeId: alumniTypeId, recipientUserTypeId: alumniTypeId };
    const original =
      before.items.find(
        (set) =>
          set.senderUserTypeId === pair.senderUserTypeId &&
          set.recipientUserTypeId === pair.recipientUserTypeId,
      )?.templates ?? [];
    // A fellow member of the association: another alumnus among its members.
    const members = await admin.call<TMembers>(
      'GET',
      `/api/admin/organizations/${ORGANIZATION}/members?limit=100`,
    );
    const fellow = members.items.find(
      (member) => member.email !== ALUMNUS && member.userType?.title === 'Alumni',
    );
    expect(fellow, 'a fellow alumnus in the Alumni Association').toBeDefined();
    const title = `E2E association hello ${randomBytes(3).toString('hex')}`;
    const { page } = browser();
    const alumnus = await openBrowser();
    try {
      await signInWithForm(page, ORGANIZATION_ADMIN);
      await waitForPath(page, /^\/hub\/northfield\//);
      await page.goto('/hub/northfield/site-admin');
      const main = page.getByRole('main');
      await main
        .getByRole('region', { name: 'Alumni Association' })
        .getByRole('link', { name: 'Message templates', exact: true })
        .click();
      await waitForPath(page, `/hub/northfield/site-admin/organizations/${ORGANIZATION}/templates`);
      await main.getByRole('heading', { level: 1, name: 'Message templates' }).waitFor();
      await main.getByRole('combobox', { name: 'Sender’s user type' }).selectOption({ label: 'Alumni' });
      await main.getByRole('combobox', { name: 'Recipient’s user type' }).selectOption({ label: 'Alumni' });
      // No set of the association for this pair yet: the empty state says its members get the hub's.
      await main.getByText('No templates of Alumni Association for this pair').waitFor();
      await expectNoAxeViolations(page, 'organisation message templates, empty pair');

      await main.getByRole('button', { name: 'Add a template' }).click();
      const first = main.getByRole('group', { name: 'Template 1', exact: true });
      await main.getByRole('button', { name: 'Save templates' }).click();
      await first.getByText('Enter a title.').waitFor();
      await first.getByRole('textbox', { name: 'Title' }).fill(title);
      await first
        .getByRole('textbox', { name: 'Message' })
        .fill('Hi [add name], fellow Alumni Association member here: shall we meet at the next reunion?');
      await first.getByText('The sender must replace [add name] before sending.').waitFor();
      await main.getByRole('button', { name: 'Save templates' }).click();
      await page.getByText(/^Templates saved: Alumni Association’s Alumni members/).waitFor();
      await main.getByRole('button', { name: 'Remove Alumni Association’s templates' }).waitFor();
      await expectNoAxeViolations(page, 'organisation message templates, saved');

      // A member writing to a fellow member: the association's template first, under its name.
      await signInWithForm(alumnus.page, ALUMNUS);
      await waitForPath(alumnus.page, /^\/hub\//);
      await alumnus.page.goto(`/inbox?to=${fellow?.userId ?? ''}`);
      const dialog = alumnus.page.getByRole('dialog', { name: 'New message' });
      const choose = dialog.getByRole('combobox', { name: 'Start from a template' });
      await choose.waitFor();
      const group = choose.locator('optgroup[label="Alumni Association"]');
      await expect(group.locator('option').allTextContents()).resolves.toEqual([title]);
      await choose.selectOption({ label: title });
      await dialog.getByText(/fellow Alumni Association member here/).waitFor();
      await dialog
        .getByText('A template of Alumni Association. Replace every part in [brackets] before sending.')
        .waitFor();
      await expectNoAxeViolations(alumnus.page, 'composer with an organisation template');

      // To the demo student, who is not in the association: no template of it.
      const student = await apiAs(STUDENT);
      await alumnus.page.goto(`/inbox?to=${student.user.id}`);
      const toStudent = alumnus.page
        .getByRole('dialog', { name: 'New message' })
        .getByRole('combobox', { name: 'Start from a template' });
      await toStudent.waitFor();
      expect(await toStudent.locator('optgroup[label="Alumni Association"]').count()).toBe(0);
    } finally {
      await alumnus.close();
      await admin.call('PUT', TEMPLATES_API, {
        ...pair,
        templates: original.map((t) => ({ title: t.title, body: t.body })),
      });
    }
    const after = await admin.call<TTemplates>('GET', TEMPLATES_API);
    const restored = after.items.find(
      (set) =>
        set.senderUserTypeId === pair.senderUserTypeId &&
        set.recipientUserTypeId === pair.recipientUserTypeId,
    );
    expect((restored?.templates ?? []).map((t) => t.title)).toEqual(original.map((t) => t.title));
  });
});
