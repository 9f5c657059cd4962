import { DEMOGRAPHIC_INFO_FIELDS, textAnswerCountProblem } from '@commons/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { passOnboarding, signUpAsStudent } from '../support/onboarding';
import { solidPng } from '../support/png';
import { openAllNextSteps } from '../support/next-steps';

const browser = useBrowserPerTest();

/** Where the focus is after a checklist click, and whether it and its editor are on screen. */
type TFocusState = {
  label: string;
  tag: string;
  type: string | null;
  isFieldOnScreen: boolean;
  isEditorOnScreen: boolean;
  doesEditorFit: boolean;
};

function focusState(page: Page): Promise<TFocusState | null> {
  return page.evaluate(() => {
    const field = document.activeElement;
    if (!(field instanceof HTMLElement) || field === document.body) return null;
    const editor = field.closest('form') ?? field.parentElement ?? field;
    const onScreen = (rect: DOMRect) => rect.top >= 0 && rect.bottom <= window.innerHeight;
    const editorRect = editor.getBoundingClientRect();
    const labels =
      field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.labels : null;
    return {
      label: (labels?.[0]?.textContent ?? field.textContent ?? '').replace(/\s*\*\s*$/, '').trim(),
      tag: field.tagName.toLowerCase(),
      type: field.getAttribute('type'),
      isFieldOnScreen: onScreen(field.getBoundingClientRect()),
      isEditorOnScreen: onScreen(editorRect),
      doesEditorFit: editorRect.height <= window.innerHeight,
    };
  });
}

const readScore = async (page: Page): Promise<number> =>
  Number.parseInt((await page.getByTestId('profile-score').textContent()) ?? '0', 10);

