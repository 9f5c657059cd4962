import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { expectCleanLayout } from '../support/layout';
import { signInWithForm } from '../support/sign-in';

/**
 * The home sections of issue #18 item 2 with the demo content of item 8: the hub's widget, videos,
 * recommended answers, profile fields to fill in and quick actions, each leading somewhere the viewer can
 * open; and a hub admin writing the widget, whose HTML the server cleans.
 */
const browser = useBrowserPerTest();

describe('home sections from real data (issue #18)', () => {
  it('shows the demo student the widget, videos, answers and profile fields on Explore, and quick actions on Planner', async () => {
    const { page } = browser();
    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Explorer', selected: true }).waitFor();

    const widget = main.getByRole('region', { name: 'This week on campus' });
    await widget.getByText('Career week starts Monday.').waitFor();
    expect(await widget.locator('script, [onclick]').count()).toBe(0);
    const programme = widget.getByRole('link', { name: 'See the full programme' });
    expect(await programme.getAttribute('rel')).toBe('noopener noreferrer');

    const videos = main.getByRole('region', { name: 'Videos to watch' });
    expect(
      await videos
        .getByRole('link', { name: 'Informational interviews in five minutes' })
        .getAttribute('href'),
    ).toBe('/resources/post/informational-interviews-in-five-minutes');
    const answers = main.getByRole('region', { name: 'Answers from the community' });
    await answers
      .getByText(/^Accepted answer · /)
      .first()
      .waitFor();

    // The home answer carries a section's first six items; "Show all" reads the rest of it.
    const people = main.getByRole('region', { name: 'People you may want to meet' });
    expect(await people.getByRole('listitem').count()).toBe(6);
    const showAll = people.getByRole('button', { name: /^Show all \d+$/ });
    const total = Number((await showAll.textContent())?.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(6);
    await showAll.click();
    await people
      .getByRole('listitem')
      .nth(total - 1)
      .waitFor();
    expect(await people.getByRole('listitem').count()).toBe(total);
    expect(await people.getByRole('button', { name: /^Show all/ }).count()).toBe(0);

    const fields = main.getByRole('region', { name: 'Complete your profile' });
    const firstField = fields.getByRole('listitem').first().getByRole('link');
    expect(await firstField.getAttribute('href')).toMatch(/^\/profile\/[^/]+\/(\?edit=\w+|#profile-photo)$/);
    await expectCleanLayout(page, 'hub home, Explore tab with the new sections');
    await expectNoAxeViolations(page, 'hub home, Explore tab with the new sections');

    await firstField.click();
    await page.waitForURL((url) => url.pathname.startsWith('/profile/'));
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();

    await page.goto('/hub/northfield/?tab=discover');
    const actions = page.getByRole('main').getByRole('region', { name: 'Things you can do here' });
    await actions.getByRole('link', { name: 'Join a group' }).click();
    await waitForPath(page, '/groups');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  });

  it('lets a hub admin write the widget; scripts, handlers and frames of other hosts are removed', async () => {
    const { page } = browser();
    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.goto('/hub/northfield/?tab=explore');
    await page.getByRole('button', { name: 'Edit widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the home widget' });
    const heading = dialog.getByRole('textbox', { name: 'Heading' });
    await heading.waitFor();
    expect(await heading.inputValue()).toBe('This week on campus');
    await expectNoAxeViolations(page, 'edit the home widget');
    const html = dialog.getByRole('textbox', { name: 'HTML' });
    const originalHtml = await html.inputValue();
    await heading.fill('Open day');
    await html.fill(
      '<p onclick="alert(1)">Open day is <strong>Saturday</strong>.</p><script>window.hacked = 1</script>' +
        '<iframe src="https://evil.example/embed"></iframe>',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const widget = page.getByRole('main').getByRole('region', { name: 'Open day' });
    await widget.getByText('Saturday').waitFor();
    expect(await widget.locator('script, iframe, [onclick]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

    // The demo's widget back, for the specs that run after this one on the same server.
    await page.getByRole('button', { name: 'Edit widget' }).click();
    await heading.fill('This week on campus');
    await html.fill(originalHtml);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('main').getByRole('region', { name: 'This week on campus' }).waitFor();
  });
});
