import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { expectCleanAtDesktopAndPhone } from '../support/layout';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

/** Names this run's project, so a rerun against the same server finds its own. */
const RUN = Date.now().toString(36);
const TITLE = `Design a logo for Quillbrook Bakery ${RUN}`;
const BOARD = '/hub/northfield/job/list/all-job';

/** A small PDF (the upload checks the type by its first bytes). */
const RESUME_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'utf8',
);

/** A calendar day 'YYYY-MM-DD' `days` from today (UTC), for date inputs. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Signs `page` in as a demo account and waits for its hub. */
async function signIn(page: Page, email: string): Promise<void> {
  await signInWithForm(page, email);
  await waitForPath(page, /^\/hub\/northfield\//);
}

/** Opens a post's page and waits for its title. */
async function openPost(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
}

describe('job board and projects (issue #19)', () => {
  it('an employer posts a project from a template, the hub admin approves it, a student finds it by a misspelt search and applies with a resume, the employer hires, the student submits, the employer completes', async () => {
    const { page: employer } = browser();
    await signIn(employer, 'employer@northfield.example.edu');

    // The employer picks the Design a logo template; the form comes filled from it.
    await employer.goto(BOARD);
    await employer.getByRole('heading', { level: 1, name: 'Job board' }).waitFor();
    await employer.getByRole('link', { name: 'Post a project' }).click();
    await employer.getByRole('heading', { level: 1, name: 'Post a project' }).waitFor();
    const templates = employer.getByRole('list', { name: 'Project templates' });
    await templates.getByRole('button', { name: /^Legal Advising/ }).waitFor();
    await templates.getByRole('button', { name: /^Customer Service/ }).waitFor();
    expect(await templates.getByRole('listitem').count()).toBe(14);
    await expectNoAxeViolations(employer, 'project template picker');
    await templates.getByRole('button', { name: /^Design a logo/ }).click();
    const form = employer.getByRole('form', { name: 'Project details' });
    const title = form.getByRole('textbox', { name: 'Title' });
    expect(await title.inputValue()).toBe('Design a logo');
    expect(await form.getByRole('spinbutton', { name: 'Duration' }).inputValue()).toBe('40');
    await title.fill(TITLE);
    await form.getByRole('textbox', { name: 'Organisation' }).fill('Quillbrook Bakery');
    // The work starts at once (the template's start is two weeks out), so it can be submitted in this test.
    await form.getByLabel('Start date').fill(dayFromToday(-2));
    await form.getByRole('button', { name: 'Add a tag' }).click();
    await form.getByRole('textbox', { name: 'Tag 1', exact: true }).fill('Hiring now');
    await expectNoAxeViolations(employer, 'project form from a template');
    await form.getByRole('button', { name: 'Post project' }).click();

    // An employer's post waits for the hub admin.
    await waitForPath(employer, /^\/hub\/northfield\/projects\/detail\//);
    const postPath = new URL(employer.url()).pathname;
    await employer.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await employer.getByText('Awaiting approval', { exact: true }).first().waitFor();
    await employer.getByText(/A hub admin reviews employers’ posts/).waitFor();
    await expectNoAxeViolations(employer, 'project awaiting approval');

    // The hub admin approves it from site administration.
    const admin = await openBrowser();
    try {
      await signIn(admin.page, 'hubadmin@northfield.example.edu');
      await admin.page.goto('/hub/northfield/site-admin');
      await admin.page.getByRole('link', { name: 'Job post approvals' }).click();
      await admin.page.getByRole('heading', { level: 1, name: 'Job post approvals' }).waitFor();
      const approve = admin.page.getByRole('button', { name: `Approve ${TITLE}` });
      await approve.waitFor();
      await expectNoAxeViolations(admin.page, 'job post approvals');
      await approve.click();
      await admin.page.getByText(`“${TITLE}” is approved and on the board.`).waitFor();
    } finally {
      await admin.close();
    }

    // A student finds it with a misspelt search and applies with an uploaded resume.
    const student = await openBrowser();
    try {
      await signIn(student.page, 'student@northfield.example.edu');
      await student.page.goto(BOARD);
      await student.page.getByRole('searchbox', { name: 'Search jobs and projects' }).fill('quilbrok bakry');
      // The search reaches the address once typing pauses; only the bakery's project matches it.
      await student.page.waitForURL((url) => url.searchParams.get('q') === 'quilbrok bakry');
      await student.page
        .getByRole('status')
        .filter({ hasText: /^1 post found$/ })
        .waitFor();
      const results = student.page.getByRole('list', { name: 'Job board results' });
      await results.getByRole('link', { name: TITLE }).waitFor();
      expect(await results.getByRole('article').count()).toBe(1);
      await expectNoAxeViolations(student.page, 'job board with a misspelt search');
      await results.getByRole('link', { name: TITLE }).click();
      await student.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await student.page.getByRole('button', { name: 'Apply', exact: true }).click();
      const dialog = student.page.getByRole('dialog', { name: `Apply: ${TITLE}` });
      await dialog
        .getByRole('textbox', { name: 'Note to the poster' })
        .fill('I design logos for the campus paper.');
      await dialog.getByRole('radio', { name: 'Upload a file' }).check();
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'sam-student-resume.pdf',
        mimeType: 'application/pdf',
        buffer: RESUME_PDF,
      });
      await dialog.getByText('sam-student-resume.pdf').waitFor();
      await expectNoAxeViolations(student.page, 'apply dialog');
      await dialog.getByRole('button', { name: 'Send application' }).click();
      await student.page.getByText(`Your application to “${TITLE}” was sent.`).waitFor();
      const mine = student.page.getByRole('region', { name: 'Your application' });
      await mine.getByText('Applied', { exact: true }).waitFor();
      await mine.getByRole('button', { name: 'Resume: sam-student-resume.pdf' }).waitFor();

      // The employer sees the applicant with the resume and hires them.
      await openPost(employer, postPath);
      const applicants = employer.getByRole('list', { name: 'Applicants' });
      const applicant = applicants
        .getByRole('listitem')
        .filter({ hasText: 'I design logos for the campus paper.' });
      await applicant.getByRole('button', { name: /^Resume: sam-student-resume\.pdf/ }).waitFor();
      const applicantName = (await applicant.getByRole('link').first().textContent()) ?? '';
      expect(applicantName).not.toBe('');
      await expectNoAxeViolations(employer, 'applicant list');
      await applicant.getByRole('button', { name: `Hire: ${applicantName}` }).click();
      const hire = employer.getByRole('dialog', { name: `Hire: ${applicantName}` });
      await hire
        .getByRole('textbox', { name: 'Message to the applicant (optional)' })
        .fill('Welcome aboard!');
      await expectNoAxeViolations(employer, 'hire dialog');
      await hire.getByRole('button', { name: 'Hire' }).click();
      await applicant.getByText('In progress', { exact: true }).waitFor();

      // The hired student submits the work: a text and a link.
      await openPost(student.page, postPath);
      const submit = student.page.getByRole('form', { name: 'Submit your work' });
      await submit
        .getByRole('textbox', { name: 'What you did' })
        .fill('Three logo options and the final files.');
      await submit.getByRole('textbox', { name: 'Link' }).fill('https://example.org/quillbrook-logo');
      await expectNoAxeViolations(student.page, 'submit work form');
      await submit.getByRole('button', { name: 'Submit for review' }).click();
      await student.page.getByText('Your work was sent for review.').waitFor();
      await student.page
        .getByRole('region', { name: 'Your application' })
        .getByText('Pending review', { exact: true })
        .first()
        .waitFor();

      // The employer reviews it and marks the project completed; the student sees it.
      await openPost(employer, postPath);
      await applicant.getByText('Three logo options and the final files.').waitFor();
      await applicant.getByRole('link', { name: /https:\/\/example\.org\/quillbrook-logo/ }).waitFor();
      await applicant.getByRole('button', { name: `Mark completed: ${applicantName}` }).click();
      const complete = employer.getByRole('dialog', { name: `Mark completed: ${applicantName}` });
      await complete.getByRole('textbox', { name: 'Note to the student (optional)' }).fill('Lovely work.');
      await complete.getByRole('button', { name: 'Mark completed' }).click();
      await applicant.getByText('Completed', { exact: true }).first().waitFor();
      await expectNoAxeViolations(employer, 'completed applicant');

      await openPost(student.page, postPath);
      const done = student.page.getByRole('region', { name: 'Your application' });
      await done.getByText('Completed', { exact: true }).first().waitFor();
      await done.getByText(/Marked completed/).waitFor();
    } finally {
      await student.close();
    }
  });

  it('a student saves a job and sets a daily alert for the search, then finds both under their tabs', async () => {
    const { page } = browser();
    await signIn(page, 'student@northfield.example.edu');
    await page.goto(BOARD);
    await page.getByRole('searchbox', { name: 'Search jobs and projects' }).fill('climate');
    const results = page.getByRole('list', { name: 'Job board results' });
    const job = 'Research Assistant, Climate Lab';
    await results.getByRole('link', { name: job }).waitFor();
    const card = results.getByRole('article', { name: job });
    // The demo may have it saved already: start from not saved.
    if ((await card.getByRole('button', { name: `Saved: ${job}` }).count()) > 0)
      await card.getByRole('button', { name: `Saved: ${job}` }).click();
    await card.getByRole('button', { name: `Save: ${job}` }).click();
    const saved = card.getByRole('button', { name: `Saved: ${job}` });
    await saved.waitFor();
    expect(await saved.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Create job alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create job alert' });
    await dialog.getByText('“climate”').waitFor();
    await dialog.getByRole('radio', { name: 'Daily' }).check();
    await expectNoAxeViolations(page, 'create job alert dialog');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await page.getByText(/Job alert created: we will email you every day/).waitFor();

    await page.getByRole('tab', { name: 'Alerts' }).click();
    const alerts = page.getByRole('list', { name: 'Your job alerts' });
    const alert = alerts.getByRole('listitem').filter({ hasText: '“climate”' });
    await alert.waitFor();
    expect(await alert.getByRole('combobox', { name: /^Frequency of the alert/ }).inputValue()).toBe('daily');
    await expectNoAxeViolations(page, 'job alerts tab');

    await page.getByRole('tab', { name: 'Saved' }).click();
    await page.getByRole('list', { name: 'Saved posts' }).getByRole('link', { name: job }).waitFor();
    await expectNoAxeViolations(page, 'saved posts tab');
  });
  it("a profile lists the member's posts: others see the listed ones, the poster also sees their standing", async () => {
    const { page } = browser();
    await signIn(page, 'student@northfield.example.edu');
    await page.goto('/profile/employer-northfield/');
    const section = page.getByRole('region', { name: 'Job and project posts' });
    const intern = 'Software Engineering Intern';
    await section.getByRole('article', { name: intern }).waitFor();
    // Awaiting approval and expired posts are the poster's own business.
    for (const hidden of ['Legal Advising', 'Customer Success Associate', 'Marketing Intern (Spring)'])
      expect(await section.getByRole('article', { name: hidden }).count(), hidden).toBe(0);
    expect(await section.getByText('Awaiting approval').count()).toBe(0);
    await expectCleanAtDesktopAndPhone(page, 'profile-job-posts');
    await section.getByRole('link', { name: intern }).click();
    await page.getByRole('heading', { level: 1, name: intern }).waitFor();

    const employer = await openBrowser();
    try {
      await signIn(employer.page, 'employer@northfield.example.edu');
      await employer.page.goto('/profile/me/');
      const own = employer.page.getByRole('region', { name: 'Job and project posts' });
      const pending = own.getByRole('article', { name: 'Legal Advising' });
      await pending.getByText('Awaiting approval').waitFor();
      await own
        .getByRole('article', { name: 'Marketing Intern (Spring)' })
        .getByText('Expired')
        .first()
        .waitFor();
      await expectNoAxeViolations(employer.page, 'job posts on their own profile');
    } finally {
      await employer.close();
    }
  });
});
