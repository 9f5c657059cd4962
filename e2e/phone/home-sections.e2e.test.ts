import { describe, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { expectCleanLayout } from '../support/layout';
import { signInWithForm } from '../support/sign-in';

/** The hub home's sections of issue #18 on a 390×844 phone: no sideways scrolling, nothing cut off, axe. */
const browser = useBrowserPerTest();

describe('the hub home on a phone (issue #18)', () => {
  it('lays out the demo student’s Explore sections cleanly', async () => {
    const { page } = browser();
    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    const main = page.getByRole('main');
    // The widget's heading is left alone: the desktop spec's admin test rewrites it on the shared server.
    await main.getByRole('region', { name: 'Videos to watch' }).waitFor();
    await main.getByRole('region', { name: 'Answers from the community' }).waitFor();
    await expectCleanLayout(page, 'phone hub home, Explore tab');
    await expectNoAxeViolations(page, 'phone hub home, Explore tab');
  });

  it('lays out the quick actions and the hero on the alumnus’s Guide tab', async () => {
    const { page } = browser();
    await signInWithForm(page, 'alumni@northfield.example.edu');
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.goto('/hub/northfield/?tab=giveBack');
    await page.getByRole('main').getByRole('region', { name: 'Things you can do here' }).waitFor();
    await expectCleanLayout(page, 'phone hub home, Guide tab');
    await expectNoAxeViolations(page, 'phone hub home, Guide tab');
  });
});
