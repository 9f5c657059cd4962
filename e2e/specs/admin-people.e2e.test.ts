import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, useBrowserPerTest, waitForPath } from '../support/browser';
import { latestMail } from '../support/mail-catcher';
import { signInWithForm } from '../support/sign-in';
import { testServer } from '../support/test-server';

const browser = useBrowserPerTest();
const HUB_ADMIN = 'hubadmin@northfield.example.edu';

type TAdmin = { userId: string; fullName: string; rights: string[]; isSelf: boolean };

/**
 * A new approved member of northfield, made through the API (sign-up, the mailed confirmation, the hub admin's
 * approval), so this spec changes nobody other specs rely on.
 */
async function newMember(firstName: string): Promise<{ userId: string; fullName: string }> {
  const { baseUrl, mailLog } = testServer();
  const email = `people-${randomBytes(4).toString('hex')}@example.test`;
  const lastName = `People${randomBytes(2).toString('hex')}`;
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const requested = await post('/api/auth/sign-up', {
    hubIdentifier: 'northfield',
    firstName,
    lastName,
    email,
    password: 'Commons-e2e-1',
  });
  expect(requested.status).toBe(202);
  const { match } = await latestMail(mailLog, { to: email, pattern: /confirmation\?token=([\w-]+)/ });
  const confirmed = await post('/api/auth/sign-up/confirm', { token: match[1] });
  expect(confirmed.status).toBe(201);
  const { user } = (await confirmed.json()) as { user: { id: string } };
  const admin = await apiAs(HUB_ADMIN);
  // Northfield approves members by hand; an already approved membership needs nothing.
  const { items } = await admin.call<{ items: Array<{ userId: string; status: string }> }>(
    'GET',
    `/api/admin/members?q=${encodeURIComponent(email)}`,
  );
  if (items[0]?.status !== 'approved')
    await admin.call('POST', '/api/admin/approvals/bulk', {
      kind: 'users',
      decision: 'approve',
      ids: [user.id],
    });
  return { userId: user.id, fullName: `${firstName} ${lastName}` };
}

describe('admin people (issue #22 items 1 and 6)', () => {
  it('the hub admin grants another admin a right and revokes it, makes a member admin and removes them', async () => {
    const api = await apiAs(HUB_ADMIN);
    const { items } = await api.call<{ items: TAdmin[] }>('GET', '/api/admin/admins');
    // The demo's second admin (reports, analytics, export-data).
    const second = items.find((a) => !a.isSelf && a.rights.includes('export-data'));
    expect(second).toBeDefined();
    if (!second) return;
    const rightsOf = async (userId: string) =>
      (await api.call<{ items: TAdmin[] }>('GET', '/api/admin/admins')).items.find((a) => a.userId === userId)
        ?.rights ?? [];
    if ((await rightsOf(second.userId)).includes('manage-events'))
      await api.call('PUT', `/api/admin/admins/${second.userId}/rights`, {
        right: 'manage-events',
        isGranted: false,
      });
    const member = await newMember('Morgan');

    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Admins and access rights' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/manage-admins');
    await main.getByRole('heading', { level: 1, name: 'Admins and access rights' }).waitFor();
    await main.getByRole('button', { name: new RegExp(`^${second.fullName}:`) }).waitFor();
    await expectNoAxeViolations(page, 'manage admins');

    // The admin's own manage-admins right is locked.
    await main.getByRole('button', { name: /^Hana Admin:/ }).click();
    const own = main.getByRole('group', { name: 'Access rights of Hana Admin' });
    await expect(own.getByRole('checkbox', { name: 'Manage admins' }).isDisabled()).resolves.toBe(true);

    await main.getByRole('button', { name: new RegExp(`^${second.fullName}:`) }).click();
    const rights = main.getByRole('group', { name: `Access rights of ${second.fullName}` });
    const manageEvents = rights.getByRole('checkbox', { name: 'Manage events' });
    await manageEvents.check();
    await page
      .getByRole('alert')
      .filter({ hasText: `Granted “Manage events” to ${second.fullName}` })
      .waitFor();
    await expect.poll(() => rightsOf(second.userId)).toContain('manage-events');
    await expectNoAxeViolations(page, 'manage admins: right granted');
    await manageEvents.uncheck();
    await page
      .getByRole('alert')
      .filter({ hasText: `Revoked “Manage events” from ${second.fullName}` })
      .waitFor();
    await expect.poll(() => rightsOf(second.userId)).not.toContain('manage-events');

    // Make the new member an admin, then remove them.
    await main.getByRole('textbox', { name: 'Member’s name' }).fill(member.fullName);
    await main.getByRole('button', { name: 'Find members' }).click();
    await main.getByRole('button', { name: `Make ${member.fullName} an admin` }).click();
    const made = main.getByRole('button', { name: new RegExp(`^${member.fullName}:`) });
    await made.waitFor();
    await expectNoAxeViolations(page, 'manage admins: member made admin');
    await made.click();
    await main.getByRole('button', { name: `Remove ${member.fullName} as admin` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${member.fullName} as admin?` });
    await expectNoAxeViolations(page, 'manage admins: remove dialog');
    await dialog.getByRole('button', { name: 'Remove admin' }).click();
    await made.waitFor({ state: 'detached' });
    await expect.poll(async () => (await rightsOf(member.userId)).length).toBe(0);
  });

  it('the hub admin filters explore-users and switches a member’s user type', async () => {
    const member = await newMember('Jordan');
    const { page } = browser();
    await signInWithForm(page, HUB_ADMIN);
    await waitForPath(page, /^\/hub\/northfield\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Explore users' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/explore-users');
    await main.getByRole('heading', { level: 1, name: 'Explore users' }).waitFor();
    const table = main.getByRole('region', { name: 'Members' });
    await table.getByRole('row').nth(1).waitFor();
    await expectNoAxeViolations(page, 'explore users');

    await main.getByRole('textbox', { name: 'Name or email' }).fill(member.fullName);
    await main.getByRole('button', { name: 'Show members' }).click();
    const row = table.getByRole('row').filter({ hasText: member.fullName });
    await row.waitFor();
    await expect(table.getByRole('row').count()).resolves.toBe(2);
    await expectNoAxeViolations(page, 'explore users filtered');
    // The new type is one the member does not have yet.
    const { items } = await (
      await apiAs(HUB_ADMIN)
    ).call<{ items: Array<{ userType: { title: string } | null }> }>(
      'GET',
      `/api/admin/members?q=${encodeURIComponent(member.fullName)}`,
    );
    const target = items[0]?.userType?.title === 'Alumni' ? 'Student' : 'Alumni';

    await row.getByRole('button', { name: `Change ${member.fullName}’s user type` }).click();
    const dialog = page.getByRole('dialog', { name: `Change ${member.fullName}’s user type` });
    await dialog.getByRole('textbox', { name: 'New user type' }).click();
    await page.getByRole('option', { name: target, exact: true }).click();
    await expectNoAxeViolations(page, 'explore users: change type dialog');
    await dialog.getByRole('button', { name: 'Change user type' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `1 member is now ${target}.` })
      .waitFor();
    await row.getByText(target, { exact: true }).waitFor();
    // Filtering by the new type finds them.
    await main.getByRole('textbox', { name: 'User type' }).click();
    await page.getByRole('option', { name: target, exact: true }).click();
    await main.getByRole('button', { name: 'Show members' }).click();
    await table.getByRole('row').filter({ hasText: member.fullName }).waitFor();
    await expectNoAxeViolations(page, 'explore users after the switch');
  });
});
