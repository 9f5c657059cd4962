import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, useBrowserPerTest, waitForPath } from '../support/browser';
import { signUpAsStudent } from '../support/onboarding';
import { signInWithForm } from '../support/sign-in';

const browser = useBrowserPerTest();
const CLUSTER_ADMIN = 'clusteradmin@example.edu';
/** The receiver's origin, allowed past the SSRF guard only by the E2E server's WEBHOOK_TEST_ALLOWED_ORIGINS. */
const RECEIVER_PORT = 4717;

type TReceived = { headers: Record<string, string>; body: string };

describe('outgoing webhooks (issue #23 item 3)', () => {
  const received: TReceived[] = [];
  let receiver: http.Server;

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          headers: Object.fromEntries(
            Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : (v ?? '')]),
          ),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('a cluster admin adds a webhook, a person signs up, and the receiver gets a correctly signed user.created', async () => {
    const { page } = browser();
    await signInWithForm(page, CLUSTER_ADMIN);
    await waitForPath(page, /^\/hub\//);
    await page.goto('/hub/northfield/site-admin');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Webhooks' }).click();
    await waitForPath(page, '/hub/northfield/site-admin/webhooks');
    await main.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await main.getByRole('heading', { name: 'Add a webhook' }).waitFor();
    await expectNoAxeViolations(page, 'webhooks');

    // A private address is refused on the field.
    const url = main.getByRole('textbox', { name: 'Address (URL)' });
    await url.fill('http://10.0.0.8/hooks');
    await main.getByRole('checkbox', { name: /^user\.created/ }).check();
    await main.getByRole('button', { name: 'Add webhook' }).click();
    await main.getByText(/private and local addresses are not allowed/).waitFor();

    const target = `http://127.0.0.1:${RECEIVER_PORT}/e2e-${Date.now()}`;
    await url.fill(target);
    await main.getByRole('button', { name: 'Add webhook' }).click();
    const secretBox = main.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    const card = main.getByRole('listitem', { name: target });
    await card.waitFor();
    await expectNoAxeViolations(page, 'webhooks with the new secret');

    // Someone signs up in another browser.
    const email = `webhook-${Date.now()}@example.test`;
    const visitor = await openBrowser();
    try {
      await signUpAsStudent(visitor.page, { hub: 'northfield', firstName: 'Hooked', email });
      // The confirmation page creates the account; its signup steps follow once it has.
      await visitor.page.getByRole('heading', { level: 1, name: /^Welcome to / }).waitFor();
    } finally {
      await visitor.close();
    }

    // The receiver gets the event (other specs' sign-ups may arrive too: find this one), signed with the secret.
    await expect
      .poll(() => received.some((r) => r.body.includes(email)), { timeout: 90_000, interval: 1000 })
      .toBe(true);
    const delivery = received.find((r) => r.body.includes(email));
    const payload = new Webhook(secret).verify(delivery?.body ?? '', delivery?.headers ?? {}) as {
      type: string;
      data: { user: { email: string }; hub: string };
    };
    expect(payload.type).toBe('user.created');
    expect(payload.data.user.email).toBe(email);
    expect(payload.data.hub).toBe('northfield');

    // The delivery log shows it with the receiver's answer; the webhook is then removed.
    await card.getByRole('button', { name: 'Show deliveries' }).click();
    const log = card.getByRole('region', { name: `Deliveries to ${target}` });
    await expect
      .poll(
        async () => {
          await page.reload();
          await card.getByRole('button', { name: 'Show deliveries' }).click();
          return (await log.textContent()) ?? '';
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toContain('204');
    await expectNoAxeViolations(page, 'webhook deliveries');
    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Delete for good' }).click();
    await card.waitFor({ state: 'detached' });
  });
});
