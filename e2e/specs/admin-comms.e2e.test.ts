import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const HUB_ADMIN = 'hubadmin@northfield.example.edu';
const EMPLOYER = 'employer@northfield.example.edu';
const STUDENT = 'student@northfield.example.edu';
const RUN = Date.now().toString(36);

describe('admin approvals and bulk messages (issue #22 items 2 and 3)', () => {
  it('the hub admin filters the approvals page and bulk approves two job posts the spec posted', async () => {
    const employer = await apiAs(EMPLOYER);
    const titles = [`Bulk lighthouse keeper ${RUN}`, `Bulk harbour pilot ${RUN}`];
    for (const title of titles) {
      const { post } = await employer.call<{ post: { approvalStatus: string } }>('POST', '/api/jobs', {
        jobFlow: 'job',
        title,
        organisation: 'Northfield Harbour Board',
        description: '<p>Summer work at the harbour.</p>',
        isRemote: true,
      });
      expect(post.approvalStatus).toBe('pending');
    }

    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await waitForPath(page, /^\/hub\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Approvals', exact: true }).click();
    await waitForPath(page, '/hub/northfield/site-admin/approvals');
    await main.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    for (const tab of ['Members', 'Job posts', 'Questions', 'Events'])
      await main.getByRole('tab', { name: tab }).waitFor();
    await expectNoAxeViolations(page, 'approvals, members');

    await main.getByRole('tab', { name: 'Job posts' }).click();
    // The job posts' own form: until the tab's navigation commits, the members' form is the one on screen.
    const filters = main.getByRole('form', { name: 'Filter job posts' });
    await filters.getByRole('textbox', { name: 'Search' }).fill(RUN);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const table = main.getByRole('table', { name: 'Job posts waiting for approval' });
    // The unfiltered list shows these two as well: wait for the filtered answer (a header and two rows).
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    for (const title of titles) await table.getByRole('link', { name: title }).waitFor();
    await expectNoAxeViolations(page, 'approvals, job posts filtered');

    await main.getByRole('checkbox', { name: 'Select all 2 shown' }).check();
    await main.getByRole('button', { name: 'Approve selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 2 job posts?' });
    for (const title of titles) await dialog.getByText(title).waitFor();
    await expectNoAxeViolations(page, 'bulk approve confirmation');
    await dialog.getByRole('button', { name: 'Approve 2' }).click();
    const results = main.getByTestId('bulk-results');
    await results.getByText('2 approved, 0 skipped').waitFor();
    for (const title of titles) await results.getByText(`${title}: Approved`).waitFor();
    await main.getByText('No job posts are waiting').waitFor();
    await expectNoAxeViolations(page, 'bulk approve results');
  });

  it('the hub admin previews and sends an announcement and a bulk email; the demo student reads the announcement', async () => {
    const subject = `Spring mentoring week ${RUN}`;
    const emailSubject = `Resume reviews open ${RUN}`;
    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await waitForPath(page, /^\/hub\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Bulk emails and announcements' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/messages');
    await main.getByRole('heading', { level: 1, name: 'Bulk emails and announcements' }).waitFor();
    await main.getByRole('region', { name: 'Sent and scheduled messages' }).waitFor();
    await expectNoAxeViolations(page, 'bulk messages');

    // An announcement to every member.
    await main.getByRole('radio', { name: 'Announcement' }).check();
    await main.getByRole('textbox', { name: 'Subject' }).fill(subject);
    const editor = main.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await page.keyboard.type('Meet a mentor this week: sign up on the programs page.');
    await main.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByText('Meet a mentor this week').waitFor();
    await preview.getByText(/^Goes to \d+ members$/).waitFor();
    await expectNoAxeViolations(page, 'announcement preview');
    await preview.getByRole('button', { name: /^Send to \d+$/ }).click();
    await page.getByText(new RegExp(`“${subject}” was sent to \\d+ members.`)).waitFor();
    const row = main.getByRole('row').filter({ hasText: subject });
    await row.waitFor();
    expect(await row.textContent()).toContain('Announcement');

    // A bulk email to students, with its delivery counts.
    await main.getByRole('radio', { name: 'Bulk email' }).check();
    await main.getByRole('textbox', { name: 'Subject' }).fill(emailSubject);
    await main.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('Alumni review resumes all week.');
    await main.getByLabel('User types').click();
    await page.getByRole('option', { name: 'Student', exact: true }).click();
    await page.keyboard.press('Escape');
    await main.getByRole('button', { name: 'Preview' }).click();
    await page
      .getByRole('dialog', { name: 'Preview' })
      .getByRole('button', { name: /^Send to \d+$/ })
      .click();
    const emailRow = main.getByRole('row').filter({ hasText: emailSubject });
    await emailRow.waitFor();
    const cells = await emailRow.getByRole('cell').allTextContents();
    // Type, audience, status, recipients, queued, sent, failed: every recipient is queued, sent or failed.
    const [recipients, queued, sent, failed] = cells.slice(3, 7).map((c) => Number.parseInt(c, 10));
    expect(recipients).toBeGreaterThan(0);
    expect((queued ?? 0) + (sent ?? 0) + (failed ?? 0)).toBe(recipients);
    await expectNoAxeViolations(page, 'bulk messages after sending');

    const student = await openBrowser();
    try {
      await signInWithForm(student.page, STUDENT);
      await waitForPath(student.page, /^\/hub\//);
      await student.page.goto('/hub/northfield/announcements');
      await student.page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
      await student.page.getByRole('heading', { level: 2, name: subject }).waitFor();
      await expectNoAxeViolations(student.page, 'announcements of the student');
      await student.page.getByRole('button', { name: `Mark “${subject}” read` }).click();
      await student.page
        .getByRole('button', { name: `Mark “${subject}” read` })
        .waitFor({ state: 'detached' });
    } finally {
      await student.close();
    }
  });
});
