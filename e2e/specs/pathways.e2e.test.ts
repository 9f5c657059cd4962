import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { openHubSection } from '../support/hub-sections';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

/** Names this run's pathway, so a run never meets an earlier run's progress. */
const RUN = Date.now().toString(36);
const TITLE = `Study Plan ${RUN}`;
const REFLECTION =
  'I planned my week around two applications and one coffee chat, and kept to it better than I expected.';

/** Signs `page` in as a demo account and waits for its hub. */
async function signIn(page: Page, email: string): Promise<void> {
  await signInWithForm(page, email);
  await waitForPath(page, /^\/hub\/northfield\//);
}

/**
 * A published pathway of four steps in Northfield, built by the demo hub admin through the API: a reading, a
 * checklist, a reflection (saved under spec 5 from 50 characters) and a link. Nobody is assigned, so the demo
 * student finds it among the pathways to take up.
 */
async function createStudyPlan(): Promise<string> {
  const admin = await apiAs('hubadmin@northfield.example.edu');
  const { pathway } = await admin.call<{ pathway: { slug: string } }>('POST', '/api/pathways/admin', {
    title: TITLE,
    description: 'Plan a week of applications, step by step.',
    status: 'published',
    form: {
      settings: { estimatedCompletionTime: 5 },
      sections: [
        {
          title: 'Plan',
          steps: [
            { kind: 'richText', title: 'Welcome', body: '<p>Five short steps to a planned week.</p>' },
            {
              kind: 'checklist',
              title: 'This week',
              items: [{ label: 'Pick two openings' }, { label: 'Book a coffee chat' }],
            },
          ],
        },
        {
          title: 'Look back',
          steps: [
            { kind: 'reflection', title: 'Looking back', prompt: 'How did your week go?' },
            {
              kind: 'link',
              title: 'Read more',
              url: 'https://www.bls.gov/ooh/',
              label: 'Occupational Outlook Handbook',
            },
          ],
        },
      ],
    },
  });
  return pathway.slug;
}

describe('pathways (issue #20 item 1)', () => {
  it('a student accepts a pathway, leaves half-way, comes back at the step they left and completes it; answers autosave', async () => {
    const slug = await createStudyPlan();
    const { page } = browser();
    await signIn(page, 'student@northfield.example.edu');

    // The Pathways tab (spec 2 Navigation tabs): the demo student's Career Launch, part-way, and this run's pathway to take up.
    await openHubSection(page, 'Pathways');
    await waitForPath(page, '/hub/northfield/pathways');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Pathways' }).waitFor();
    const careerLaunch = main.getByRole('article', { name: 'Career Launch' });
    await careerLaunch.getByText('Pending review').waitFor();
    await careerLaunch.getByText('3 of 6 steps done').waitFor();
    await careerLaunch.getByRole('link', { name: 'Continue: Career Launch' }).waitFor();
    const card = main.getByRole('article', { name: TITLE });
    await card.getByText('New', { exact: true }).waitFor();
    await card.getByText('About 5 days').waitFor();
    await expectNoAxeViolations(page, 'pathways list');

    // Accept & Start (spec 4) opens the first step.
    await card.getByRole('button', { name: `Accept & Start: ${TITLE}` }).click();
    await waitForPath(page, `/hub/northfield/pathways/${slug}/steps/0`);
    await main.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await main.getByText('Step 1 of 4').waitFor();
    await expectNoAxeViolations(page, 'first step (reading)');
    await main.getByRole('button', { name: 'Mark as done' }).click();

    // The checklist: a tick saves on its own.
    await waitForPath(page, `/hub/northfield/pathways/${slug}/steps/1`);
    await main.getByRole('heading', { level: 1, name: 'This week' }).waitFor();
    await main.getByRole('checkbox', { name: 'Pick two openings' }).check();
    await expect.poll(() => main.getByTestId('save-status').textContent()).toBe('Saved');
    await expectNoAxeViolations(page, 'checklist step, saved');

    // Leave half-way: to the home page.
    await openHubSection(page, 'Home');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();

    // Back on Pathways it is in progress, and Continue resumes at the checklist with the tick kept (spec 4).
    await openHubSection(page, 'Pathways');
    const started = main.getByRole('article', { name: TITLE });
    await started.getByText('In progress').waitFor();
    await started.getByText('1 of 4 steps done').waitFor();
    await started.getByRole('link', { name: `Continue: ${TITLE}` }).click();
    await waitForPath(page, `/hub/northfield/pathways/${slug}/steps/1`);
    await main.getByRole('heading', { level: 1, name: 'This week' }).waitFor();
    expect(await main.getByRole('checkbox', { name: 'Pick two openings' }).isChecked()).toBe(true);
    expect(await main.getByRole('checkbox', { name: 'Book a coffee chat' }).isChecked()).toBe(false);
    await main.getByRole('checkbox', { name: 'Book a coffee chat' }).check();
    await main.getByRole('button', { name: 'Submit' }).click();

    // The reflection: too short is kept but not saved (spec 5), long enough is saved and survives a reload.
    await waitForPath(page, `/hub/northfield/pathways/${slug}/steps/2`);
    await main.getByRole('heading', { level: 1, name: 'Looking back' }).waitFor();
    const reflection = main.getByRole('textbox', { name: 'Your reflection' });
    await reflection.fill('Went well.');
    await expect
      .poll(() => main.getByTestId('save-status').textContent())
      .toBe('Not saved yet. Write at least 50 characters (10 so far).');
    await expectNoAxeViolations(page, 'reflection, not saved yet');
    await reflection.fill(REFLECTION);
    await expect.poll(() => main.getByTestId('save-status').textContent()).toBe('Saved');
    await page.reload();
    await main.getByRole('heading', { level: 1, name: 'Looking back' }).waitFor();
    expect(await main.getByRole('textbox', { name: 'Your reflection' }).inputValue()).toBe(REFLECTION);
    await main.getByRole('button', { name: 'Submit' }).click();

    // The last step; done, the pathway is completed and its overview says so.
    await waitForPath(page, `/hub/northfield/pathways/${slug}/steps/3`);
    await main.getByRole('link', { name: /Occupational Outlook Handbook/ }).waitFor();
    await expectNoAxeViolations(page, 'link step');
    await main.getByRole('button', { name: 'Mark as done' }).click();
    await waitForPath(page, `/hub/northfield/pathways/${slug}`);
    await page.getByText(`You completed “${TITLE}”. Well done!`).waitFor();
    await main.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await main.getByText('4 of 4 steps done').waitFor();
    await main.getByText(/^You completed this pathway on /).waitFor();
    await expectNoAxeViolations(page, 'completed pathway overview');

    // The list offers View (spec 4) for a completed pathway.
    await main.getByRole('link', { name: 'Pathways', exact: true }).click();
    const completed = main.getByRole('article', { name: TITLE });
    await completed.getByText('Completed', { exact: true }).waitFor();
    await completed.getByRole('link', { name: `View: ${TITLE}` }).waitFor();
  });

  it('the hub admin approves the demo student’s pending step from the review queue, and the student sees it approved', async () => {
    const { page } = browser();
    await signIn(page, 'hubadmin@northfield.example.edu');

    // Site administration › Pathways › Review queue.
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Pathways', exact: true }).click();
    await waitForPath(page, '/hub/northfield/site-admin/pathways');
    await main.getByRole('heading', { level: 1, name: 'Pathways' }).waitFor();
    await main.getByRole('link', { name: 'Career Launch', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'pathways administration');
    await main.getByRole('tab', { name: 'Library' }).click();
    await main.getByRole('button', { name: 'Copy Interview Ready to this hub' }).waitFor();
    await expectNoAxeViolations(page, 'pathway library');

    await main.getByRole('link', { name: 'Review queue' }).click();
    await waitForPath(page, '/hub/northfield/pathways/reviews');
    const item = main.getByRole('listitem', { name: 'What kind of work energises you?' });
    await item.getByText('Organising the robotics club’s open day', { exact: false }).waitFor();
    await expectNoAxeViolations(page, 'review queue');
    await item
      .getByRole('button', { name: 'Approve What kind of work energises you? of Sam Student' })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Approve “What kind of work energises you\?”/ });
    await dialog
      .getByRole('textbox', { name: 'Note to the member (optional)' })
      .fill('Great example, well told.');
    await expectNoAxeViolations(page, 'approve dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('“What kind of work energises you?” of Sam Student is approved.').waitFor();
    await main.getByRole('heading', { name: 'Nothing waits for review' }).waitFor();

    // The student's step is completed with the note, and Career Launch resumes at the next open step.
    const student = await openBrowser();
    try {
      await signIn(student.page, 'student@northfield.example.edu');
      await student.page.goto('/hub/northfield/pathways/career-launch/steps/3');
      const studentMain = student.page.getByRole('main');
      await studentMain
        .getByRole('heading', { level: 1, name: 'What kind of work energises you?' })
        .waitFor();
      await studentMain.getByText(/^Approved by .*: Great example, well told\.$/).waitFor();
      await expectNoAxeViolations(student.page, 'approved step');
      await studentMain.getByRole('link', { name: 'Career Launch', exact: true }).click();
      await studentMain.getByRole('link', { name: 'Continue: Career Launch' }).click();
      await waitForPath(student.page, '/hub/northfield/pathways/career-launch/steps/4');
    } finally {
      await student.close();
    }
  });

  it('the hub admin builds a pathway with the form (its problems shown at their fields), publishes it, and copies one from the library', async () => {
    const { page } = browser();
    await signIn(page, 'hubadmin@northfield.example.edu');
    await page.goto('/hub/northfield/site-admin/pathways');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'New pathway' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/pathways/new');
    await main.getByRole('heading', { level: 1, name: 'New pathway' }).waitFor();
    await expectNoAxeViolations(page, 'new pathway form');

    // Nothing filled in: the problems show at their fields and the title has the focus.
    await main.getByRole('button', { name: 'Create pathway' }).click();
    await main.getByText('Give the pathway a title.').waitFor();
    await main.getByText('Give the section a title.').waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent),
      )
      .toMatch(/^Title/);
    await expectNoAxeViolations(page, 'new pathway form with problems');

    const name = `Onboarding ${RUN}`;
    await main.getByRole('textbox', { name: 'Title', exact: true }).fill(name);
    await main.getByRole('textbox', { name: 'Estimated completion time in days (optional)' }).fill('3');
    await main.getByRole('radio', { name: 'Published: members of the hub see it' }).check();
    await main.getByRole('textbox', { name: 'Section title' }).fill('Start');
    await main.getByRole('textbox', { name: 'Step title' }).fill('Hello');
    await main.getByRole('textbox', { name: 'Text', exact: true }).click();
    await page.keyboard.type('Welcome to the team.');
    await main.getByRole('combobox', { name: 'Kind of the new step in section 1' }).selectOption('checklist');
    await main.getByRole('button', { name: 'Add a step' }).click();
    const checklist = main.getByRole('listitem', { name: 'Step 1.2' });
    await checklist.getByRole('textbox', { name: 'Step title' }).fill('First week');
    await checklist.getByRole('textbox', { name: 'Item 1' }).fill('Meet your mentor');
    await checklist.getByRole('checkbox', { name: /^Needs review/ }).check();
    await main.getByRole('button', { name: 'Create pathway' }).click();
    await page.getByText(`Pathway “${name}” saved.`).waitFor();
    await waitForPath(page, /^\/hub\/northfield\/site-admin\/pathways\/[0-9a-f-]{36}$/);
    await main.getByRole('heading', { level: 1, name: `Edit “${name}”` }).waitFor();
    await main.getByText(`onboarding-${RUN}`, { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'saved pathway in the builder');

    // Listed with its status; the library's pathway is copied as a draft and opens in the builder.
    await main.getByRole('link', { name: 'Back to pathways' }).click();
    const row = main.getByRole('listitem', { name });
    await row.getByText('Published', { exact: true }).waitFor();
    await row.getByText('1 section · 2 steps · About 3 days', { exact: false }).waitFor();
    await main.getByRole('tab', { name: 'Library' }).click();
    await main.getByRole('button', { name: 'Copy Interview Ready to this hub' }).click();
    await page.getByText('“Interview Ready” is copied as a draft', { exact: false }).waitFor();
    await main.getByRole('heading', { level: 1, name: 'Edit “Interview Ready”' }).waitFor();
    expect(await main.getByRole('radio', { name: 'Draft: only pathway admins see it' }).isChecked()).toBe(
      true,
    );
  });
});
