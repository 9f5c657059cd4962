import { describe, expect, it } from 'vitest';
import { apiAs, setOpenAvailability } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

const STUDENT = 'student@northfield.example.edu';
const ALUMNUS = 'alumni@northfield.example.edu';
const NO_DATES = 'This user currently has no available dates for meeting';

/** The alumnus's availability: open-ended, or ended yesterday (spec 5 Availability). */
async function setAlumnusAvailability(alumnus: Awaited<ReturnType<typeof apiAs>>, hasEnded: boolean) {
  await setOpenAvailability(
    alumnus,
    hasEnded ? new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10) : null,
  );
}

describe('contacting people from their profile and the directory (issue #16 item 2)', () => {
  it('a student messages an alumnus from the profile, books a meeting in that conversation and reports the profile; the spec’s reasons show; nothing on their own profile', async () => {
    const alumnus = await apiAs(ALUMNUS);
    await setAlumnusAvailability(alumnus, false);
    const { page } = browser();
    await signInWithForm(page, STUDENT);
    await waitForPath(page, /^\/hub\//);

    // The profile offers what spec 6 allows this pair: the hub's types (no resume request or career
    // exploration: the demo hub does not enable them), a meeting and Report.
    await page.goto(`/profile/${alumnus.user.identifier}/`);
    await page.getByRole('heading', { level: 1, name: 'Alex Alumni' }).waitFor();
    const actions = page.getByRole('group', { name: 'Contact Alex Alumni' });
    await actions.getByRole('link', { name: 'Message', exact: true }).waitFor();
    await actions.getByRole('link', { name: 'Request long-term mentorship' }).waitFor();
    await actions.getByRole('link', { name: 'Ask for a quick chat' }).waitFor();
    await actions.getByRole('link', { name: 'Book a meeting' }).waitFor();
    await actions.getByRole('button', { name: 'Report' }).waitFor();
    expect(await actions.getByText(/resume|Explore a career/i).count()).toBe(0);
    await expectNoAxeViolations(page, 'profile with contact actions');

    // A request opens New message with the member and that type chosen.
    await actions.getByRole('link', { name: 'Ask for a quick chat' }).click();
    const requestDialog = page.getByRole('dialog', { name: 'New message' });
    await requestDialog.getByText('Alex Alumni').waitFor();
    expect(await requestDialog.getByRole('radio', { name: 'Flash mentorship' }).isChecked()).toBe(true);
    await requestDialog.getByRole('button', { name: 'Cancel' }).click();

    // Message: compose opens prefilled, sending starts the conversation.
    await page.goto(`/profile/${alumnus.user.identifier}/`);
    await actions.getByRole('link', { name: 'Message', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByText('Alex Alumni').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Message', exact: true }).isChecked()).toBe(true);
    await expectNoAxeViolations(page, 'compose opened from a profile');
    const editor = dialog.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await page.keyboard.type('Hello Alex, I found you on your profile.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await waitForPath(page, /^\/inbox\/[^/]+\/thread\//);
    const threadPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: 'Conversation with Alex Alumni' }).waitFor();
    await page.getByText('Hello Alex, I found you on your profile.').waitFor();

    // Book a meeting now goes into that open conversation with the meeting request open.
    await page.goto(`/profile/${alumnus.user.identifier}/`);
    await actions.getByRole('link', { name: 'Book a meeting' }).click();
    await waitForPath(page, threadPath);
    await page.getByRole('dialog', { name: 'Request a meeting with Alex' }).waitFor();
    await expectNoAxeViolations(page, 'meeting request opened from a profile');
    await page.keyboard.press('Escape');

    // Report uses the report form and the moderators get it.
    await page.goto(`/profile/${alumnus.user.identifier}/`);
    await actions.getByRole('button', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: 'Report this profile' });
    await report.getByRole('radio', { name: 'Spam or advertising' }).check();
    await expectNoAxeViolations(page, 'report a profile');
    await report.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thank you. Our moderators will review this report.').waitFor();

    // Once the alumnus's availability has ended, booking and the quick chat say why (spec 5, spec 8 message).
    await setAlumnusAvailability(alumnus, true);
    try {
      await page.goto(`/profile/${alumnus.user.identifier}/`);
      await page.getByText(`Book a meeting: ${NO_DATES}`).waitFor();
      await page.getByText(`Ask for a quick chat: ${NO_DATES}`).waitFor();
      expect(await actions.getByRole('button', { name: 'Book a meeting' }).isDisabled()).toBe(true);
      expect(await actions.getByRole('link', { name: 'Book a meeting' }).count()).toBe(0);
      await actions.getByRole('link', { name: 'Message', exact: true }).waitFor();
      await expectNoAxeViolations(page, 'profile with blocked contact actions');
    } finally {
      await setAlumnusAvailability(alumnus, false);
    }

    // Nothing to contact on one's own profile.
    await page.goto('/profile/me/');
    await page.getByRole('heading', { level: 1, name: 'Sam Student' }).waitFor();
    await page.getByRole('button', { name: 'Edit name and headline' }).waitFor();
    expect(await page.getByRole('group', { name: /^Contact / }).count()).toBe(0);
  });

  it('a directory card messages the person, and its menu holds the other ways to contact them', async () => {
    const alumnus = await apiAs(ALUMNUS);
    await setAlumnusAvailability(alumnus, false);
    const { page } = browser();
    await signInWithForm(page, STUDENT);
    await waitForPath(page, /^\/hub\//);
    await page.goto('/hub/northfield/person');
    await page.getByLabel('Search people').fill('Alex Alumni');
    const card = page.getByRole('article').filter({ hasText: 'Alex Alumni' }).first();
    await card.getByRole('link', { name: 'Message Alex Alumni' }).waitFor();

    await card.getByRole('button', { name: 'More ways to contact Alex Alumni' }).click();
    const menu = page.getByRole('menu', { name: 'Contact Alex Alumni' });
    await menu.getByRole('menuitem', { name: 'Ask for a quick chat' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Book a meeting' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Report' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: /resume/i }).count()).toBe(0);
    await expectNoAxeViolations(page, 'directory card menu');
    await page.keyboard.press('Escape');

    await card.getByRole('link', { name: 'Message Alex Alumni' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByText('Alex Alumni').waitFor();
    const editor = dialog.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await page.keyboard.type('Hi Alex, writing from the directory.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await waitForPath(page, /^\/inbox\/[^/]+\/thread\//);
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('list', { name: 'Messages' })
      .getByText('Hi Alex, writing from the directory.')
      .waitFor();
    await expectNoAxeViolations(page, 'conversation started from the directory');
  });
});
