import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { latestMail } from '../support/mail-catcher';
import { expectCleanAtDesktopAndPhone } from '../support/layout';
import { signInWithForm } from '../support/sign-in';
import { testServer } from '../support/test-server';

const browser = useBrowserPerTest();
const CLUSTER_ADMIN = 'clusteradmin@example.edu';

type TLandingPage = {
  title: string;
  bodyHtml: string;
  callToAction: { label: string; url: string } | null;
};
type TMajors = { items: Array<{ id: string; name: string; isArchived: boolean }> };

describe('cluster admin console (issue #23 item 2)', () => {
  it('the cluster admin edits the landing page a visitor then sees on /, and adds a major', async () => {
    const admin = await apiAs(CLUSTER_ADMIN);
    const before = await admin.call<{ landingPage: TLandingPage | null }>(
      'GET',
      '/api/admin/cluster/landing-page',
    );
    const stamp = Date.now();
    const title = `Welcome, future Owls ${stamp}`;
    const major = `Marine Biology ${stamp}`;
    const { page } = browser();
    try {
      await signInWithForm(page, CLUSTER_ADMIN);
      await waitForPath(page, /^\/hub\//);
      await page.getByRole('button', { name: /^Account menu for Carl/ }).click();
      await page.getByRole('link', { name: 'Cluster administration' }).click();
      await waitForPath(page, '/cluster-admin');
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Cluster administration' }).waitFor();
      const hubs = main.getByRole('region', { name: 'Hubs' });
      await hubs
        .getByRole('link', { name: /^Site administration of / })
        .first()
        .waitFor();
      await main
        .getByRole('region', { name: 'Majors' })
        .getByRole('button', { name: 'Rename Economics' })
        .waitFor();
      await expectNoAxeViolations(page, 'cluster administration');

      // The landing page: a new title and text; the demo's button stays.
      const landing = main.getByRole('region', { name: 'Landing page' });
      await landing.getByRole('textbox', { name: 'Title' }).fill(title);
      const editor = landing.getByRole('textbox', { name: 'Page text', exact: true });
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('Mentors, events and jobs for every Owl.');
      await landing.getByRole('button', { name: 'Save landing page' }).click();
      await page.getByText('Landing page saved. Visitors see it on the home address.').waitFor();
      await expectNoAxeViolations(page, 'landing page saved');

      // A visitor sees it on /.
      const visitor = await openBrowser();
      try {
        await visitor.page.goto('/');
        await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
        await visitor.page.getByText('Mentors, events and jobs for every Owl.').waitFor();
        await visitor.page.getByRole('link', { name: 'Join Northfield' }).waitFor();
        await expectCleanAtDesktopAndPhone(visitor.page, 'cluster-landing');
      } finally {
        await visitor.close();
      }

      // A major, added by keyboard.
      const majors = main.getByRole('region', { name: 'Majors' });
      await majors.getByRole('textbox', { name: 'New major' }).fill(major);
      await page.keyboard.press('Enter');
      await majors.getByRole('listitem').filter({ hasText: major }).waitFor();
      await majors.getByRole('textbox', { name: 'New major' }).fill(major.toUpperCase());
      await majors.getByRole('button', { name: 'Add major' }).click();
      await majors.getByText('A major of that name is in the catalogue already.').waitFor();
      await expectNoAxeViolations(page, 'majors with a refused name');
      const catalogue = await admin.call<TMajors>('GET', '/api/cluster/majors');
      expect(catalogue.items.map((item) => item.name)).toContain(major);

      await main.getByRole('region', { name: 'Email settings' }).getByText('Not set').waitFor();
      await expectCleanAtDesktopAndPhone(page, 'cluster-admin');
    } finally {
      // Later specs on this server meet the demo's landing page and catalogue whatever happened here.
      const landingPage = before.landingPage;
      if (landingPage === null)
        await admin.call('DELETE', '/api/admin/cluster/landing-page').catch(() => null);
      else
        await admin.call('PUT', '/api/admin/cluster/landing-page', {
          title: landingPage.title,
          body: landingPage.bodyHtml,
          callToAction: landingPage.callToAction,
        });
      const all = await admin.call<TMajors>('GET', '/api/admin/cluster/majors');
      for (const item of all.items.filter((entry) => entry.name === major && !entry.isArchived))
        await admin.call('PATCH', `/api/admin/cluster/majors/${item.id}`, { isArchived: true });
    }
  });
  it('the cluster admin adds a domain to a hub, sees the TXT record to create, and removes it', async () => {
    const admin = await apiAs(CLUSTER_ADMIN);
    const domain = `alumni-${Date.now()}.example.org`;
    const { page } = browser();
    try {
      await signInWithForm(page, CLUSTER_ADMIN);
      await waitForPath(page, /^\/hub\//);
      await page.goto('/cluster-admin#domains');
      const domains = page.getByRole('main').getByRole('region', { name: 'Domains' });
      const field = domains.getByRole('textbox', { name: 'New domain' }).first();
      await field.waitFor();
      await expectNoAxeViolations(page, 'cluster admin domains');

      // A refused name, then a good one added by keyboard.
      await field.fill('192.168.1.10');
      await page.keyboard.press('Enter');
      await domains.getByText('Enter a domain name, not an IP address.').waitFor();
      await field.fill(domain);
      await page.keyboard.press('Enter');
      const row = domains.getByRole('article', { name: domain });
      await row.getByText('Pending').waitFor();
      await row.getByText(`_commons-challenge.${domain}`).waitFor();
      await row.getByText(/^commons-verification=/).waitFor();
      await row.getByRole('button', { name: `Verify now ${domain}` }).waitFor();
      await expectNoAxeViolations(page, 'domain pending');
      await expectCleanAtDesktopAndPhone(page, 'cluster-admin-domains');

      await row.getByRole('button', { name: `Remove ${domain}` }).click();
      const dialog = page.getByRole('dialog', { name: `Remove ${domain}?` });
      await expectNoAxeViolations(page, 'remove domain dialog');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
    } finally {
      const list = await admin.call<{ items: Array<{ id: string; domain: string }> }>(
        'GET',
        '/api/admin/cluster/domains',
      );
      for (const item of list.items.filter((entry) => entry.domain === domain))
        await admin.call('DELETE', `/api/admin/cluster/domains/${item.id}`).catch(() => null);
    }
  });

  it('the cluster admin rewords the sign-in link email, previews it, saves it, and the next one is sent so', async () => {
    const admin = await apiAs(CLUSTER_ADMIN);
    const stamp = Date.now();
    const subject = `Your Northfield Owls sign-in link ${stamp}`;
    const { page } = browser();
    try {
      await signInWithForm(page, CLUSTER_ADMIN);
      await waitForPath(page, /^\/hub\//);
      await page.goto('/cluster-admin#email-settings');
      const templates = page.getByRole('main').getByRole('region', { name: 'Templates' });
      await templates.getByRole('button', { name: 'Edit Sign-in link' }).click();
      const editor = templates.getByRole('form', { name: 'Sign-in link' });
      const subjectField = editor.getByRole('textbox', { name: 'Subject' });
      await subjectField.waitFor();
      await expectNoAxeViolations(page, 'email template editor');

      // Without the link the text is refused, on its field, before saving.
      await subjectField.fill(subject);
      const body = editor.getByRole('textbox', { name: 'Text' });
      await body.fill(`Hello {{firstName}},\n\nWelcome back to the Owls (${stamp}). Your link:\n`);
      await editor.getByText('Keep {{link}}: without it the email does not work.').waitFor();
      // The link placeholder goes in at the end of the text, where the cursor is.
      await body.press('ControlOrMeta+End');
      await editor.getByRole('button', { name: /^Insert \{\{link\}\}/ }).click();
      await expect
        .poll(() => body.inputValue())
        .toBe(`Hello {{firstName}},\n\nWelcome back to the Owls (${stamp}). Your link:\n{{link}}`);
      await editor
        .getByText('Keep {{link}}: without it the email does not work.')
        .waitFor({ state: 'detached' });

      // The preview shows it with sample values.
      await editor.getByTestId('email-template-preview-subject').getByText(subject).waitFor();
      const preview = editor.getByTestId('email-template-preview-body');
      await preview.getByText(`Welcome back to the Owls (${stamp}). Your link:`).waitFor();
      await preview
        .getByRole('link', { name: 'https://commons.example.edu/sign-in?magic_link=sample' })
        .waitFor();

      await editor.getByRole('button', { name: 'Save template' }).click();
      await page.getByText('“Sign-in link” saved. The next emails use it.').waitFor();
      await templates.getByText('Customised', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'email template saved');
      await expectCleanAtDesktopAndPhone(page, 'cluster-admin-email-template');

      // The next sign-in link of this cluster is sent in the new wording.
      const asked = await fetch(`${testServer().baseUrl}/api/auth/magic-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'student@northfield.example.edu', hubIdentifier: 'northfield' }),
      });
      expect(asked.status).toBe(200);
      const { mail } = await latestMail(testServer().mailLog, {
        to: 'student@northfield.example.edu',
        pattern: new RegExp(`Welcome back to the Owls \\(${stamp}\\)\\. Your link:\\n\\S*magic_link=`),
      });
      expect(mail.subject).toBe(subject);

      // Reset to default, confirmed.
      await editor.getByRole('button', { name: 'Reset to default' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset “Sign-in link” to the default?' });
      await expectNoAxeViolations(page, 'reset email template dialog');
      await dialog.getByRole('button', { name: 'Reset to default' }).click();
      await page.getByText('“Sign-in link” is back to the default wording.').waitFor();
      await expect.poll(() => subjectField.inputValue()).toBe('Your Commons sign-in link');
      await editor.getByRole('button', { name: 'Back to all templates' }).click();
      await templates
        .getByRole('listitem')
        .filter({ hasText: 'Sign-in link' })
        .getByText('Default')
        .waitFor();
    } finally {
      // Later specs (magic-link) meet the default wording whatever happened here.
      await admin.call('DELETE', '/api/admin/cluster/email-templates/magic-link').catch(() => null);
    }
  });
});
