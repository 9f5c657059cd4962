import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
/** Names this run's pledge, so the admin steps find it among the demo pledges and earlier runs'. */
const NOTE = `For the rowing team, run ${Date.now().toString(36)}`;

describe('giving (issue #18 item 6)', () => {
  it('the demo alumnus pledges from the home banner and is sent on to the payment page', async () => {
    const { page } = browser();
    await signInWithForm(page, 'alumni@northfield.example.edu');
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/?tab=giveBack');
    const banner = page.getByRole('region', { name: 'Give back to Northfield University' });
    await banner.getByRole('link', { name: 'Make a gift' }).click();
    await waitForPath(page, '/hub/northfield/give');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Give back to Northfield University' }).waitFor();
    const form = main.getByRole('form', { name: 'Pledge a gift' });
    await form.getByRole('textbox', { name: 'Amount (USD)' }).waitFor();
    await expectNoAxeViolations(page, 'giving page');

    // A zero amount is refused by the server with the field's message, and nothing is recorded.
    await form.getByRole('textbox', { name: 'Amount (USD)' }).fill('0');
    await form.getByRole('textbox', { name: 'Designation' }).click();
    await page.getByRole('option', { name: 'Library', exact: true }).click();
    await form.getByRole('button', { name: 'Make my pledge' }).click();
    await form.getByText('Enter an amount greater than 0.').waitFor();
    await expectNoAxeViolations(page, 'giving form with a field error');

    await form.getByRole('textbox', { name: 'Amount (USD)' }).fill('42.50');
    await form.getByRole('checkbox', { name: 'Make this a recurring gift' }).check();
    await form.getByRole('radio', { name: 'Annually' }).check();
    await form.getByRole('textbox', { name: 'Note (optional)' }).fill(NOTE);
    await form.getByRole('button', { name: 'Make my pledge' }).click();

    await main.getByRole('heading', { level: 2, name: 'Thank you for your pledge' }).waitFor();
    await main.getByText('You pledged $42.50 every year').waitFor();
    const payment = main.getByRole('link', { name: 'Complete your gift (opens in a new tab)' });
    expect(await payment.getAttribute('href')).toBe('https://example.org/give');
    expect(await payment.getAttribute('target')).toBe('_blank');
    await expectNoAxeViolations(page, 'giving thank-you');
    const mine = main.getByRole('region', { name: 'Your pledges' });
    await mine.getByRole('cell', { name: '$42.50' }).first().waitFor();
  });

  it('the hub admin sees the pledge in the admin table and downloads the CSV', async () => {
    const { page } = browser();
    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/site-admin/giving');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Giving' }).waitFor();
    const row = main.getByRole('row').filter({ hasText: NOTE });
    await row.waitFor();
    expect(await row.textContent()).toContain('Alex Alumni');
    expect(await row.textContent()).toContain('$42.50');
    await expectNoAxeViolations(page, 'giving admin');
    // Saving the settings as they are keeps the demo's built-in banner image (not an upload, already set).
    await main.getByRole('textbox', { name: 'Banner title' }).waitFor();
    await main.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Giving settings saved.').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('pledges-northfield.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Pledged at (UTC),Donor,Email,Anonymous,Amount,Currency,Amount (minor units),Designation,Frequency,Note',
    );
    const line = lines.find((l) => l.includes(NOTE));
    expect(line).toContain(',Alex Alumni,alumni@northfield.example.edu,no,$42.50,USD,4250,Library,Annually,');
    // The demo alumnus's earlier pledges are there too.
    expect(lines.some((l) => l.includes(',$100.00,USD,10000,Scholarships,One-off,'))).toBe(true);
  });
});
