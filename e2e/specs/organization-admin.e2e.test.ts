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
/** The demo association's brand (demo-organization-activity.ts), put back after the brand test. */
const DEMO_BRANDING = { brandColor: '#7a1f3d', logoUrl: '/demo/alumni-association-logo.svg' };

/** The organisation admins' limited list (spec 6), as the landing names its sections. */
const ORGANIZATION_SECTIONS = [
  'Members',
  'Reports and analytics',
  'Import members',
  'Announcements',
  'Join requests and admins',
  'Organization page',
  'Brand',
  'Custom fields',
  'Message templates',
  'Events',
  'Resources',
];

describe('organisation admins’ console (spec 6 Organisation admins; issue #22)', () => {
  it('an organisation admin sees only their organisation’s limited sections, lists its members, and cannot open a hub-only section', async () => {
    const { page } = browser();
    await signInWithForm(page, ORGANIZATION_ADMIN);
    await waitForPath(page, /^\/hub\/northfield\//);
    const main = page.getByRole('main');
    // The ways in: the organisation page's admin tab, and the user menu's Site administration like a hub admin's.
    await page.goto('/organizations/northfield-alumni-association/admin');
    await main.getByRole('link', { name: 'Open the organization console' }).waitFor();
    await page.getByRole('button', { name: /^Account menu for Fran/ }).click();
    await page.getByRole('link', { name: 'Site administration', exact: true }).click();
    await waitForPath(page, '/hub/northfield/site-admin');
    await main.getByRole('heading', { level: 1, name: 'Site administration' }).waitFor();
    const organization = main.getByRole('region', { name: 'Alumni Association' });
    await organization.waitFor();
    const links = await organization.getByRole('listitem').getByRole('link').allTextContents();
    expect(links).toEqual(ORGANIZATION_SECTIONS);
    // None of the hub's own screens.
    for (const hubOnly of ['Explore users', 'Admins and access rights', 'Import and export', 'Approvals'])
      expect(await main.getByRole('link', { name: hubOnly, exact: true }).count(), hubOnly).toBe(0);
    await expectNoAxeViolations(page, 'site administration of an organisation admin');

    // Members: the organisation's, not the hub's.
    await organization.getByRole('link', { name: 'Members', exact: true }).click();
    await waitForPath(page, `${CONSOLE}/members`);
    await main.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    const table = main.getByRole('region', { name: 'Members' });
    await table.getByRole('cell', { name: 'alumni@northfield.example.edu' }).waitFor();
    await expect(table.getByRole('cell', { name: 'student@northfield.example.edu' }).count()).resolves.toBe(
      0,
    );
    // The organisation's own admin is marked as such.
    await table
      .getByRole('row', { name: /Fran Faculty/ })
      .getByText('Organization admin')
      .waitFor();
    await expect(
      main.getByRole('navigation', { name: 'Alumni Association administration' }).getByRole('link').count(),
    ).resolves.toBe(ORGANIZATION_SECTIONS.length);
    await expectNoAxeViolations(page, 'organisation members');
    await main.getByRole('textbox', { name: 'Name or email' }).fill('Alex');
    await main.getByRole('button', { name: 'Show members' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('cell', { name: 'alumni@northfield.example.edu' }).waitFor();

    // Analytics of the organisation's members.
    await main.getByRole('link', { name: 'Reports and analytics' }).click();
    await waitForPath(page, `${CONSOLE}/analytics`);
    await main.getByRole('status').filter({ hasText: 'The organization’s members, from' }).waitFor();
    await main.getByRole('heading', { name: 'Sign-ups' }).waitFor();
    await expectNoAxeViolations(page, 'organisation analytics');

    // Import members is the console's own section (organization-import.e2e.test.ts imports a file).
    await main.getByRole('link', { name: 'Import members' }).click();
    await waitForPath(page, `${CONSOLE}/import`);
    await main.getByRole('heading', { level: 1, name: 'Import members' }).waitFor();

    // A hub-only section stays closed, in the page and on the server.
    await page.goto('/hub/northfield/site-admin/explore-users');
    await main.getByText('Only admins with the explore-users right can list members').waitFor();
    await expectNoAxeViolations(page, 'hub-only explore-users refused');
    const api = await apiAs(ORGANIZATION_ADMIN);
    await expect(api.call('GET', '/api/admin/members')).rejects.toThrow(/: 403 /);
    await expect(api.call('GET', '/api/admin/analytics')).rejects.toThrow(/: 403 /);

    // The same console on a phone: no sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/hub/northfield/site-admin');
    await organization.waitFor();
    await expectCleanLayout(page, 'phone site administration of an organisation admin');
    await page.goto(`${CONSOLE}/members`);
    await table.waitFor();
    await expectCleanLayout(page, 'phone organisation members');
  });

  it('an organisation admin’s brand colour is refused below 4.5:1 with its ratio, then a good one draws the organisation’s page', async () => {
    const { page } = browser();
    const api = await apiAs(ORGANIZATION_ADMIN);
    const brandingPath = `/api/admin/organizations/${ORGANIZATION}/branding`;
    try {
      await signInWithForm(page, ORGANIZATION_ADMIN);
      await waitForPath(page, /^\/hub\/northfield\//);
      await page.goto(`${CONSOLE}/branding`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Brand' }).waitFor();
      const color = main.getByRole('textbox', { name: 'Brand colour' });
      await color.waitFor();
      await expectNoAxeViolations(page, 'organisation brand');
      await color.fill('#ffcc00');
      await main.getByText('Contrast against white: 1.51:1, below the 4.50:1 needed.').waitFor();
      await main.getByRole('button', { name: 'Save brand' }).click();
      await main
        .getByText(
          'The contrast ratio against white is 1.51:1; it must be at least 4.50:1. Choose a darker colour.',
        )
        .waitFor();
      expect(await color.getAttribute('aria-invalid')).toBe('true');
      await expectNoAxeViolations(page, 'organisation brand with the colour refused');
      await expect(api.call('GET', brandingPath)).resolves.toEqual({ branding: DEMO_BRANDING });

      await color.fill('#1e3a8a');
      await main.getByText('Contrast against white: 10.36:1 (at least 4.50:1 needed).').waitFor();
      await main.getByRole('button', { name: 'Save brand' }).click();
      await page.getByText('Saved. Alumni Association’s page now shows its brand.').waitFor();
      await expectNoAxeViolations(page, 'organisation brand after saving');

      // The organisation's page header takes the colour (its Manage button is drawn in it).
      await page.goto(`/organizations/${ORGANIZATION}`);
      const manage = main.getByRole('link', { name: 'Manage organization' });
      await manage.waitFor();
      await expect
        .poll(() => manage.evaluate((element) => getComputedStyle(element).borderColor))
        .toBe('rgb(30, 58, 138)');
      await expectNoAxeViolations(page, 'organisation page with its brand');
    } finally {
      await api.call('PUT', brandingPath, DEMO_BRANDING);
    }
  });

  it('a hub admin’s console is unchanged: the hub’s screens, and no organisation they only view', async () => {
    const { page } = browser();
    await signInWithForm(page, 'hubadmin@northfield.example.edu');
    await waitForPath(page, /^\/hub\/northfield\//);
    const organizations = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith('/api/admin/organizations'),
    );
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Approvals', exact: true }).waitFor();
    await expect((await organizations).json()).resolves.toEqual({ items: [] });
    // The hub admin is a view-only admin of the Alumni Association: not its console.
    await expect(main.getByRole('region', { name: 'Alumni Association' }).count()).resolves.toBe(0);
  });
});
