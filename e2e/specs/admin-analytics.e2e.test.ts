import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const HUB_ADMIN = 'hubadmin@northfield.example.edu';

describe('reports and analytics, import and export (issue #22 items 4 and 5)', () => {
  it('the hub admin reads the engagement charts, opens their numbers and downloads one as CSV', async () => {
    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Reports and analytics' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/analytics');
    await main.getByRole('heading', { level: 1, name: 'Reports and analytics' }).waitFor();
    // The demo hub's members joined over the past months: the sign-ups chart has bars and a total.
    const signups = main.getByRole('region', { name: 'Sign-ups' });
    await signups.getByRole('img', { name: /^Sign-ups per week/ }).waitFor();
    expect(
      Number((await signups.getByTestId('total-signups').textContent())?.replace(/\D/g, '')),
    ).toBeGreaterThan(0);
    // The chart library loads with the first chart (components/metric-chart.tsx): its bars follow.
    await signups.locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
    expect(await signups.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'analytics');

    await signups.getByText('Show the numbers').click();
    await signups.getByRole('table').waitFor();
    await expectNoAxeViolations(page, 'analytics with a data table open');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Download Sign-ups as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('analytics-signups-week.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Week starting,Sign-ups');
    expect(lines.length).toBeGreaterThan(20);

    // By month, for one user type.
    await main.getByText('Month', { exact: true }).click();
    await main.getByLabel('User type').click();
    await page.getByRole('option', { name: 'Alumni', exact: true }).click();
    await main.getByRole('button', { name: 'Show', exact: true }).click();
    await main.getByText(/by month\./).waitFor();
    await expectNoAxeViolations(page, 'analytics by month for alumni');
  });

  it('the hub admin exports users, checks an import with row errors and imports two new members with progress', async () => {
    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/site-admin/data');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Import and export' }).waitFor();
    await expectNoAxeViolations(page, 'import and export');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Download Users as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('northfield-users.csv');
    const users = await readFile(await download.path(), 'utf8');
    expect(users).toContain('Email,First name,Last name,User type');
    expect(users).toContain(HUB_ADMIN);

    const stamp = `${Date.now()}`;
    const csv = [
      'email,first name,last name,user type',
      `e2e-${stamp}-a@import.example.test,Ina,Import,Student`,
      `e2e-${stamp}-b@import.example.test,Ivo,Import,Alumni`,
      'not-an-email,Bad,Row,Student',
    ].join('\n');
    await main.locator('input[type="file"]').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const errors = main.getByRole('region', { name: 'Rows with errors' });
    await errors.getByRole('row', { name: /4 Email .*not a valid email address/ }).waitFor();
    await main.getByText(/3 rows checked: 2 ready to import \(2 new/).waitFor();
    await expectNoAxeViolations(page, 'import checked with row errors');

    await main.getByRole('button', { name: 'Import the 2 valid rows' }).click();
    const progress = main.getByTestId('import-progress');
    await progress.waitFor();
    // The job queue's worker picks the import up within its polling interval and the periodic jobs before it.
    await main.getByText('Import finished').waitFor({ timeout: 120_000 });
    expect(await progress.textContent()).toContain('2 of 2 rows processed: 2 new');
    await expectNoAxeViolations(page, 'import finished');
  });
});
