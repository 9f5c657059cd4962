import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowserPerTest } from '../support/browser';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();

const STUDENT = 'student@northfield.example.edu';
const HUB_ADMIN = 'hubadmin@northfield.example.edu';

describe('career assessment (issue #20 item 4)', () => {
  it('the demo student launches PathwayU, finishes on the demo provider and sees the results on the profile', async () => {
    const { page } = browser();
    await signInWithForm(page, STUDENT);
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));

    // The action item's link: the hub's assessments under the tab's name.
    await page.goto('/hub/northfield/career-assessment');
    await page.getByRole('heading', { level: 1, name: 'PathwayU' }).waitFor();
    const card = page.getByRole('article', { name: 'PathwayU' });
    await card.getByText('Not taken yet.').waitFor();
    await expectNoAxeViolations(page, 'assessments list');
    await card.getByRole('link', { name: 'Start PathwayU' }).click();

    await page.waitForURL('**/hub/northfield/career-assessment/pathwayu');
    await page.getByRole('heading', { level: 1, name: 'PathwayU' }).waitFor();
    await expectNoAxeViolations(page, 'assessment page');
    await page.getByRole('button', { name: 'Start the assessment' }).click();

    // The demo provider (served by the demo server) shows the signed token's claims.
    await page.waitForURL((url) => url.pathname === '/api/assessments/demo-provider');
    await page.getByRole('heading', { level: 1, name: 'PathwayU (demo provider)' }).waitFor();
    const claims = page.getByRole('table');
    await claims.getByText('Sam Student', { exact: false }).waitFor();
    await claims.getByText('Northfield', { exact: false }).first().waitFor();
    expect(await claims.getByRole('row', { name: /Returns to/ }).innerText()).toContain(
      '/hub/northfield/career-assessment/pathwayu?completed=1',
    );
    await expectNoAxeViolations(page, 'demo provider');
    await page.getByRole('radio', { name: 'Finding patterns in data' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();

    // Back in Commons: the results the webhook stored.
    await page.waitForURL('**/hub/northfield/career-assessment/pathwayu?completed=1');
    await page.getByText('Thanks for finishing').waitFor();
    const results = page.getByRole('region', { name: 'Your results' });
    await results.getByText('Data analyst').waitFor();
    await results.getByText('92% match').waitFor();
    await expectNoAxeViolations(page, 'assessment results');

    await results.getByRole('link', { name: 'See them on your profile' }).click();
    const section = page.getByRole('region', { name: 'Career assessment' });
    await section.getByText('Data analyst').waitFor();
    await section.getByText(/analysis, finance and software roles/).waitFor();
    await expectNoAxeViolations(page, 'profile with assessment results');

    // The action item is done: the list no longer offers it.
    await page.goto('/hub/northfield/career-assessment');
    await page
      .getByRole('article', { name: 'PathwayU' })
      .getByText(/^Completed /)
      .waitFor();
  });

  it('the hub admin sees PathwayU with its webhook, and the secret is asked for but never shown', async () => {
    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await page.goto('/hub/northfield/site-admin');
    await page.getByRole('link', { name: 'Career assessments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Career assessments' }).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: 'PathwayU' });
    await row.getByText(/\/api\/assessments\/[0-9a-f-]{36}\/results/).waitFor();
    await row.getByText('Shared secret set (never shown)', { exact: false }).waitFor();
    await expectNoAxeViolations(page, 'assessments admin');

    await page.getByRole('button', { name: 'Add an assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an assessment' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Strengths quiz');
    expect(await dialog.getByRole('textbox', { name: 'Address' }).inputValue()).toBe('strengths-quiz');
    await dialog.getByRole('textbox', { name: 'Launch URL' }).fill('https://assessments.example.org/launch');
    await dialog.getByLabel('Shared secret').fill('short');
    await dialog.getByRole('button', { name: 'Add assessment' }).click();
    await dialog.getByText(/The shared secret has 16 to 200 characters/).waitFor();
    await expectNoAxeViolations(page, 'assessment form with an error');
    await dialog.getByLabel('Shared secret').fill('a-long-enough-shared-secret-123');
    await dialog.getByRole('button', { name: 'Add assessment' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Strengths quiz' }).waitFor();
    expect(await page.content()).not.toContain('a-long-enough-shared-secret-123');
  });
});
