import type { Page } from 'playwright-core';

/**
 * The hub home's "Your next steps" with every step shown: the home shows the first few and keeps the rest
 * behind "Show all next steps". Waits for the steps to load.
 */
export async function openAllNextSteps(page: Page) {
  const nextSteps = page.getByRole('region', { name: 'Your next steps' });
  await nextSteps.waitFor();
  const showAll = nextSteps.getByRole('button', { name: /^Show all next steps/ });
  if ((await showAll.count()) > 0) await showAll.click();
  return nextSteps;
}
