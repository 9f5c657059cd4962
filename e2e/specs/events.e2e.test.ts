import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

async function signOut(page: Page, firstName: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^Account menu for ${firstName}`) }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await waitForPath(page, '/sign-in');
}

/** 'YYYY-MM-DDTHH:mm' some days ahead, for a datetime-local input. */
function wallTime(daysAhead: number, hour: number): string {
  const date = new Date(Date.now() + daysAhead * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

describe('events', () => {
  it('an admin creates an event, a student registers and downloads the .ics', async () => {
    const { page } = browser();
    const title = `Portfolio review night ${Date.now()}`;

    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.goto('/events');
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await expectNoAxeViolations(page, 'events page');
    await page.getByRole('button', { name: 'Create an event' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('radio', { name: 'Hybrid' }).check();
    await page.getByLabel('Location').fill('Design studio, room 2');
    await page.getByLabel('Link to join').fill('https://meet.example.org/portfolio');
    await page.getByLabel('Starts').fill(wallTime(5, 18));
    await page.getByLabel('Ends').fill(wallTime(5, 20));
    await page.getByLabel('Capacity').fill('2');
    await expectNoAxeViolations(page, 'create event form');
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('0 of 2 places taken').waitFor();
    await expectNoAxeViolations(page, 'event page for the organiser');
    const eventPath = new URL(page.url()).pathname;
    await signOut(page, 'Hana');

    await signInWithForm(page, 'student@northfield.example.edu');
    await waitForPath(page, '/hub/northfield/');
    await page.goto('/events');

    // RSVP from the card (issue #16 item 18): register, see the standing and who goes, then cancel.
    const card = page.getByRole('article', { name: title });
    await card.getByText('Nobody going yet', { exact: true }).waitFor();
    await card.getByText('2 places left', { exact: false }).waitFor();
    await card.getByRole('button', { name: `Register: ${title}` }).click();
    await card.getByText('You are registered', { exact: true }).waitFor();
    await card.getByText('1 going', { exact: true }).waitFor();
    await card.getByText('1 place left', { exact: false }).waitFor();
    await card.getByRole('img', { name: 'Sam Student is going' }).waitFor();
    await expectNoAxeViolations(page, 'events page after registering from a card');
    await card.getByRole('button', { name: `Cancel registration: ${title}` }).click();
    await card.getByRole('button', { name: `Register: ${title}` }).waitFor();
    await card.getByText('Nobody going yet', { exact: true }).waitFor();
    expect(await card.getByText('You are registered').count()).toBe(0);

    await page.getByRole('link', { name: title }).click();
    await waitForPath(page, eventPath);
    await page.getByText('The link to join appears once you are registered.').waitFor();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    // In the page, not the toast that says the same while it shows.
    await page.getByRole('main').getByText('You are registered.').waitFor();
    await page.getByRole('link', { name: 'https://meet.example.org/portfolio' }).waitFor();
    await page.getByText('1 of 2 places taken').waitFor();
    await expectNoAxeViolations(page, 'event page after registering');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .ics' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^event-[0-9a-f-]+\.ics$/);
    const ics = await readFile(await download.path(), 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`SUMMARY:${title}`);
    expect(ics).toContain('https://meet.example.org/portfolio');
  });
});
