import type { TOrganizationMembersPage, TMembersPage } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { expectCleanLayout } from '../support/layout';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
/** The demo's organisation admin: acting admin of the Alumni Association, no hub right. */
const ORGANIZATION_ADMIN = 'faculty@northfield.example.edu';
const ORGANIZATION = 'northfield-alumni-association';
const CONSOLE = `/hub/northfield/site-admin/organizations/${ORGANIZATION}`;

describe('organisation admins’ users import (spec 6 Organisation admins: import-data; issue #22 items 1 and 5)', () => {
  it('an organisation admin imports a two-row CSV: a new person gets an account in the hub, an existing member joins, and both are in the organisation', async () => {
    const { page } = browser();
    const admin = await apiAs(ORGANIZATION_ADMIN);
    const membersOf = async () =>
      (
        await admin.call<TOrganizationMembersPage>(
          'GET',
          `/api/admin/organizations/${ORGANIZATION}/members?limit=100`,
        )
      ).items;
    // An approved student of the hub who is not in the association (the demo's further members: first.last.n@…).
    const inAssociation = new Set((await membersOf()).map((m) => m.email));
    const hubAdmin = await apiAs('hubadmin@northfield.example.edu');
    const hubMembers = await hubAdmin.call<TMembersPage>(
      'GET',
      '/api/admin/members?status=approved&limit=100',
    );
    const existing = hubMembers.items.find(
      (m) =>
        m.userType?.title === 'Student' &&
        m.email.split('@')[0]?.includes('.') &&
        !inAssociation.has(m.email),
    );
    if (!existing) throw new Error('no demo student outside the Alumni Association');
    const [firstName = 'Existing', ...rest] = existing.fullName.split(' ');
    const newEmail = `e2e-org-${Date.now()}@import.example.test`;
    const csv = [
      'email,first name,last name,user type',
      `${newEmail},Nora,Newcomer,Alumni`,
      `${existing.email},${firstName},${rest.join(' ') || 'Member'},Student`,
    ].join('\n');
    const added: string[] = [];
    try {
      await signInWithForm(page, ORGANIZATION_ADMIN);
      await waitForPath(page, /^\/hub\/northfield\//);
      await page.goto(`${CONSOLE}/import`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Import members' }).waitFor();
      await main.getByText('Choose a .csv file').waitFor();
      await expectNoAxeViolations(page, 'organisation import');

      await main.locator('input[type="file"]').setInputFiles({
        name: 'association.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      // The dry run: each row and what importing it does; nothing written yet.
      const rows = main.getByRole('region', { name: 'What importing each row does' });
      await rows.getByRole('row', { name: /2 .*Nora Newcomer New account, invited/ }).waitFor();
      await rows.getByRole('row', { name: /3 .*Hub member added to the organization/ }).waitFor();
      await main
        .getByText(
          '2 rows checked. New accounts: 1 · existing people added: 1 · already members: 0 · not approved in the hub: 0 · with errors: 0.',
        )
        .waitFor();
      expect((await membersOf()).map((m) => m.email)).not.toContain(existing.email);
      await expectNoAxeViolations(page, 'organisation import checked');

      await main.getByRole('button', { name: 'Import 2 rows' }).click();
      const progress = main.getByTestId('import-progress');
      await progress.waitFor();
      // The job queue's worker picks the import up within its polling interval.
      await main.getByText('Import finished').waitFor({ timeout: 120_000 });
      expect(await progress.textContent()).toContain(
        '2 of 2 rows processed: new accounts: 1 · added to the organization: 1 · already members: 0 · not imported: 0.',
      );
      await main.getByRole('region', { name: 'Recent imports' }).waitFor();
      await expectNoAxeViolations(page, 'organisation import finished');

      const after = await membersOf();
      for (const email of [newEmail, existing.email]) {
        const member = after.find((m) => m.email === email);
        expect(member, email).toBeDefined();
        if (member) added.push(member.userId);
      }

      // The same screen on a phone: no sideways scrolling.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await main.getByRole('region', { name: 'Recent imports' }).waitFor();
      await expectCleanLayout(page, 'phone organisation import');
    } finally {
      // Other specs expect the association's demo members: the two leave it again.
      for (const userId of added)
        await admin.call('DELETE', `/api/groups/${ORGANIZATION}/members/${userId}`).catch(() => undefined);
    }
  });
});
