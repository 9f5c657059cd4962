import { describe, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest } from '../support/browser';
import { expectCleanLayout } from '../support/layout';
import { signInWithForm } from '../support/sign-in';

/**
 * Site administration's lists on a 390×844 phone (issue #22): the surveys list, bulk messages and the profile
 * fields scroll their tables inside their own region or wrap, never the page sideways; axe on each. The same for
 * a webhook's delivery log (issue #23), which a cluster admin opens.
 */
const browser = useBrowserPerTest();

const PAGES = [
  { path: '/hub/northfield/site-admin/surveys', role: 'region', name: 'Surveys' },
  { path: '/hub/northfield/site-admin/messages', role: 'region', name: 'Sent and scheduled messages' },
  { path: '/hub/northfield/site-admin/profile-fields', role: 'list', name: 'Profile fields in order' },
] as const;

describe('site administration lists on a phone (issue #22)', () => {
  it('lays out the surveys, bulk messages and profile fields pages without sideways scrolling', async () => {
    const { page } = browser();
    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    for (const { path, role, name } of PAGES) {
      await page.goto(path);
      // The list itself (the demo hub has a survey, messages and fields), not only the heading.
      await page.getByRole('main').getByRole(role, { name }).waitFor();
      await page.screenshot({
        path: `/tmp/e2e-phone-${path.split('/').pop() ?? 'page'}.png`,
        fullPage: true,
      });
      await expectCleanLayout(page, `phone ${path}`);
      await expectNoAxeViolations(page, `phone ${path}`);
    }
  });

  it('lays out a webhook’s delivery log without sideways scrolling', async () => {
    const { page } = browser();
    await signInWithForm(page, 'clusteradmin@example.edu');
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.goto('/hub/northfield/site-admin/webhooks');
    const main = page.getByRole('main');
    // The demo's webhook has three deliveries.
    await main.getByRole('button', { name: 'Show deliveries' }).first().click();
    await main
      .getByRole('region', { name: /^Deliveries to / })
      .first()
      .waitFor();
    await expectCleanLayout(page, 'phone webhook deliveries');
    await expectNoAxeViolations(page, 'phone webhook deliveries');
  });
});
