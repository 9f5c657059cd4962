import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCluster,
  createHub,
  createUser,
  signIn,
  type TTestCluster,
  type TTestHub,
} from '../../../test/factories.js';
import { describeDb, getTestApp, type TTestApp } from '../../../test/test-app.js';
import { hubs, mailOutbox } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant.js';
import { createMailDelivery } from './mail-delivery.js';
import { enqueueMail, headerSafeMail } from './mail.commands.js';

const INJECTION = 'Hub\r\nBcc: victim@example.test\r\n\r\nforged body';

describe('headerSafeMail (issue #13)', () => {
  it('puts every header field on one line and leaves the body alone', () => {
    const mail = headerSafeMail({
      to: 'someone@example.test\r\nBcc: victim@example.test',
      subject: INJECTION,
      replyTo: 'reply@example.test\n',
      headers: { 'X-Note': 'tab\tand\u0000nul\u0085next\u2028line' },
      text: 'Line one\r\nLine two',
    });
    expect(mail).toEqual({
      to: 'someone@example.test Bcc: victim@example.test',
      subject: 'Hub Bcc: victim@example.test forged body',
      replyTo: 'reply@example.test',
      headers: { 'X-Note': 'tab and nul next line' },
      text: 'Line one\r\nLine two',
    });
  });
});

describeDb('mail headers at the boundary (issue #13)', () => {
  let t: TTestApp;
  let cluster: TTestCluster;
  let hub: TTestHub;
  let smtp: SMTPServer;
  let smtpPort = 0;
  const received: string[] = [];

  beforeAll(async () => {
    t = await getTestApp();
    cluster = await createCluster(t.database.db);
    hub = await createHub(t.database.db, cluster);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await t.close();
  });

  /** The header block of a received message, unfolded (RFC 5322 continuation lines joined). */
  const headersOf = (raw: string): string[] =>
    (raw.split('\r\n\r\n')[0] ?? '').replace(/\r\n[ \t]+/g, ' ').split('\r\n');

  it('queues a subject built from a hub name that holds CR/LF (an old row) on one line', async () => {
    await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
      tx.update(hubs).set({ name: INJECTION }).where(eq(hubs.id, hub.id)),
    );
    const admin = await createUser(t.database.db, cluster, {
      hub,
      isHubAdmin: true,
      rights: ['approve-users'],
    });
    const pending = await createUser(t.database.db, cluster, { hub, approved: null });
    const { token } = await signIn(t.app, cluster, admin);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/hub/approvals/${pending.id}`,
      headers: { host: cluster.host, authorization: `Bearer ${token}`, 'x-hub-id': hub.identifier },
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [mail] = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, pending.email)),
    );
    expect(mail?.subject).toBe('Welcome to Hub Bcc: victim@example.test forged body');
  });

  it('sends mail queued before the rule (CR/LF in subject, recipient, reply-to and headers) without an injected header', async () => {
    // Only the delivery below sends (to the SMTP server), not the app's own outbox timer.
    t.app.deps.mail.stop();
    const id = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      async (tx) => {
        const queued = await enqueueMail(tx, cluster.clusterId, {
          to: 'someone@example.test',
          subject: 'placeholder',
          text: 'Hello',
        });
        // Rows written before the header rule (or by hand) can hold anything.
        await tx
          .update(mailOutbox)
          .set({
            subject: 'Old row\r\nBcc: victim@example.test\r\n\r\nforged body',
            replyTo: 'reply@example.test\r\nBcc: victim@example.test',
            headers: { 'X-Note': 'a\r\nBcc: victim@example.test' },
          })
          .where(eq(mailOutbox.id, queued));
        return queued;
      },
    );
    const delivery = createMailDelivery({
      db: t.database.db,
      smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      from: 'Commons <no-reply@example.test>',
      log: {
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      } as unknown as FastifyBaseLogger,
      intervalMs: 60_000,
    });
    try {
      // Another test file's app may be delivering at the same moment (every app drains every cluster of the
      // shared database) and claim the row first, sending it elsewhere: the row is put back and drained again.
      for (let round = 0; round < 5 && !received.some((m) => m.includes('Old row')); round++) {
        if (round > 0)
          await withTenant(t.database.db, { clusterId: cluster.clusterId, isClusterScope: true }, (tx) =>
            tx
              .update(mailOutbox)
              .set({ sentAt: null, claimedAt: null, attempts: 0 })
              .where(eq(mailOutbox.id, id)),
          );
        await delivery.drain();
      }
    } finally {
      delivery.stop();
    }
    const [sent] = await withTenant(
      t.database.db,
      { clusterId: cluster.clusterId, isClusterScope: true },
      (tx) =>
        tx
          .select({ sentAt: mailOutbox.sentAt, lastError: mailOutbox.lastError })
          .from(mailOutbox)
          .where(sql`${mailOutbox.id} = ${id}`),
    );
    expect(sent?.lastError ?? null).toBeNull();
    expect(sent?.sentAt).not.toBeNull();
    const raw = received.find((message) => message.includes('Old row'));
    expect(raw, received.join('\n----\n')).toBeDefined();
    const headers = headersOf(raw ?? '');
    expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(headers.filter((line) => /^subject:/i.test(line))).toEqual([
      'Subject: Old row Bcc: victim@example.test forged body',
    ]);
    expect(raw).not.toContain('\r\n\r\nforged body');
  });
});
