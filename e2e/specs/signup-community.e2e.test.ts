import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';

const browser = useBrowserPerTest();

/** /signup without a hub, at its community step. */
async function openCommunityStep(page: Page) {
  await page.goto('/signup');
  await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
  return page.getByRole('combobox', { name: 'Community' });
}

/** The error text linked to the field by aria-describedby. */
async function describedText(page: Page, field: ReturnType<Page['getByRole']>): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

describe('sign-up community step (issue #16 item 10)', () => {
  it('finds the community by its name and goes to its sign-up', async () => {
    const { page } = browser();
    const community = await openCommunityStep(page);
    await expectNoAxeViolations(page, 'sign-up community step');
    await community.fill('Northfield University');
    // Suggested while typing, in a listbox the field controls.
    const option = page.getByRole('option', { name: /Northfield University/ });
    await option.waitFor();
    expect(await community.getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page, 'sign-up community step with suggestions');
    await community.press('Enter');
    await waitForPath(page, '/hub/northfield/signup');
    await page.getByRole('heading', { level: 1, name: 'Join Northfield University' }).waitFor();
  });

  it('offers Northfield for the typo northfeild, keeps the text, and goes on once it is chosen', async () => {
    const { page } = browser();
    const community = await openCommunityStep(page);
    await community.fill('northfeild');
    await page.getByRole('option', { name: /Northfield University/ }).waitFor();

    // Sent as typed: no page change, the text stays, and the closest communities are offered.
    await community.press('Enter');
    await expect.poll(() => community.getAttribute('aria-invalid')).toBe('true');
    expect(await describedText(page, community)).toContain('No community matches ‘northfeild’.');
    expect(await community.inputValue()).toBe('northfeild');
    expect(new URL(page.url()).pathname).toBe('/signup');
    await page.getByText('Did you mean…?').waitFor();
    await expectNoAxeViolations(page, 'sign-up community step, did you mean');

    // Chosen from the suggestions with the keyboard: the field takes its name, Continue goes there.
    await community.focus();
    await community.press('ArrowDown');
    await expect
      .poll(() => page.getByRole('option', { name: /Northfield University/ }).getAttribute('aria-selected'))
      .toBe('true');
    await community.press('Enter');
    await expect.poll(() => community.inputValue()).toBe('Northfield University');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/hub/northfield/signup');
    await page.getByRole('heading', { level: 1, name: 'Join Northfield University' }).waitFor();
  });

  it('takes a "Did you mean" suggestion, and says so plainly when nothing matches', async () => {
    const { page } = browser();
    const community = await openCommunityStep(page);
    await community.fill('zzqxw');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => describedText(page, community))
      .toContain('No community matches ‘zzqxw’. Check the spelling');
    expect(new URL(page.url()).pathname).toBe('/signup');

    await community.fill('nortfield');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Northfield University' }).click();
    await waitForPath(page, '/hub/northfield/signup');
  });
});
