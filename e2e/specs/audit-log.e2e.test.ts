import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const CLUSTER_ADMIN = 'clusteradmin@example.edu';
const HUB_ADMIN = 'hubadmin@northfield.example.edu';

describe('audit log (issue #22 item 7)', () => {
  it('a cluster admin reads the audit log from site administration, filters it and exports it as CSV', async () => {
    // A hub admin's change leaves an entry: the feature flags saved with their before and after.
    const hubAdmin = await apiAs(HUB_ADMIN);
    const { flags } = await hubAdmin.call<{ flags: Array<{ key: string; isOn: boolean }> }>(
      'GET',
      '/api/hub/feature-flags',
    );
    const giving = flags.find((flag) => flag.key === 'givingForm');
    expect(giving).toBeDefined();
    for (const isOn of [!giving?.isOn, giving?.isOn === true]) {
      await hubAdmin.call('PATCH', '/api/hub/feature-flags', { flags: { givingForm: isOn } });
    }

    const { page } = browser();
    await signInWithForm(page, CLUSTER_ADMIN);
    await waitForPath(page, /^\/hub\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Audit log' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/audit-log');
    await main.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const table = main.getByRole('region', { name: 'Audit log entries' });
    await table.getByRole('row').nth(1).waitFor();
    await expectNoAxeViolations(page, 'audit log');

    await main.getByRole('textbox', { name: 'Action starts with' }).fill('hub.feature_flags');
    await main.getByRole('button', { name: 'Show entries' }).click();
    const first = table.getByRole('row').nth(1);
    await first.getByText('hub.feature_flags_updated').waitFor();
    expect(await first.textContent()).toContain(HUB_ADMIN);
    expect(await first.textContent()).toContain('givingForm');
    // Only the header row lacks the action.
    expect(await table.getByRole('row').filter({ hasNotText: 'hub.feature_flags_updated' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'audit log filtered');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Hub,Actor,Actor email,Acting as,Acting as email,Action,Target type,Target,Details,IP',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',hub.feature_flags_updated,'))).toBe(true);
  });

  it('a hub admin has no audit log card, and the page itself says it is for cluster admins', async () => {
    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Features' }).waitFor();
    expect(await main.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await page.goto('/hub/northfield/site-admin/audit-log');
    await main.getByText('Only cluster admins can read the audit log').waitFor();
    await expectNoAxeViolations(page, 'audit log refused to a hub admin');
  });
});
