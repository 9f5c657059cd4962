import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { expectCleanAtDesktopAndPhone } from '../support/layout';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const SUPER_ADMIN = 'superadmin@example.edu';

describe('super admin console (issue #23 item 1)', () => {
  it('the super admin creates a hub from a tenant type and sees it listed with its data region', async () => {
    const { page } = browser();
    await signInWithForm(page, SUPER_ADMIN);
    await waitForPath(page, /^\/hub\//);
    await page.getByRole('button', { name: /^Account menu for Sofia/ }).click();
    await page.getByRole('link', { name: 'Super admin' }).click();
    await waitForPath(page, '/super-admin');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Super admin' }).waitFor();

    // The demo's tenants: the demo cluster, a trial, and one whose deletion was requested.
    const harbor = main.getByRole('article', { name: 'Harbor College (trial)' });
    await harbor.waitFor();
    await harbor.getByText('Not production').waitFor();
    await main
      .getByRole('article', { name: 'Southern Cross Institute' })
      .getByText(/^Deletion requested: erased /)
      .waitFor();
    await main.getByRole('article', { name: 'Commons Demo' }).getByText('Your cluster').waitFor();
    await expectCleanAtDesktopAndPhone(page, 'super-admin');

    // A hub in the Europe range of ids, from the alumni community type.
    const hubId = String(2_000_000 + (Date.now() % 900_000));
    const name = `Harbor Alumni ${hubId}`;
    await harbor.getByRole('button', { name: 'Add hub' }).click();
    const dialog = page.getByRole('dialog', { name: 'New hub in Harbor College (trial)' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create hub' }).click();
    await dialog.getByText(/^Enter a hub id from 1 to 9,999,999/).waitFor();
    await expectNoAxeViolations(page, 'new hub with field errors');
    await dialog.getByRole('textbox', { name: 'Hub id' }).fill(hubId);
    await dialog.getByText('Data region: Europe').waitFor();
    await dialog.getByRole('textbox', { name: 'Identifier' }).fill(`harbor-alumni-${hubId}`);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Tenant type' }).selectOption({ label: 'Alumni community' });
    await dialog.getByText('Alumni networking, jobs, events, groups and the giving banner.').waitFor();
    await expectNoAxeViolations(page, 'new hub filled in');
    await dialog.getByRole('button', { name: 'Create hub' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = harbor.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await expect.poll(() => row.getByRole('cell', { name: 'Europe', exact: true }).count()).toBe(1);
    await expect.poll(() => row.getByRole('cell', { name: hubId, exact: true }).count()).toBe(1);

    // The same id again is refused on its field.
    await harbor.getByRole('button', { name: 'Add hub' }).click();
    await dialog.getByRole('textbox', { name: 'Hub id' }).fill(hubId);
    await dialog.getByRole('textbox', { name: 'Identifier' }).fill(`harbor-again-${hubId}`);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Again');
    await dialog.getByRole('button', { name: 'Create hub' }).click();
    await dialog.getByText('This hub id is taken; choose another.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // After a reload the hub is still listed with its region.
    await page.reload();
    await harbor
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell', { name: 'Europe' })
      .waitFor();
    await expectNoAxeViolations(page, 'super admin after a reload');
  });
});
