import { DEFAULT_POST_EXPIRATION_DAYS } from '@commons/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { tabTo } from '../support/keyboard';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

/** Names this run's data, so a rerun against the same server finds its own. */
const RUN = Date.now().toString(36);
const HUB = '/hub/northfield';
const BOARD = `${HUB}/job/list/all-job`;
const STUDENT = 'student@northfield.example.edu';
const HUB_ADMIN = 'hubadmin@northfield.example.edu';
const EMPLOYER = 'employer@northfield.example.edu';
const DAY_MS = 86_400_000;

type TJobSettings = {
  defaultPostExpirationDays: number | null;
  areJobsShown: boolean;
  areProjectsShown: boolean;
};
type TInterest = { kind: string; value: string; label: string };
type TJobAlert = { id: string; isActive: boolean; unsubscribePath: string };

/** Signs `page` in as a demo account and waits for its hub. */
async function signIn(page: Page, email: string): Promise<void> {
  await signInWithForm(page, email);
  await waitForPath(page, /^\/hub\/northfield\//);
}

/** Days from one 'YYYY-MM-DD' to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Chooses "Load more" below `list` until `item` is in it (a list may hold other runs' rows first). */
async function loadUntilShown(page: Page, item: Locator): Promise<void> {
  for (let pages = 0; pages < 10; pages += 1) {
    if ((await item.count()) > 0) return;
    const more = page.getByRole('button', { name: 'Load more' });
    if ((await more.count()) === 0) break;
    await more.click();
    await page.waitForTimeout(300);
  }
  await item.waitFor();
}

/** The "Closes on" day the post-a-job form starts with (today + the hub's default expiration). */
async function defaultClosingDay(page: Page): Promise<string> {
  await page.goto(BOARD);
  await page.getByRole('link', { name: 'Post a job' }).click();
  await page.getByRole('heading', { level: 1, name: 'Post a job' }).waitFor();
  const closesOn = page.getByRole('form', { name: 'Job details' }).getByLabel('Closes on');
  await expect.poll(() => closesOn.inputValue()).not.toBe('');
  await expectNoAxeViolations(page, 'post a job form');
  return closesOn.inputValue();
}

describe('job board admin screens, experiences, alert unsubscribe and editing (issue #19)', () => {
  it('opens Add interests from showInterests=true; the student saves interests and reports participation, the hub admin approves it, and the student sees it approved', async () => {
    const student = await apiAs(STUDENT);
    const before = await student.call<{ interests: TInterest[] }>(
      'GET',
      '/api/experiential-learning/interests',
    );
    const what = `Beach clean-up ${RUN}`;
    try {
      const { page } = browser();
      await signIn(page, STUDENT);
      await page.goto(`${HUB}/experiential-learning?showInterests=true`);
      const dialog = page.getByRole('dialog', { name: 'Add interests' });
      const industries = dialog.getByRole('group', { name: 'Industries' });
      await industries.getByRole('checkbox').first().waitFor();
      await expectNoAxeViolations(page, 'add interests dialog');
      // One industry the student has not chosen yet.
      const label = await industries
        .getByRole('checkbox', { checked: false })
        .first()
        .evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '');
      expect(label).not.toBe('');
      await industries.getByRole('checkbox', { name: label, exact: true }).check();
      await dialog.getByRole('button', { name: 'Save interests' }).click();
      await page.getByText('Your interests were saved.').waitFor();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('showInterests')).toBeNull();
      await page.getByRole('list', { name: 'Your interests' }).getByText(label, { exact: true }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Recommended for you' }).waitFor();
      await expectNoAxeViolations(page, 'experiences page with interests');

      // Report participation in something of their own.
      await page.getByRole('button', { name: 'Report participation' }).click();
      const report = page.getByRole('dialog', { name: 'Report participation' });
      await report.getByRole('combobox', { name: 'Opportunity' }).selectOption({ label: 'Something else' });
      await report.getByRole('textbox', { name: 'What you did' }).fill(what);
      await report.getByRole('textbox', { name: 'Organisation' }).fill('Northfield Shore Trust');
      await report.getByRole('spinbutton', { name: 'Hours' }).fill('3.5');
      await report
        .getByRole('textbox', { name: 'Reflection' })
        .fill('We cleared the north beach and logged what we found.');
      await expectNoAxeViolations(page, 'report participation dialog');
      await report.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Thank you: your participation was sent for review.').waitFor();
      const mine = page
        .getByRole('list', { name: 'Your participation reports' })
        .getByRole('listitem')
        .filter({ hasText: what });
      await mine.getByText('Awaiting review', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'experiences page with a report');

      // The hub admin approves it on the participation reports screen.
      const admin = await openBrowser();
      try {
        await signIn(admin.page, HUB_ADMIN);
        await admin.page.goto(`${HUB}/site-admin`);
        await admin.page.getByRole('link', { name: 'Participation reports' }).click();
        await admin.page.getByRole('heading', { level: 1, name: 'Participation reports' }).waitFor();
        const reports = admin.page.getByRole('list', { name: 'Participation reports' });
        const sent = reports.getByRole('listitem').filter({ hasText: what });
        await reports.waitFor();
        await loadUntilShown(admin.page, sent);
        await sent.getByText('3.5 hours', { exact: false }).waitFor();
        await expectNoAxeViolations(admin.page, 'participation reports');
        await sent.getByRole('button', { name: /^Approve the report of / }).click();
        const approve = admin.page.getByRole('dialog', { name: `Approve: ${what}` });
        await approve.getByRole('textbox', { name: 'Note to the member (optional)' }).fill('Thank you!');
        await expectNoAxeViolations(admin.page, 'approve report dialog');
        await approve.getByRole('button', { name: 'Approve' }).click();
        await admin.page.getByText(/’s report was approved\.$/).waitFor();
        await expect.poll(() => sent.count()).toBe(0);
        // The status filter by keyboard: from Awaiting review the arrow moves to Approved.
        await admin.page.getByRole('radio', { name: 'Awaiting review' }).focus();
        await admin.page.keyboard.press('ArrowRight');
        await expect
          .poll(() => admin.page.getByRole('radio', { name: 'Approved', exact: true }).isChecked())
          .toBe(true);
        const approved = admin.page
          .getByRole('list', { name: 'Participation reports' })
          .getByRole('listitem')
          .filter({ hasText: what });
        await loadUntilShown(admin.page, approved);
        await approved.getByText('Note: Thank you!').waitFor();
        await expectNoAxeViolations(admin.page, 'approved participation reports');
      } finally {
        await admin.close();
      }

      await page.reload();
      await mine.getByText('Approved', { exact: true }).waitFor();
      await mine.getByText('Reviewer: Thank you!').waitFor();
      await expectNoAxeViolations(page, 'experiences page with an approved report');
    } finally {
      await student.call('PUT', '/api/experiential-learning/interests', {
        interests: before.interests.map(({ kind, value }) => ({ kind, value })),
      });
    }
  });

  it('the hub admin changes the default expiration and hides projects in job settings, sees both on the board, then restores them', async () => {
    const hubAdmin = await apiAs(HUB_ADMIN);
    const { settings: before } = await hubAdmin.call<{ settings: TJobSettings }>('GET', '/api/jobs/settings');
    const beforeDays = before.defaultPostExpirationDays;
    const newDays = beforeDays === 17 ? 23 : 17;
    try {
      const { page } = browser();
      await signIn(page, HUB_ADMIN);
      if (!before.areProjectsShown || !before.areJobsShown)
        await hubAdmin.call('PATCH', '/api/jobs/settings', { areJobsShown: true, areProjectsShown: true });
      const closingBefore = await defaultClosingDay(page);

      // Both kinds show: the board offers both and filters by kind.
      await page.goto(BOARD);
      await page.getByRole('link', { name: 'Post a project' }).waitFor();
      await page.getByRole('radiogroup', { name: 'Show' }).waitFor();
      await expectNoAxeViolations(page, 'job board with jobs and projects');

      await page.goto(`${HUB}/site-admin`);
      await page.getByRole('link', { name: 'Job settings' }).click();
      await page.getByRole('heading', { level: 1, name: 'Job settings' }).waitFor();
      const form = page.getByRole('form', { name: 'Job settings' });
      const days = form.getByRole('spinbutton', { name: 'Default post expiration (days)' });
      expect(await days.inputValue()).toBe(beforeDays === null ? '' : String(beforeDays));
      await expectNoAxeViolations(page, 'job settings');
      await days.fill(String(newDays));
      const projects = form.getByRole('checkbox', { name: 'Show projects' });
      expect(await projects.isChecked()).toBe(true);
      await projects.uncheck();
      await form.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Job settings saved.').waitFor();
      await expectNoAxeViolations(page, 'job settings saved');

      // The board: no projects to post or filter by; a new job closes newDays out instead of the old default.
      await page.goto(BOARD);
      await page.getByRole('link', { name: 'Post a job' }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /posts? found$/ })
        .waitFor();
      expect(await page.getByRole('link', { name: 'Post a project' }).count()).toBe(0);
      expect(await page.getByRole('radiogroup', { name: 'Show' }).count()).toBe(0);
      await expectNoAxeViolations(page, 'job board without projects');
      const closingAfter = await defaultClosingDay(page);
      expect(daysBetween(closingBefore, closingAfter)).toBe(
        newDays - (beforeDays ?? DEFAULT_POST_EXPIRATION_DAYS),
      );

      // Restore from the same screen.
      await page.goto(`${HUB}/site-admin`);
      await page.getByRole('link', { name: 'Job settings' }).click();
      await days.waitFor();
      expect(await days.inputValue()).toBe(String(newDays));
      await days.fill(beforeDays === null ? '' : String(beforeDays));
      await projects.check();
      await form.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Job settings saved.').waitFor();
      await page.goto(BOARD);
      await page.getByRole('link', { name: 'Post a project' }).waitFor();
      expect(await defaultClosingDay(page)).toBe(closingBefore);
    } finally {
      await hubAdmin.call('PATCH', '/api/jobs/settings', {
        defaultPostExpirationDays: beforeDays,
        areJobsShown: before.areJobsShown,
        areProjectsShown: before.areProjectsShown,
      });
    }
  });

  it('turns a job alert off from its emailed unsubscribe link without signing in', async () => {
    const student = await apiAs(STUDENT);
    const { alert } = await student.call<{ alert: { id: string } }>('POST', '/api/job-alerts', {
      query: `lighthouse keeper ${RUN}`,
      frequency: 'weekly',
    });
    try {
      const { items } = await student.call<{ items: TJobAlert[] }>('GET', '/api/job-alerts');
      const listed = items.find((item) => item.id === alert.id);
      expect(listed?.isActive).toBe(true);
      const link = listed?.unsubscribePath ?? '';
      expect(link).toMatch(/^\/job-alerts\/unsubscribe\?token=/);

      const { page } = browser();
      // A link that names no alert says so.
      await page.goto('/job-alerts/unsubscribe?token=notARealToken000000000');
      await page.getByRole('heading', { level: 1, name: 'Unsubscribe from a job alert' }).waitFor();
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByText('This unsubscribe link is not valid any more.').waitFor();
      await expectNoAxeViolations(page, 'unsubscribe with an unknown link');

      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Unsubscribe from a job alert' }).waitFor();
      await page.getByText(/Stop getting this job alert’s emails\?/).waitFor();
      await expectNoAxeViolations(page, 'unsubscribe page');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('status').filter({ hasText: 'You are unsubscribed' }).waitFor();
      await page.getByText('This job alert will send no more emails.', { exact: false }).waitFor();
      await expectNoAxeViolations(page, 'unsubscribed');
      expect(new URL(page.url()).pathname).toBe('/job-alerts/unsubscribe');

      const after = await student.call<{ items: TJobAlert[] }>('GET', '/api/job-alerts');
      expect(after.items.find((item) => item.id === alert.id)?.isActive).toBe(false);
    } finally {
      await student.call('DELETE', `/api/job-alerts/${alert.id}`).catch(() => undefined);
    }
  });

  it('the job.pending-approval notification opens the approval queue; the employer edits the post from My posts by keyboard', async () => {
    const title = `Harbour survey assistant ${RUN}`;
    const renamed = `Harbour survey lead ${RUN}`;
    const employer = await apiAs(EMPLOYER);
    const { post } = await employer.call<{ post: { id: string; approvalStatus: string } }>(
      'POST',
      '/api/jobs',
      {
        jobFlow: 'job',
        title,
        organisation: 'Northfield Harbour Board',
        description: '<p>Help us chart the harbour this summer.</p>',
        isRemote: true,
      },
    );
    try {
      // An employer's post waits for approval (the demo hub does not auto-approve them); the hub admin's
      // job.pending-approval notification leads to the approval queue.
      expect(post.approvalStatus).toBe('pending');
      const admin = await openBrowser();
      try {
        await signIn(admin.page, HUB_ADMIN);
        await admin.page.goto('/notifications');
        const notice = admin.page.getByRole('link', {
          name: `A job “${title}” is waiting for your approval`,
        });
        await notice.waitFor();
        await expectNoAxeViolations(admin.page, 'notifications with the pending post');
        await notice.click();
        await waitForPath(admin.page, `${HUB}/site-admin/jobs/approvals`);
        await admin.page.getByRole('heading', { level: 1, name: 'Job post approvals' }).waitFor();
        await admin.page.getByRole('button', { name: `Approve ${title}` }).waitFor();
        await expectNoAxeViolations(admin.page, 'approvals from the notification');
      } finally {
        await admin.close();
      }

      // The employer finds it under My posts and opens its edit form by keyboard.
      const { page } = browser();
      await signIn(page, EMPLOYER);
      await page.goto(`${BOARD}?tab=mine`);
      const yours = page.getByRole('list', { name: 'Your posts' });
      const card = yours.getByRole('article', { name: title });
      await loadUntilShown(page, card);
      const edit = card.getByRole('link', { name: `Edit: ${title}` });
      await expectNoAxeViolations(page, 'my posts with edit links');
      await page.getByRole('tab', { name: 'My posts' }).focus();
      await tabTo(page, edit, 400);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Edit job' }).waitFor();
      expect(new URL(page.url()).searchParams.get('edit')).toBe(post.id);
      const form = page.getByRole('form', { name: 'Job details' });
      const titleField = form.getByRole('textbox', { name: 'Title' });
      await expect.poll(() => titleField.inputValue()).toBe(title);
      await expectNoAxeViolations(page, 'edit job form');
      await titleField.fill(renamed);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText(`Your changes to “${renamed}” are saved.`).waitFor();
      await waitForPath(page, `${HUB}/job/detail/${post.id}`);
      await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
      await expectNoAxeViolations(page, 'edited job');

      await page.goto(`${BOARD}?tab=mine`);
      await loadUntilShown(page, yours.getByRole('article', { name: renamed }));
      await yours.getByRole('link', { name: `Edit: ${renamed}` }).waitFor();
    } finally {
      await employer.call('POST', `/api/jobs/${post.id}/close`, {}).catch(() => undefined);
    }
  });
});
