import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { passOnboarding, signUpAsStudent } from '../support/onboarding';
import { signInWithForm } from '../support/sign-in';
import { openAllNextSteps } from '../support/next-steps';

const browser = useBrowserPerTest();
/** This run's header, so a rerun on the same server finds its own edit. */
const HEADER = `Join a club this term ${Date.now().toString(36)}`;
const PROMPT = 'What made you pick this group?';

describe('action items (issue #18 item 4)', () => {
  it('the hub admin edits an item in the admin screen; a newcomer sees it, joins a group and the item completes', async () => {
    const admin = browser();
    await signInWithForm(admin.page, 'hubadmin@riverside.example.edu');
    await waitForPath(admin.page, /^\/hub\/riverside\//);
    await admin.page.goto('/hub/riverside/site-admin');
    await admin.page.getByRole('main').getByRole('link', { name: 'Action items' }).click();
    await waitForPath(admin.page, '/hub/riverside/site-admin/action-items');
    const main = admin.page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Action items' }).waitFor();
    await main.getByRole('heading', { level: 2, name: 'Get started' }).waitFor();
    await expectNoAxeViolations(admin.page, 'action items admin');

    // The demo's own step is on, with its link; the group registration opens for editing by keyboard.
    await main.getByRole('button', { name: /Read the community guidelines\s*On/ }).waitFor();
    const control = main.getByRole('button', { name: /Finish your registration/ });
    await control.focus();
    await admin.page.keyboard.press('Enter');
    const form = main.getByRole('form', { name: 'Edit Finish your registration' });
    await form.getByRole('textbox', { name: 'Header' }).fill(HEADER);
    await form.getByRole('textbox', { name: 'Reflection prompt' }).fill(PROMPT);
    // The preview shows the banner as members will see it, before saving.
    const preview = main.getByRole('region', { name: 'Preview of Finish your registration' });
    await preview.getByRole('heading', { name: HEADER }).waitFor();
    // An image over 120 kB is refused before it is uploaded.
    await form.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(121 * 1024, 1),
    });
    await form.getByText('The image must be 120 kB or smaller.').waitFor();
    await expectNoAxeViolations(admin.page, 'action item edit form');
    await form.getByRole('button', { name: /^Save\s*: Finish your registration$/ }).click();
    await admin.page.getByText(`“${HEADER}” saved.`).waitFor();
    await main.getByRole('button', { name: new RegExp(`${HEADER}\\s*On`) }).waitFor();

    // A newcomer of the hub, in a browser of their own, sees the edited item on their home.
    const newcomer = await openBrowser();
    try {
      await newcomerJoinsAGroup(newcomer.page);
      expect(newcomer.pageErrors).toEqual([]);
    } finally {
      await newcomer.close();
    }
  });
});

/** A newcomer sees the edited item, joins a group from it, gets the toast and answers the reflection prompt. */
async function newcomerJoinsAGroup(page: Page): Promise<void> {
  await signUpAsStudent(page, {
    hub: 'riverside',
    firstName: 'Robin',
    email: `robin.${Date.now()}@riverside.example.edu`,
    // An alumna: a new student's home first asks for their interests (the first-time matching).
    userType: 'Alumni',
  });
  await waitForPath(page, '/hub/riverside/signup');
  await passOnboarding(page, { hubName: 'Riverside College' });
  await waitForPath(page, /^\/hub\/riverside\//);
  await page.goto('/hub/riverside/');
  const nextSteps = await openAllNextSteps(page);
  await nextSteps.getByRole('heading', { name: HEADER }).waitFor();
  await nextSteps.getByRole('heading', { name: 'Read the community guidelines' }).waitFor();
  await expectNoAxeViolations(page, 'home with the edited action item');

  // The item's button opens the groups; joining one completes the item by itself, with its toast.
  await nextSteps.getByRole('article', { name: HEADER }).getByRole('link', { name: 'Register' }).click();
  await waitForPath(page, '/groups');
  await page.getByRole('list', { name: 'Groups' }).getByRole('link', { name: 'Entrepreneurs Club' }).click();
  await page.getByRole('button', { name: 'Join group' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Step completed' }).filter({ hasText: HEADER });
  await toast.waitFor();
  await expectNoAxeViolations(page, 'step completed toast');

  // Back home, the item has left the next steps and its reflection prompt asks once.
  await page.goto('/hub/riverside/');
  await openAllNextSteps(page);
  const reflection = nextSteps.getByRole('textbox', { name: PROMPT });
  await reflection.waitFor();
  expect(await nextSteps.getByRole('heading', { name: HEADER, exact: true }).count()).toBe(1);
  expect(await nextSteps.getByRole('link', { name: 'Register' }).count()).toBe(0);
  await expectNoAxeViolations(page, 'home with a reflection prompt');
  await reflection.fill('Friends told me about the pitch nights.');
  await nextSteps.getByRole('button', { name: new RegExp(`^Save answer\\s*: ${HEADER}$`) }).click();
  await reflection.waitFor({ state: 'detached' });
  await nextSteps.getByRole('heading', { name: 'Read the community guidelines' }).waitFor();
}
