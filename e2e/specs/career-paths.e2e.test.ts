import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { openHubSection } from '../support/hub-sections';
import { tabTo } from '../support/keyboard';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

/** Names this run's career path, so a second run against the same server adds its own. */
const RUN = Date.now().toString(36);
const TITLE = `Sports Management ${RUN}`;

describe('career paths (issue #20 item 2)', () => {
  it('the demo student finds Nursing by search, favourites it by keyboard and sees alumni recommended on its page and the home', async () => {
    const { page } = browser();
    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, /^\/hub\/northfield\//);

    // The Career Paths tab (spec 2 navigation tabs) lists the catalogue; the student's two demo favourites show.
    await openHubSection(page, 'Career Paths');
    await waitForPath(page, '/hub/northfield/career-paths');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Career Paths' }).waitFor();
    await main.getByRole('article', { name: 'Software Engineering' }).waitFor();
    expect(
      await main
        .getByRole('button', { name: 'Favorited: Software Engineering' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // The hub's career assessment (the demo's PathwayU) is offered beside the catalogue.
    const assessment = main.getByRole('region', { name: 'PathwayU' });
    expect(await assessment.getByRole('link', { name: 'Open PathwayU' }).getAttribute('href')).toBe(
      '/hub/northfield/career-assessment',
    );
    await expectNoAxeViolations(page, 'career paths');

    // Full-text search by a word's start: "nurs" finds Nursing only.
    await main.getByRole('textbox', { name: 'Search career paths' }).fill('nurs');
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await main.getByRole('article', { name: 'Nursing' }).waitFor();
    await expect.poll(() => main.getByRole('article').count()).toBe(1);

    // Its page: salary, roles, and the favourite button, pressed from the keyboard.
    await main.getByRole('link', { name: 'Nursing', exact: true }).click();
    await main.getByRole('heading', { level: 1, name: 'Nursing' }).waitFor();
    await main.getByText('$65,000 – $120,000 a year').waitFor();
    await main.getByText('Registered nurse').waitFor();
    const favorite = main.getByRole('button', { name: 'Favorite: Nursing' });
    expect(await favorite.getAttribute('aria-pressed')).toBe('false');
    await tabTo(page, favorite);
    await page.keyboard.press('Enter');
    const favorited = main.getByRole('button', { name: 'Favorited: Nursing' });
    await favorited.waitFor();
    expect(await favorited.getAttribute('aria-pressed')).toBe('true');

    // Alumni who name Nursing as their career path expertise are recommended, with their profiles.
    const alumni = main.getByRole('region', { name: 'Alumni in this career' });
    const nurse = alumni.getByRole('listitem').filter({ hasText: 'Nursing' }).first();
    await nurse.waitFor();
    const profileHref = await nurse.getByRole('link').first().getAttribute('href');
    expect(profileHref).toMatch(/^\/profile\//);
    await expectNoAxeViolations(page, 'a career path');

    // The home: Nursing among the favourites and the alumni of the student's career paths.
    await page.goto('/hub/northfield/');
    const liked = main.getByRole('region', { name: 'Your favorite career paths' });
    await liked.getByRole('link', { name: 'Nursing' }).waitFor();
    await liked.getByRole('link', { name: 'Software Engineering' }).waitFor();
    const widget = main.getByRole('region', { name: 'Alumni in your career paths' });
    await widget.getByRole('link').filter({ hasText: /\S/ }).first().waitFor();
    expect(await widget.getByRole('link', { name: 'Alex Alumni' }).count()).toBeGreaterThan(0);
    const recommended = main.getByRole('region', { name: 'Career paths for you' });
    expect(await recommended.getByRole('link', { name: 'Nursing' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'home with career sections');

    // My favorites lists the three; unfavourited, Nursing leaves the list.
    await page.goto('/hub/northfield/career-paths?show=favorites');
    await main.getByRole('article', { name: 'Nursing' }).waitFor();
    await expect.poll(() => main.getByRole('article').count()).toBe(3);
    await main.getByRole('button', { name: 'Favorited: Nursing' }).click();
    await expect.poll(() => main.getByRole('article').count()).toBe(2);
    expect(await main.getByRole('article', { name: 'Nursing' }).count()).toBe(0);
  });

  it('the hub admin adds a career path with a video, sees it, archives it and restores it', async () => {
    const { page } = browser();
    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Career paths' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/career-paths');
    await main.getByRole('link', { name: 'Accounting' }).waitFor();
    await expectNoAxeViolations(page, 'managing career paths');

    await main.getByRole('button', { name: 'Add a career path' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a career path' });
    // The contract's messages show before anything is sent.
    await dialog.getByRole('button', { name: 'Add career path' }).click();
    await dialog.getByText('Enter a title.').waitFor();
    await expectNoAxeViolations(page, 'the career path form');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Run teams, leagues and venues.');
    const roles = dialog.getByRole('textbox', { name: 'Typical roles' });
    await roles.fill('Athletic director');
    await roles.press('Enter');
    await dialog.getByRole('textbox', { name: 'Lowest yearly salary (USD)' }).fill('45000');
    await dialog.getByRole('textbox', { name: 'Highest yearly salary (USD)' }).fill('90000');
    // A video from a host outside the approved list is refused by the server (spec 5 Embedded frames).
    const video = dialog.getByRole('textbox', { name: 'Video link' });
    await video.fill('https://video.example.com/watch/1');
    await dialog.getByRole('button', { name: 'Add career path' }).click();
    await dialog.getByText(/^Use a video link from YouTube/).waitFor();
    await video.fill('https://www.youtube.com/watch?v=abcdefghijk');
    await dialog.getByRole('button', { name: 'Add career path' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Its page embeds the player of the link; archived, members no longer see it; restored, it is back.
    await main.getByRole('link', { name: TITLE }).click();
    await main.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await main.getByText('$45,000 – $90,000 a year').waitFor();
    expect(await main.locator(`iframe[title="Video: ${TITLE}"]`).getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abcdefghijk',
    );
    await page.goBack();
    await main.getByRole('button', { name: `Archive ${TITLE}` }).click();
    await expect.poll(() => main.getByRole('link', { name: TITLE }).count()).toBe(0);
    // The segmented control's labels are what a pointer clicks (its radios are visually hidden).
    await main.locator('label', { hasText: 'Archived' }).click();
    expect(await main.getByRole('radio', { name: 'Archived' }).isChecked()).toBe(true);
    await main.getByRole('button', { name: `Restore ${TITLE}` }).click();
    await expect.poll(() => main.getByRole('link', { name: TITLE }).count()).toBe(0);
    await main.locator('label', { hasText: 'Active' }).click();
    await main.getByRole('link', { name: TITLE }).waitFor();
  });
});
