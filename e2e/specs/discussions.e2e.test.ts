import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

/** Signs out through the account menu of the person named `firstName`. */
async function signOut(page: Page, firstName: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Account menu for ${firstName}`) }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await waitForPath(page, '/sign-in');
}

describe('discussions', () => {
  it('a student asks with a mention, the alumnus is notified and answers, the admin pins the question, the student accepts the answer', async () => {
    const { page } = browser();
    const title = `How did you get your first design job? ${Date.now()}`;

    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.goto('/discussion');
    await page.getByRole('heading', { level: 1, name: 'Discussions' }).waitFor();
    await page.getByRole('heading', { level: 2, name: /^Ask (Anything|Your Community)$/ }).waitFor();
    await expectNoAxeViolations(page, 'discussion board');

    await page.getByLabel('Your question').fill(title);
    const details = page.getByRole('textbox', { name: 'Details (optional)' });
    await details.click();
    await page.keyboard.type('I would love advice from ');
    await page.keyboard.type('@Alex Al');
    const option = page.getByRole('option', { name: /Alex Alumni/ });
    await option.waitFor();
    await expectNoAxeViolations(page, 'mention list');
    await page.keyboard.press('Enter');
    await page.keyboard.type(' about portfolios.');
    await page.getByRole('button', { name: 'Post question' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.locator('a.mention').first().textContent()).toBe('@Alex Alumni');
    await expectNoAxeViolations(page, 'question page');
    await signOut(page, 'Sam');

    await signInWithForm(page, 'alumni@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.goto('/discussion');
    const notice = page.getByRole('link', { name: `Sam Student mentioned you in “${title}”` });
    await notice.waitFor();
    await notice.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('textbox', { name: 'Answer' }).click();
    await page.keyboard.type('Build a small portfolio of three real projects.');
    await page.getByRole('button', { name: 'Post answer' }).click();
    await page.getByRole('article', { name: 'Answer by Alex Alumni' }).waitFor();
    await page.getByRole('heading', { level: 2, name: '1 answer' }).waitFor();
    // The author edits the answer in place.
    const answer = page.getByRole('article', { name: 'Answer by Alex Alumni' });
    await answer.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = answer.getByRole('textbox', { name: 'Edit answer' });
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Ship each one.');
    await expectNoAxeViolations(page, 'answer being edited');
    await answer.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await answer.getByText('Build a small portfolio of three real projects. Ship each one.').waitFor();
    await expectNoAxeViolations(page, 'question with an answer');

    // A second answer, posted and deleted: focus goes to the answers heading, not to the page body.
    await page.getByRole('textbox', { name: 'Answer' }).click();
    await page.keyboard.type('Oops, this was meant for another question.');
    await page.getByRole('button', { name: 'Post answer' }).click();
    await page.getByRole('heading', { level: 2, name: '2 answers' }).waitFor();
    const mistaken = page
      .getByRole('article')
      .filter({ hasText: 'Oops, this was meant for another question.' });
    await mistaken.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete this answer?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const answersHeading = page.getByRole('heading', { level: 2, name: '1 answer' });
    await answersHeading.waitFor();
    await expect
      .poll(() => answersHeading.evaluate((element) => element === document.activeElement))
      .toBe(true);

    const questionUrl = new URL(page.url()).pathname;
    await signOut(page, 'Alex');

    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.goto(questionUrl);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const questionArticle = page.getByRole('article', { name: title });
    await questionArticle.getByRole('button', { name: 'Pin', exact: true }).click();
    await questionArticle.getByRole('button', { name: 'Unpin' }).waitFor();
    await page.goto('/discussion');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByText('Pinned').waitFor();
    await expectNoAxeViolations(page, 'discussion board with a pinned question');
    await signOut(page, 'Hana');

    // The asker accepts the answer (issue #16 item 18): badge on the answer, Answered on the card.
    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.goto(questionUrl);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const accept = page.getByRole('button', { name: 'Accept answer by Alex Alumni' });
    expect(await accept.getAttribute('aria-pressed')).toBe('false');
    await accept.click();
    const accepted = page.getByRole('article', { name: 'Accepted answer by Alex Alumni' });
    await accepted.getByText('Accepted answer', { exact: true }).waitFor();
    const acceptedButton = accepted.getByRole('button', { name: 'Accepted answer by Alex Alumni' });
    expect(await acceptedButton.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('article', { name: title }).getByText('Answered', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'question with an accepted answer');
    await page.goto('/discussion');
    const answeredCard = page.getByRole('article').filter({ hasText: title });
    await answeredCard.getByText('Answered', { exact: true }).waitFor();
    await answeredCard.getByText(/1 answer\b/).waitFor();
    await expectNoAxeViolations(page, 'discussion board with an answered question');
  });
});
