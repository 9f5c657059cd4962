import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { openHubSection } from '../support/hub-sections';
import { pressUntilFocused, tabTo } from '../support/keyboard';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

/** Names this run's booking (its note), so the adviser finds it among the demo's and earlier runs'. */
const RUN = Date.now().toString(36);
const NOTE = `Feedback on my CV for a marketing internship, run ${RUN}`;
const STAFF_NOTE = `Bring the marketing CV; run ${RUN}`;
const TYPE_NAME = `Mock interview ${RUN}`;
const FOLLOW_UP = `Apply to two marketing internships, run ${RUN}`;

/** Signs `page` in as a demo account and waits for its hub. */
async function signIn(page: Page, email: string): Promise<void> {
  await signInWithForm(page, email);
  await waitForPath(page, /^\/hub\/northfield\//);
}

/** Downloads an appointment's calendar invite from its card and answers the file's text. */
async function downloadInvite(page: Page, card: Locator): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  return readFile(await download.path(), 'utf8');
}

describe('advising (issue #21)', () => {
  it('the demo student books a free slot with an adviser from quick booking (the adviser’s open inbox shows it live), finds it in the inbox and in My appointments, downloads it and moves it', async () => {
    const { page } = browser();
    await signIn(page, 'student@northfield.example.edu');

    // The Advisers tab (spec 2 Navigation tabs) lists the hub's advisers with their topics.
    await openHubSection(page, 'Advisers');
    await waitForPath(page, '/advising/people');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Advisers' }).waitFor();
    const fran = main.getByRole('article', { name: 'Fran Faculty' });
    await fran.getByText('Career adviser').waitFor();
    await fran.getByText('CV review', { exact: true }).first().waitFor();
    await expectNoAxeViolations(page, 'advisers');

    // Book opens quick booking with Fran chosen: only her topics are offered.
    await fran.getByRole('link', { name: 'Book with Fran Faculty' }).click();
    await waitForPath(page, '/advising/quick-book/topics');
    await main.getByRole('heading', { level: 1, name: 'Book an advising appointment' }).waitFor();
    await main.getByText('choose one of their topics').waitFor();
    const topics = main.getByRole('radiogroup', { name: 'What would you like to talk about?' });
    await topics.getByRole('radio', { name: /^Career planning/ }).waitFor();
    expect(await topics.getByRole('radio', { name: /^Graduate school/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'quick booking, topics');

    // The topic is chosen from the keyboard.
    const cvReview = topics.getByRole('radio', { name: /^CV review/ });
    await tabTo(page, topics.getByRole('radio').first());
    await pressUntilFocused(page, 'ArrowRight', cvReview, 5);
    await page.keyboard.press('Space');
    const advisers = main.getByRole('radiogroup', { name: 'Advisers for this topic' });
    await advisers.waitFor();
    expect(await advisers.getByRole('radio', { name: /^Fran Faculty/ }).isChecked()).toBe(true);

    // Fran's one CV review type is chosen; her free times of the next 14 days show by day.
    const types = main.getByRole('radiogroup', { name: 'Appointment type' });
    expect(await types.getByRole('radio', { name: /^CV review 30 minutes/ }).isChecked()).toBe(true);
    const picker = main.getByRole('group', { name: 'Free times with Fran Faculty' });
    await picker.waitFor();
    expect(await picker.getByRole('group', { name: 'Days' }).getByRole('button').count()).toBe(14);
    const firstTime = picker
      .getByRole('group', { name: /^[A-Z][a-z]+day, [A-Z][a-z]+ \d+, \d{4}$/ })
      .getByRole('radio')
      .first();
    // A time is a radio: chosen from the keyboard.
    await firstTime.focus();
    await page.keyboard.press('Space');
    expect(await firstTime.isChecked()).toBe(true);
    await expectNoAxeViolations(page, 'quick booking, free times');

    const booking = main.getByRole('form', { name: 'Book the appointment' });
    const chosen = (await booking.getByTestId('chosen-slot').textContent()) ?? '';
    expect(chosen).toMatch(/ · \d{1,2}:\d{2} [ap]m – \d{1,2}:\d{2} [ap]m /);
    await booking.getByRole('textbox', { name: 'Note for your adviser (optional)' }).fill(NOTE);

    // Fran has her inbox open before the booking: the conversation with Sam moves up live, without a reload.
    const adviser = await openBrowser();
    try {
      const adviserPage = adviser.page;
      await signIn(adviserPage, 'faculty@northfield.example.edu');
      await adviserPage.goto('/inbox');
      await adviserPage.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      const samRow = adviserPage
        .getByTestId('thread-row')
        .filter({ has: adviserPage.getByRole('link', { name: 'Sam Student' }) })
        .filter({ hasText: 'Adviser meeting' });
      await samRow.waitFor();
      const before = await samRow.locator('time').getAttribute('datetime');
      await expectNoAxeViolations(adviserPage, 'adviser’s inbox before the booking');

      await booking.getByRole('button', { name: 'Book appointment' }).click();
      await expect
        .poll(() => samRow.locator('time').getAttribute('datetime'), { timeout: 30_000 })
        .not.toBe(before);
      await samRow.getByText('Sam booked CV review (30 minutes, video call) about CV review.').waitFor();
      await expectNoAxeViolations(adviserPage, 'adviser’s inbox with the new booking, live');
    } finally {
      await adviser.close();
    }

    const confirmation = main.getByRole('region', { name: 'Your appointment is booked' });
    await confirmation.getByText(chosen).waitFor();
    await confirmation.getByText(NOTE).waitFor();
    await expectNoAxeViolations(page, 'booking confirmation');

    // The appointment is a meeting in the inbox thread with Fran.
    await confirmation.getByRole('link', { name: 'Open the conversation with Fran' }).click();
    await waitForPath(page, /^\/inbox\/[^/]+\/thread\//);
    await main.getByRole('heading', { level: 1, name: 'Conversation with Fran Faculty' }).waitFor();
    const meeting = main
      .getByRole('article', { name: /^Video call with Fran Faculty/ })
      .filter({ hasText: chosen });
    await meeting.getByText('Meeting Upcoming').waitFor();
    await expectNoAxeViolations(page, 'the appointment in the inbox');

    // And in My appointments, upcoming, with the spec 4 label and the student's own actions.
    await page.goto('/advising/appointments');
    await main.getByRole('heading', { level: 1, name: 'My appointments' }).waitFor();
    const card = main.getByRole('article').filter({ hasText: NOTE });
    await card.getByRole('heading', { name: 'CV review with Fran Faculty' }).waitFor();
    expect(await card.getByTestId('appointment-status').textContent()).toBe('Meeting Upcoming');
    await card.getByText(chosen).waitFor();
    await card.getByRole('button', { name: 'Reschedule' }).waitFor();
    await card.getByRole('button', { name: 'Cancel' }).waitFor();
    await expectNoAxeViolations(page, 'my appointments');

    // The student adds it to their calendar.
    expect(await downloadInvite(page, card)).toMatch(/^BEGIN:VCALENDAR/);

    // Rescheduling offers Fran's free times again; keeping the time closes the dialog.
    await card.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule the appointment' });
    await dialog.getByRole('group', { name: 'New time' }).waitFor();
    await expectNoAxeViolations(page, 'reschedule dialog');
    await dialog.getByRole('button', { name: 'Keep the time' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Then moves it to the last free time of the last day with free times (the booked one was the first).
    await card.getByRole('button', { name: 'Reschedule' }).click();
    const newTime = dialog.getByRole('group', { name: 'New time' });
    await newTime
      .getByRole('group', { name: 'Days' })
      .getByRole('button', { name: /: \d+ free times?$/ })
      .last()
      .click();
    const lastTime = newTime
      .getByRole('group', { name: /^[A-Z][a-z]+day, [A-Z][a-z]+ \d+, \d{4}$/ })
      .getByRole('radio')
      .last();
    await lastTime.focus();
    await page.keyboard.press('Space');
    expect(await lastTime.isChecked()).toBe(true);
    const moved = ((await dialog.getByText(/^New time: /).textContent()) ?? '').replace(/^New time: /, '');
    expect(moved).not.toBe('');
    expect(moved).not.toBe(chosen);
    await expectNoAxeViolations(page, 'reschedule dialog with a new time');
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('The appointment was moved.').waitFor();
    await card.getByText(moved).waitFor();
    expect(await card.getByText(chosen).count()).toBe(0);
    await expectNoAxeViolations(page, 'my appointments after the reschedule');
  });

  it('the adviser sees the booking with the student’s note, keeps notes only staff see, downloads and may move it, finds last week’s completed appointment and marks yesterday’s completed', async () => {
    const { page } = browser();
    await signIn(page, 'faculty@northfield.example.edu');
    await page.goto('/advising/appointments');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'My appointments' }).waitFor();
    // An adviser lands on the appointments they give.
    expect(await main.getByRole('radio', { name: 'I advise' }).isChecked()).toBe(true);
    const card = main.getByRole('article').filter({ hasText: NOTE });
    await card.getByRole('heading', { name: 'CV review with Sam Student' }).waitFor();
    await card.getByText('Advising status: Scheduled').waitFor();
    // Completed and no-show come once it has started.
    expect(await card.getByRole('button', { name: 'Mark completed' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'adviser’s appointments');

    await card.getByRole('button', { name: /^Edit the advising notes/ }).click();
    await card.getByRole('textbox', { name: 'Advising notes' }).fill(STAFF_NOTE);
    await card.getByRole('button', { name: 'Save notes' }).click();
    await page.getByText('Notes saved.').waitFor();
    await card.getByText(STAFF_NOTE).waitFor();
    await expectNoAxeViolations(page, 'adviser’s notes');

    // The adviser adds it to their calendar too.
    expect(await downloadInvite(page, card)).toMatch(/^BEGIN:VCALENDAR/);

    // And may move it: their own free times show (an adviser cannot book with themself, but reschedules).
    await card.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule the appointment' });
    const newTime = dialog.getByRole('group', { name: 'New time' });
    await newTime.getByRole('group', { name: 'Days' }).waitFor();
    expect(await dialog.getByText('The free times could not be loaded').count()).toBe(0);
    await expectNoAxeViolations(page, 'adviser’s reschedule dialog');
    await dialog.getByRole('button', { name: 'Keep the time' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await main.getByRole('radio', { name: 'Upcoming' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => main.getByRole('radio', { name: 'Past' }).isChecked()).toBe(true);
    const past = main.getByRole('article').filter({ hasText: 'Advising status: Completed' }).first();
    expect(await past.getByTestId('appointment-status').textContent()).toBe('Request Completed');
    await past.getByText('Advising notes (only advising staff see them)').waitFor();
    expect(await past.getByRole('button', { name: 'Mark no-show' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'adviser’s past appointments');

    // Yesterday's appointment is still scheduled: it started, so it can be marked completed (or a no-show).
    const yesterdays = main
      .getByRole('article')
      .filter({ hasText: 'Advising status: Scheduled' })
      .filter({ has: page.getByRole('button', { name: 'Mark completed' }) })
      .first();
    await yesterdays.getByRole('button', { name: 'Mark no-show' }).waitFor();
    const headingId = (await yesterdays.getAttribute('aria-labelledby')) ?? '';
    expect(headingId).not.toBe('');
    await yesterdays.getByRole('button', { name: 'Mark completed' }).click();
    await page.getByText('Marked completed.').waitFor();
    const marked = main.locator(`article[aria-labelledby="${headingId}"]`);
    await marked.getByText('Advising status: Completed').waitFor();
    expect(await marked.getByRole('button', { name: 'Mark completed' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'adviser’s past appointment marked completed');

    // A completed appointment takes a follow-up: the student's next step until they mark it done.
    await marked.getByRole('button', { name: /^Add the follow-up/ }).click();
    await marked.getByRole('textbox', { name: 'Follow-up for the student' }).fill(FOLLOW_UP);
    await expectNoAxeViolations(page, 'adviser’s follow-up form');
    await marked.getByRole('button', { name: 'Save follow-up' }).click();
    await page.getByText('Follow-up saved. The student sees it in their next steps.').waitFor();
    await marked.getByText(FOLLOW_UP).waitFor();
  });

  it('the student finds the adviser’s follow-up among the next steps on the home and marks it done', async () => {
    const { page } = browser();
    await signIn(page, 'student@northfield.example.edu');
    const steps = page.getByTestId('action-items');
    const followUps = steps.getByRole('list', { name: 'Advising follow-ups' });
    const card = followUps.getByRole('article').filter({ hasText: FOLLOW_UP });
    await card.getByRole('heading', { name: 'Follow-up: CV review with Fran Faculty' }).waitFor();
    await expectNoAxeViolations(page, 'home with an advising follow-up');
    await card.getByRole('button', { name: /^Mark as done/ }).click();
    await card.waitFor({ state: 'detached' });

    // My appointments shows it done, and it can be opened again.
    await page.goto('/advising/appointments');
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Upcoming' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => main.getByRole('radio', { name: 'Past' }).isChecked()).toBe(true);
    const past = main.getByRole('article').filter({ hasText: FOLLOW_UP });
    await past.getByText('Done', { exact: true }).waitFor();
    await past.getByRole('button', { name: 'Mark as not done' }).waitFor();
    await expectNoAxeViolations(page, 'student’s past appointment with its follow-up');
  });

  it('the hub admin opens the advising admin screens: advisers, an adviser’s hours, topics, appointment types with every setting, reports with CSV', async () => {
    const { page } = browser();
    await signIn(page, 'hubadmin@northfield.example.edu');
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Advising' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/advising/advisers');
    await main.getByRole('heading', { level: 1, name: 'Advising: advisers' }).waitFor();
    await main.getByText('Fran Faculty', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'advising admin, advisers');

    // A member found by name can be made an adviser.
    await main.getByRole('textbox', { name: 'Find a member by name or email' }).fill('Alex');
    await main.getByRole('button', { name: 'Make Alex Alumni an adviser' }).click();
    const make = page.getByRole('dialog', { name: 'Make Alex Alumni an adviser' });
    await make.getByRole('textbox', { name: 'Advising title' }).waitFor();
    await expectNoAxeViolations(page, 'make an adviser');
    await make.getByRole('button', { name: 'Cancel' }).click();

    // An adviser's page: settings, weekly hours, exceptions and calendar address.
    await main.getByRole('link', { name: 'Settings and hours of Fran Faculty' }).click();
    await main.getByRole('heading', { level: 2, name: 'Fran Faculty' }).waitFor();
    await main.getByRole('form', { name: 'Advising availability' }).waitFor();
    await main.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    await main.getByRole('heading', { name: 'Exceptions and holidays' }).waitFor();
    await expectNoAxeViolations(page, 'an adviser’s settings and hours');

    await main
      .getByRole('navigation', { name: 'Advising administration' })
      .getByRole('link', { name: 'Topics' })
      .click();
    await main.getByRole('heading', { level: 1, name: 'Advising: topics' }).waitFor();
    await main.getByText('Graduate school', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'advising admin, topics');

    // An appointment type with every setting: the domain's checks name the missing phone number first.
    const adminNav = main.getByRole('navigation', { name: 'Advising administration' });
    await adminNav.getByRole('link', { name: 'Appointment types' }).click();
    await main.getByRole('heading', { level: 1, name: 'Advising: appointment types' }).waitFor();
    await main.getByRole('button', { name: 'Add an appointment type' }).click();
    const form = page.getByRole('dialog', { name: 'Add an appointment type' });
    await form.getByRole('textbox', { name: 'Name' }).fill(TYPE_NAME);
    await form.getByRole('combobox', { name: 'Medium' }).selectOption('phone');
    await form.getByRole('button', { name: 'Add appointment type' }).click();
    await form.getByText('Give the phone number to call.').waitFor();
    await expectNoAxeViolations(page, 'appointment type form with an error');
    await form.getByRole('textbox', { name: 'Phone number to call' }).fill('+1 555 0100');
    await form.getByRole('spinbutton', { name: 'Buffer after (minutes)' }).fill('10');
    await form.getByRole('spinbutton', { name: 'Minimum notice' }).fill('3');
    await form.getByRole('combobox', { name: 'Unit' }).selectOption('hours');
    await form.getByRole('spinbutton', { name: 'Most per adviser and day (optional)' }).fill('2');
    await form.getByRole('checkbox', { name: 'Student', exact: true }).check();
    await form.getByRole('button', { name: 'Add appointment type' }).click();
    await form.waitFor({ state: 'hidden' });
    const added = main.getByRole('listitem').filter({ hasText: TYPE_NAME });
    await added.getByText('30 minutes · Phone call · +1 555 0100').waitFor();
    await added
      .getByText(
        'buffers 0 min before, 10 min after · 3 hours notice · up to 14 days ahead · at most 2 a day per adviser · booked by 1 user type',
      )
      .waitFor();
    await expectNoAxeViolations(page, 'advising admin, appointment types');
    // It was never booked, so it can be removed.
    await added.getByRole('button', { name: `Remove ${TYPE_NAME}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove appointment type' }).click();
    await added.waitFor({ state: 'detached' });

    // Reports by topic, adviser, status and week, and the same as CSV.
    await adminNav.getByRole('link', { name: 'Reports' }).click();
    await main.getByRole('heading', { level: 1, name: 'Advising: reports' }).waitFor();
    const table = main.getByRole('table');
    await table.getByRole('rowheader', { name: 'CV review' }).waitFor();
    await expectNoAxeViolations(page, 'advising reports');
    await main.getByRole('radio', { name: 'Topic' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => main.getByRole('radio', { name: 'Adviser' }).isChecked()).toBe(true);
    await table.getByRole('rowheader', { name: 'Fran Faculty' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('advising-northfield-by-adviser.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Adviser,Total,Scheduled,Checked in,Completed,No-show,Canceled');
    expect(lines.some((line) => line.startsWith('Fran Faculty,'))).toBe(true);
  });
});
