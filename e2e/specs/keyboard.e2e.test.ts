import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, setOpenAvailability } from '../support/api-as';
import { DEMO_PASSWORD, expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { pressUntilFocused, tabTo, typeInto } from '../support/keyboard';
import { confirmSignUpFromMail } from '../support/onboarding';

const browser = useBrowserPerTest();

/**
 * Keyboard-only journeys (issue #16, Tests): every control is reached with Tab or the arrow keys and used with
 * Enter, Space or typing; no click, fill or check. Only addresses are typed into the address bar (page.goto).
 */

/** Tabs to the button or link and presses Enter. */
async function activate(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Signs in through /sign-in with the keyboard. */
async function signInByKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await typeInto(page, page.getByLabel('Email'), email);
  await typeInto(page, page.getByLabel('Password'), DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

describe('keyboard only (issue #16)', () => {
  it('a new student signs up, walks the signup steps and the matching quiz, and registers for a mentoring program', async () => {
    const { page } = browser();
    const email = `kim.${Date.now()}@riverside.example.edu`;

    // Sign-up form: the user type is a radio group, chosen with the arrow keys.
    await page.goto('/hub/riverside/signup');
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    const student = page.getByRole('radio', { name: 'Student', exact: true });
    await tabTo(page, page.getByRole('radio').first());
    await pressUntilFocused(page, 'ArrowDown', student, 10);
    await page.keyboard.press('Space');
    expect(await student.isChecked()).toBe(true);
    await typeInto(page, page.getByLabel('First name'), 'Kim');
    await typeInto(page, page.getByLabel('Last name'), 'Keyboard');
    await typeInto(page, page.getByLabel('Email'), email);
    await typeInto(page, page.getByLabel('Password'), 'Commons-e2e-1');
    await activate(page, page.getByRole('button', { name: 'Create account' }));
    await confirmSignUpFromMail(page, email);

    // The signup steps.
    await page.getByRole('heading', { level: 1, name: 'Welcome to Riverside College' }).waitFor();
    const next = page.getByRole('button', { name: 'Save and continue' });
    await page.getByRole('heading', { level: 2, name: 'About you' }).waitFor();
    await typeInto(page, page.getByLabel('Headline'), 'History student');
    await activate(page, next);
    await page.getByRole('heading', { level: 2, name: 'Schools and majors' }).waitFor();
    await typeInto(page, page.getByRole('textbox', { name: /^School/ }), 'Riverside College');
    await typeInto(page, page.getByLabel('Majors', { exact: true }), 'History');
    await activate(page, next);
    await page.getByRole('heading', { level: 2, name: 'Work history' }).waitFor();
    await activate(page, next);
    await page.getByRole('heading', { level: 2, name: 'Interests and help' }).waitFor();
    await activate(page, next);
    await page.getByRole('heading', { level: 2, name: 'Finish' }).waitFor();
    await activate(page, page.getByRole('button', { name: 'Finish' }));

    // The first-time matching quiz (spec 4) follows for a riverside student.
    await page.getByRole('heading', { level: 1, name: 'What would you like to learn about?' }).waitFor();
    const firstChoice = page.getByRole('checkbox').first();
    await tabTo(page, firstChoice);
    await page.keyboard.press('Space');
    expect(await firstChoice.isChecked()).toBe(true);
    await activate(page, page.getByRole('button', { name: 'Show my matches' }));
    await page.getByRole('heading', { level: 1, name: 'People you might want to meet' }).waitFor();
    await activate(page, page.getByRole('button', { name: 'Finish' }));
    await page.getByRole('heading', { level: 1, name: 'Welcome, Kim' }).waitFor();

    // A mentoring program: its registration questions answered with the keyboard.
    await page.goto('/programs/riverside-mentoring');
    await page.getByRole('heading', { level: 1, name: 'Riverside Mentoring Program' }).waitFor();
    await activate(page, page.getByRole('link', { name: 'Register' }));
    await waitForPath(page, '/programs/onboarding');
    const form = page.getByRole('form', { name: 'Program registration' });
    const mentee = form.getByRole('radio', { name: 'Mentee' });
    await tabTo(page, form.getByRole('radio').first());
    await pressUntilFocused(page, 'ArrowDown', mentee, 5);
    await page.keyboard.press('Space');
    expect(await mentee.isChecked()).toBe(true);
    const industry = form.getByRole('textbox', { name: 'Which industry would you like to explore?' });
    await tabTo(page, industry);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option').first().waitFor();
    // The list may open before an option is marked (Mantine marks it after the open); Enter then picks nothing
    // and the required answer stays empty, so press ArrowDown until one is marked.
    const marked = page.locator('[role="option"][data-combobox-selected]');
    for (let tries = 0; tries < 3 && (await marked.count()) === 0; tries += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await marked.first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => industry.inputValue()).not.toBe('');
    const watched = form.getByRole('checkbox', { name: 'I watched the program welcome video' });
    await tabTo(page, watched);
    await page.keyboard.press('Space');
    expect(await watched.isChecked()).toBe(true);
    await typeInto(
      page,
      form.getByRole('textbox', { name: 'What is your goal for this year?' }),
      'Find out how archives and museums hire',
    );
    await activate(page, form.getByRole('button', { name: 'Register' }));
    await page.getByRole('heading', { level: 2, name: 'You are in Riverside Mentoring Program!' }).waitFor();
    await expectNoAxeViolations(page, 'program registration done (keyboard)');
  });

  it('a student writes to an alumnus and requests a meeting with proposed times', async () => {
    const alumnus = await apiAs('alumni@northfield.example.edu');
    // Bookable at any time (no weekly hours), whatever an earlier spec left.
    await setOpenAvailability(alumnus);
    const { page } = browser();
    await signInByKeyboard(page, 'student@northfield.example.edu');

    // The alumnus's profile: Message opens the compose dialog.
    await page.goto(`/profile/${alumnus.user.identifier}/`);
    await page.getByRole('heading', { level: 1, name: 'Alex Alumni' }).waitFor();
    await activate(page, page.getByRole('main').getByRole('link', { name: 'Message', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.waitFor();
    const text = `Hello Alex, a keyboard-only hello at ${Date.now()}`;
    await typeInto(page, dialog.getByRole('textbox', { name: 'Message' }), text);
    await activate(page, dialog.getByRole('button', { name: 'Send' }));
    await waitForPath(page, /^\/inbox\/[^/]+\/thread\//);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();

    // Replies from the sticky reply box: it empties as a message leaves, so the next one is typed at once and
    // nothing typed meanwhile is lost; a failed send puts the text back.
    const replyBox = page.getByRole('textbox', { name: 'Your message' });
    const send = page.getByRole('form', { name: 'Reply' }).getByRole('button', { name: 'Send' });
    const messages = page.getByRole('list', { name: 'Messages' });
    await typeInto(page, replyBox, 'And one more thing.');
    await activate(page, send);
    await pressUntilFocused(page, 'Shift+Tab', replyBox);
    await page.keyboard.type('And a last one.');
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await messages.getByText('And one more thing.', { exact: true }).waitFor();
    await messages.getByText('And a last one.', { exact: true }).waitFor();
    await page.route('**/api/inbox/threads/*/messages', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionfailed') : route.fallback(),
    );
    await pressUntilFocused(page, 'Shift+Tab', replyBox);
    await page.keyboard.type('This one fails.');
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: 'Reply' }).getByRole('alert').waitFor();
    await expect.poll(() => replyBox.textContent()).toBe('This one fails.');
    await page.unrouteAll();

    // A meeting request: a day typed into the date field, two free times checked with Space.
    await activate(page, page.getByRole('button', { name: 'Request a meeting' }));
    const request = page.getByRole('dialog', { name: 'Request a meeting with Alex' });
    await request.waitFor();
    const day = new Date(Date.now() + 4 * 86_400_000);
    await tabTo(page, request.getByLabel('Day', { exact: true }));
    // Chromium's date field takes the digits in the locale's order (en-US: month, day, year).
    await page.keyboard.type(
      `${String(day.getUTCMonth() + 1).padStart(2, '0')}${String(day.getUTCDate()).padStart(2, '0')}${String(day.getUTCFullYear())}`,
    );
    const slots = request.getByRole('group', { name: /Free times on this day/ }).getByRole('checkbox');
    await tabTo(page, slots.nth(20));
    await page.keyboard.press('Space');
    await tabTo(page, slots.nth(22));
    await page.keyboard.press('Space');
    await request.getByText('Proposed times (2 of 5)').waitFor();
    await expectNoAxeViolations(page, 'meeting request dialog (keyboard)');
    await activate(page, request.getByRole('button', { name: 'Send request' }));
    await request.waitFor({ state: 'hidden' });
    await page
      .getByRole('article', { name: /Video call with Alex Alumni/ })
      .getByTestId('meeting-status')
      .getByText('Your request has been sent to Alex')
      .waitFor();
    // Focus went back to the button that opened the dialog.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Request a meeting');
  });
});
