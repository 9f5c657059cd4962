import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { expectCleanLayout } from '../support/layout';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const SUPER_ADMIN = 'superadmin@example.edu';

type TCluster = { id: string; name: string; deleteRequestedAt: string | null };

describe('super admin: failed jobs and tenant erasure preview (issue #23 items 1 and 4)', () => {
  it('lists the failed jobs with their error and data, and a retry takes one off the list', async () => {
    const { page } = browser();
    await signInWithForm(page, SUPER_ADMIN);
    await waitForPath(page, /^\/(?!sign-in)/);
    await page.goto('/super-admin/jobs');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Failed jobs' }).waitFor();
    // The demo seeds one failed job that says it is a demo (each E2E server has its own fresh demo data).
    const demoJob = main.getByRole('listitem', { name: 'demo-failed-job' });
    await demoJob.waitFor();
    await expectNoAxeViolations(page, 'failed jobs');
    await expectCleanLayout(page, 'failed jobs');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectCleanLayout(page, 'failed jobs at 390 px');
    await expect.poll(() => demoJob.getByText(/Demo: this job was seeded as failed/).count()).toBe(1);
    await expect.poll(() => demoJob.getByText(/note: Seeded by the demo data/).count()).toBe(1);
    await demoJob.getByRole('button', { name: 'Retry demo-failed-job' }).click();
    await page.getByText('demo-failed-job will run again shortly.').waitFor();
    await demoJob.waitFor({ state: 'detached' });
    await main.getByRole('heading', { name: 'No failed jobs' }).waitFor();
    await expectNoAxeViolations(page, 'failed jobs after a retry (empty)');
  });

  it('shows the dry run of a tenant whose deletion was requested, with its erasure date', async () => {
    const superAdmin = await apiAs(SUPER_ADMIN);
    const clusters = await superAdmin.call<{ items: TCluster[] }>('GET', '/api/platform/clusters?limit=50');
    // The demo's Southern Cross Institute has a delete request; any cluster with one will do.
    const target = clusters.items.find((c) => c.deleteRequestedAt !== null);
    expect(target, 'a demo cluster with a delete request').toBeDefined();
    const { page } = browser();
    await signInWithForm(page, SUPER_ADMIN);
    await waitForPath(page, /^\/(?!sign-in)/);
    await page.goto(`/super-admin/clusters/${target?.id ?? ''}/erasure`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Tenant erasure preview' }).waitFor();
    await main.getByText('Erasure scheduled').waitFor();
    await main
      .getByText(target?.name ?? '')
      .first()
      .waitFor();
    const table = main.getByRole('table');
    await table.getByRole('cell', { name: 'clusters', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'hubs', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'erasure preview');
    await expectCleanLayout(page, 'erasure preview');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectCleanLayout(page, 'erasure preview at 390 px');
    await expectNoAxeViolations(page, 'erasure preview at 390 px');

    // An unknown cluster says so.
    await page.goto('/super-admin/clusters/00000000-0000-4000-8000-000000000000/erasure');
    await main.getByRole('heading', { name: 'No such cluster' }).waitFor();
    await expectNoAxeViolations(page, 'erasure preview of an unknown cluster');
  });

  it('tells a cluster admin the failed jobs are for super admins only', async () => {
    const { page } = browser();
    await signInWithForm(page, 'clusteradmin@example.edu');
    await waitForPath(page, /^\/(?!sign-in)/);
    await page.goto('/super-admin/jobs');
    await page.getByRole('heading', { name: 'Only super admins can see failed jobs' }).waitFor();
    await expectNoAxeViolations(page, 'failed jobs for a cluster admin');
  });
});
