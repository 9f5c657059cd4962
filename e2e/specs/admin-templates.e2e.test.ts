import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const HUB_ADMIN = 'hubadmin@northfield.example.edu';
const STUDENT = 'student@northfield.example.edu';
const ALUMNUS = 'alumni@northfield.example.edu';

type TTemplates = {
  items: Array<{
    senderUserTypeId: string;
    recipientUserTypeId: string;
    templates: Array<{ title: string; body: string }>;
  }>;
  userTypes: Array<{ id: string; title: string }>;
};
type TGreeting = { isOn: boolean; senderUserId: string | null; body: string };

describe('outreach templates, auto-greeting and notification defaults (issue #22 item 1)', () => {
  it('the hub admin edits the student-to-alumni template (an empty title refused) and the student’s composer offers it; the greeting refuses an unfilled placeholder; axe on each page', async () => {
    const admin = await apiAs(HUB_ADMIN);
    const before = await admin.call<TTemplates>('GET', '/api/hub/outreach-templates');
    const typeId = (title: string) => before.userTypes.find((t) => t.title === title)?.id ?? '';
    const pair = { senderUserTypeId: typeId('Student'), recipientUserTypeId: typeId('Alumni') };
    const original =
      before.items.find(
        (set) =>
          set.senderUserTypeId === pair.senderUserTypeId &&
          set.recipientUserTypeId === pair.recipientUserTypeId,
      )?.templates ?? [];
    const greetingBefore = await admin.call<TGreeting>('GET', '/api/admin/auto-greeting');
    const title = `E2E coffee chat ${randomBytes(3).toString('hex')}`;
    const { page } = browser();
    const student = await openBrowser();
    try {
      await signInWithForm(page, HUB_ADMIN);
      await waitForPath(page, /^\/hub\/northfield\//);
      await page.goto('/hub/northfield/site-admin');
      const main = page.getByRole('main');
      await main.getByRole('link', { name: 'Outreach templates', exact: true }).click();
      await waitForPath(page, '/hub/northfield/site-admin/templates');
      await main.getByRole('heading', { level: 1, name: 'Outreach templates' }).waitFor();
      await main.getByRole('combobox', { name: 'Sender’s user type' }).selectOption({ label: 'Student' });
      await main.getByRole('combobox', { name: 'Recipient’s user type' }).selectOption({ label: 'Alumni' });
      const first = main.getByRole('group', { name: 'Template 1', exact: true });
      await first.waitFor();
      await expectNoAxeViolations(page, 'outreach templates');

      // A field message for an empty title, before anything is sent.
      const titleBox = first.getByRole('textbox', { name: 'Title' });
      await titleBox.fill('');
      await main.getByRole('button', { name: 'Save templates' }).click();
      await first.getByText('Enter a title.').waitFor();
      await titleBox.fill(title);
      await first
        .getByRole('textbox', { name: 'Message' })
        .fill(
          'Hi [add name], I am a Northfield student curious about [add company]. Could we talk for 30 minutes?',
        );
      // The preview marks what the sender must replace.
      await first.getByText('The sender must replace [add name], [add company] before sending.').waitFor();
      await main.getByRole('button', { name: 'Save templates' }).click();
      await page.getByText(/^Templates saved/).waitFor();

      // The student's composer to an alumnus offers it; sent as it is, the unfilled placeholder is refused.
      const alumnus = await apiAs(ALUMNUS);
      await signInWithForm(student.page, STUDENT);
      await waitForPath(student.page, /^\/hub\//);
      await student.page.goto(`/inbox?to=${alumnus.user.id}`);
      const dialog = student.page.getByRole('dialog', { name: 'New message' });
      await dialog.getByText('Alex Alumni').waitFor();
      await dialog.getByRole('combobox', { name: 'Start from a template' }).selectOption({ label: title });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByText(/^Please replace \[add name\], \[add company\]/).waitFor();

      // The auto-greeting: an unfilled placeholder is refused on the field; the preview fills the fields.
      await page.goto('/hub/northfield/site-admin/auto-greeting');
      await main.getByRole('heading', { level: 1, name: 'Auto-greeting' }).waitFor();
      const greeting = main.getByRole('textbox', { name: 'Greeting' });
      await greeting.fill('Welcome to [add school name], {first name}!');
      await main.getByRole('button', { name: 'Save auto-greeting' }).click();
      await main
        .getByText('Please replace [add school name] before saving: the greeting is sent as written.')
        .waitFor();
      await expectNoAxeViolations(page, 'auto-greeting with a field message');
      await greeting.fill('Hi {first name}, welcome to {hub name}!');
      await main
        .getByRole('group', { name: 'Preview for Alex Rivera' })
        .getByText(/^Hi Alex, welcome to Northfield/)
        .waitFor();

      await page.goto('/hub/northfield/site-admin/notification-defaults');
      await main.getByRole('heading', { level: 1, name: 'Notification defaults' }).waitFor();
      await main.getByRole('radio', { name: 'Once a day, in one digest' }).waitFor();
      await expectNoAxeViolations(page, 'notification defaults');
    } finally {
      await student.close();
      await admin.call('PUT', '/api/hub/outreach-templates', {
        ...pair,
        templates: original.map((t) => ({ title: t.title, body: t.body })),
      });
      await admin.call('PUT', '/api/admin/auto-greeting', {
        isOn: greetingBefore.isOn,
        senderUserId: greetingBefore.senderUserId,
        body: greetingBefore.body,
      });
    }
    // Cleaned up: the pair offers what it offered before.
    const after = await admin.call<TTemplates>('GET', '/api/hub/outreach-templates');
    const restored = after.items.find(
      (set) =>
        set.senderUserTypeId === pair.senderUserTypeId &&
        set.recipientUserTypeId === pair.recipientUserTypeId,
    );
    expect((restored?.templates ?? []).map((t) => t.title)).toEqual(original.map((t) => t.title));
  });
});