describe('profile checklist (issue #16 item 12)', () => {
  it('opens and focuses the editor of every checklist item, and a full profile reaches 100 %', async () => {
    const { page } = browser();
    // A fresh Riverside alumna: Riverside has the dynamic profile on, and alumni may offer help.
    await signUpAsStudent(page, {
      hub: 'riverside',
      firstName: 'Casey',
      email: `casey.${Date.now()}@riverside.example.edu`,
      userType: 'Alumni',
    });
    await waitForPath(page, '/hub/riverside/signup');
    await passOnboarding(page, { hubName: 'Riverside College' });
    await waitForPath(page, /^\/hub\/riverside\//);

    // The hub home lists the open action items above its sections (issue #18 item 4).
    await page.goto('/hub/riverside/');
    const nextSteps = await openAllNextSteps(page);
    await nextSteps.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    await expectNoAxeViolations(page, 'hub home with next steps');

    await page.goto('/profile/me/');
    await page.getByRole('heading', { level: 1, name: 'Casey Endtoend' }).waitFor();
    const checklist = page.getByRole('list', { name: 'Missing from your profile' });
    await checklist.waitFor();
    let score = await readScore(page);

    /** Clicks a checklist item: its editor opens on screen with the cursor in the expected field. */
    const openItem = async (text: string, expected: Partial<TFocusState>): Promise<void> => {
      await checklist.getByRole('button', { name: new RegExp(`^${text} \\(worth \\d+ points\\)$`) }).click();
      await expect.poll(() => focusState(page)).toMatchObject({ isFieldOnScreen: true, ...expected });
      const state = await focusState(page);
      // The whole editor is on screen whenever it fits the window.
      if (state?.doesEditorFit === true) expect(state.isEditorOnScreen).toBe(true);
    };
    /** After a save the score rises and the item leaves the checklist. */
    const expectProgress = async (text: string): Promise<void> => {
      await expect.poll(() => readScore(page)).toBeGreaterThan(score);
      score = await readScore(page);
      expect(await checklist.getByText(new RegExp(`^${text}`)).count()).toBe(0);
    };
    const save = (region: string) =>
      page.getByRole('region', { name: region }).getByRole('button', { name: 'Save' }).click();

    // The photo: the uploader's file input takes the focus.
    await openItem('Add a profile photo', { tag: 'input', type: 'file', label: 'Upload a profile photo' });
    await page.getByLabel('Upload a profile photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng({ size: 64, rgb: [160, 90, 40] }),
    });
    await expectProgress('Add a profile photo');

    await openItem('Write a few words about yourself', { tag: 'textarea', label: 'About' });
    await page.getByRole('textbox', { name: 'About' }).fill('I turn messy data into decisions.');
    await save('About');
    await expectProgress('Write a few words about yourself');

    // Career path expertise was opened off screen: now its editor is in view with the cursor in its field.
    await openItem('Add your career path expertise', { tag: 'input', label: 'Career path expertise' });
    expect((await focusState(page))?.isEditorOnScreen).toBe(true);
    // The expertise is chosen from the career paths catalogue (issue #20): type to find one, pick it.
    await page.keyboard.type('Data');
    await page.getByRole('option', { name: 'Data Science' }).click();
    if ((await page.getByRole('textbox', { name: 'Help topics' }).inputValue()) === '')
      await page.getByRole('textbox', { name: 'Help topics' }).fill('Resumes');
    await save('How I can help');
    await expectProgress('Add your career path expertise');

    // An empty work history: the editor's first control adds a position.
    await openItem('Add your work history', { tag: 'button', label: 'Add a position' });
    await page.keyboard.press('Enter');
    const position = page.getByRole('group', { name: 'Position 1' });
    await position.getByRole('textbox', { name: /^Role/ }).fill('Analyst');
    await position.getByRole('textbox', { name: 'Company' }).fill('Acme');
    await position.getByRole('combobox', { name: 'Start month' }).selectOption({ label: 'March' });
    await position.getByRole('combobox', { name: 'Start year' }).selectOption('2020');
    await position.getByRole('combobox', { name: 'End month' }).selectOption({ label: 'June' });
    await position.getByRole('combobox', { name: 'End year' }).selectOption('2022');
    await save('Work history');
    await expectProgress('Add your work history');

    // Additional information: a new editor with one row to fill in; its problems show at the fields.
    await openItem('Fill in additional information', { tag: 'input', label: 'Name' });
    const additional = page.getByRole('region', { name: 'Additional information' });
    await save('Additional information');
    await additional.getByText('Give this item a name.').waitFor();
    await additional.getByText('Write an answer, or remove this item.').waitFor();
    await expectNoAxeViolations(page, 'additional information editor with errors');
    const item = additional.getByRole('group', { name: 'Item 1' });
    await item.getByRole('textbox', { name: /^Name/ }).fill('Favourite book');
    await item.getByRole('textbox', { name: /^Answer/ }).fill('Dune');
    await save('Additional information');
    await additional.getByText('Dune').waitFor();
    await expectProgress('Fill in additional information');

    // Demographic information: the common fields, each optional.
    await openItem('Fill in demographic information', {
      tag: 'input',
      label: DEMOGRAPHIC_INFO_FIELDS[0].label,
    });
    await expectNoAxeViolations(page, 'demographic information editor');
    await page.getByRole('textbox', { name: 'Pronouns' }).fill('they/them');
    await page.getByRole('textbox', { name: 'Languages you speak' }).fill('English, Spanish');
    await save('Demographic information');
    const demographic = page.getByRole('region', { name: 'Demographic information' });
    await demographic.getByRole('cell', { name: 'they/them' }).waitFor();
    await expectProgress('Fill in demographic information');

    // The profile questions of the hub: a text answer needs 50 to 1000 characters (spec 5).
    await openItem('Answer the profile questions', {
      tag: 'textarea',
      label: 'What would you like to get out of this community?',
    });
    const questions = page.getByRole('region', { name: 'Profile questions' });
    const story = questions.getByRole('textbox', {
      name: 'What would you like to get out of this community?',
    });
    await story.fill('To meet people.');
    await save('Profile questions');
    await questions.getByText(textAnswerCountProblem('To meet people.'.length) ?? '').waitFor();
    await expectNoAxeViolations(page, 'profile questions editor with a short answer');
    await story.fill(
      'To meet alumni who moved from analytics into product work, and to help students do the same.',
    );
    await questions
      .getByRole('combobox', { name: 'How do you prefer to meet people?' })
      .selectOption('Video call');
    await save('Profile questions');
    await questions.getByText('Video call').waitFor();

    // Everything the score weighs is filled in.
    await expect.poll(() => readScore(page)).toBe(100);
    // The complete_profile action item completed by itself: its realtime event shows a toast.
    // (Saving help topics completed offer_expertise too: its toast may still show, so match this one.)
    await page
      .getByRole('alert')
      .filter({ hasText: 'Step completed' })
      .filter({ hasText: 'Complete your profile' })
      .waitFor();
    await checklist.waitFor({ state: 'detached' });
    expect(await page.getByTestId('profile-completion-nudge').count()).toBe(0);
    await expectNoAxeViolations(page, 'complete profile');

    // The completed item has left the hub home's next steps.
    await page.goto('/hub/riverside/');
    await openAllNextSteps(page);
    await nextSteps.getByRole('heading', { name: 'Upload your documents' }).waitFor();
    expect(await nextSteps.getByRole('heading', { name: 'Complete your profile' }).count()).toBe(0);
  });
});
