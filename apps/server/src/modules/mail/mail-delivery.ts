import { isMailTemplateKey, renderMailTemplate } from '@commons/domain';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { listClusterIds, withTenant } from '../../db/tenant.js';
import { createKickedRunner, type TKickedRunner } from '../../lib/kicked-runner.js';
import { decryptSecretAtRest } from '../../lib/secrets-at-rest.js';
import { clusterEmailSettingsRow } from '../cluster-admin/cluster-admin.queries.js';
import { clusterEmailTemplateOverrides } from '../cluster-admin/cluster-admin.email-templates.js';
import { headerSafeMail } from './mail.commands.js';

const BATCH_SIZE = 20;
/** Deliveries tried per mail before it stays in the outbox as failed (metrics count those apart). */
export const MAIL_MAX_ATTEMPTS = 5;
const CLAIM_TIMEOUT_MS = 5 * 60 * 1000;

/** Delivers what is pending: kicked after a commit that queued mail, swept every 30 s, drained by tests. */
export type TMailDelivery = TKickedRunner;

/** The From of a cluster's mail: its sender name and address where set, else the platform's MAIL_FROM. */
export function clusterSender(
  settings: { senderName: string | null; senderAddress: string | null } | null,
  platformFrom: string,
): string | { name: string; address: string } {
  const name = settings?.senderName ?? null;
  const address = settings?.senderAddress ?? null;
  if (name === null && address === null) return platformFrom;
  return { name: name ?? '', address: address ?? platformFrom.replace(/^.*<([^>]+)>\s*$/, '$1') };
}

/**
 * A queued mail of the template catalogue in the cluster's wording when the cluster has an override of its
 * template (the mail was queued in the default wording), else as queued.
 */
export function withClusterWording<
  T extends {
    templateKey: string | null;
    templateValues: Record<string, string> | null;
    subject: string;
    textBody: string;
    htmlBody: string | null;
  },
>(row: T, overrides: ReadonlyMap<string, { subject: string; body: string }>): T {
  const key = row.templateKey;
  const override = key === null ? undefined : overrides.get(key);
  if (key === null || override === undefined || !isMailTemplateKey(key)) return row;
  const rendered = renderMailTemplate(key, override, row.templateValues ?? {});
  return { ...row, subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html };
}

/** Cluster SMTP transports kept at once (one per override URL in use). */
const CLUSTER_TRANSPORTS_MAX = 50;

/**
 * Delivers queued mail outside any request transaction. Without SMTP_URL nothing leaves the machine:
 * the message stays readable in the outbox (GET /api/dev/outbox) and is logged by id. A cluster's email settings
 * (issue #23 item 2; spec 6 email-settings) name its sender and may override the SMTP server for its mail.
 */
export function createMailDelivery(deps: {
  db: TDb;
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** Decrypts clusters' SMTP overrides (stored under the server secret); without it they are not used. */
  serverSecret?: Uint8Array;
  /** Builds a transport for an SMTP URL (tests replace it). */
  createTransport?: (smtpUrl: string) => Transporter;
}): TMailDelivery {
  const createTransport = deps.createTransport ?? ((url: string) => nodemailer.createTransport(url));
  const transport: Transporter = deps.smtpUrl
    ? createTransport(deps.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const clusterTransports = new Map<string, Transporter>();
  /** The transport of a cluster's SMTP override, or null when it has none usable (then the platform's). */
  function overrideTransport(clusterId: string, stored: string | null): Transporter | null {
    if (stored === null || deps.serverSecret === undefined) return null;
    const known = clusterTransports.get(stored);
    if (known !== undefined) return known;
    let url: string;
    try {
      url = decryptSecretAtRest(stored, deps.serverSecret);
    } catch {
      deps.log.warn({ clusterId }, 'cluster SMTP override not readable under this server secret');
      return null;
    }
    if (clusterTransports.size >= CLUSTER_TRANSPORTS_MAX) clusterTransports.clear();
    const created = createTransport(url);
    clusterTransports.set(stored, created);
    return created;
  }
  async function deliverOnce(): Promise<number> {
    let delivered = 0;
    for (const clusterId of await listClusterIds(deps.db)) {
      const { clusterSettings, claimed, templates } = await withTenant(
        deps.db,
        { clusterId, isClusterScope: true },
        async (tx) => {
          const claimedRows = await tx
            .update(mailOutbox)
            .set({ claimedAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1` })
            .where(
              sql`${mailOutbox.id} in (select ${mailOutbox.id} from ${mailOutbox} where ${and(
                isNull(mailOutbox.sentAt),
                lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS),
                or(
                  isNull(mailOutbox.claimedAt),
                  lt(mailOutbox.claimedAt, new Date(Date.now() - CLAIM_TIMEOUT_MS)),
                ),
              )} order by ${asc(mailOutbox.createdAt)} limit ${BATCH_SIZE} for update skip locked)`,
            )
            .returning();
          return {
            clusterSettings: await clusterEmailSettingsRow(tx, clusterId),
            claimed: claimedRows,
            // The cluster's wording of the catalogue's mails (read only when a claimed mail is one of them).
            templates: claimedRows.some((row) => row.templateKey !== null)
              ? await clusterEmailTemplateOverrides(tx, clusterId)
              : new Map<string, { subject: string; body: string }>(),
          };
        },
      );
      const clusterTransport = overrideTransport(clusterId, clusterSettings?.smtpUrl ?? null);
      const from = clusterSender(clusterSettings, deps.from);
      for (const queued of claimed) {
        const row = withClusterWording(queued, templates);
        // Rows queued before the header rules (or by hand) are made safe again at the boundary.
        const header = headerSafeMail({
          to: row.toAddress,
          subject: row.subject,
          replyTo: row.replyTo,
          headers: row.headers,
        });
        const mail = {
          ...row,
          toAddress: header.to,
          subject: header.subject,
          replyTo: header.replyTo ?? null,
          headers: header.headers ?? null,
        };
        let lastError: string | null = null;
        try {
          await (clusterTransport ?? transport).sendMail({
            from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            ...(mail.headers ? { headers: mail.headers } : {}),
            ...(mail.icalEvent
              ? {
                  icalEvent: {
                    method: mail.icalEvent.method,
                    content: mail.icalEvent.content,
                    filename: 'invite.ics',
                  },
                }
              : {}),
          });
          if (!deps.smtpUrl && clusterTransport === null)
            deps.log.info({ mailId: mail.id, clusterId }, 'mail kept in outbox (no SMTP_URL set)');
          delivered++;
        } catch (error) {
          lastError = error instanceof Error ? error.message : String(error);
          deps.log.warn({ mailId: mail.id, err: lastError }, 'mail delivery failed');
        }
        await withTenant(deps.db, { clusterId, isClusterScope: true }, (tx) =>
          tx
            .update(mailOutbox)
            .set(
              lastError
                ? { lastError, claimedAt: null }
                : // The outbox keeps what was sent: the cluster's wording when it has one.
                  {
                    sentAt: new Date(),
                    lastError: null,
                    subject: mail.subject,
                    textBody: mail.textBody,
                    htmlBody: mail.htmlBody,
                  },
            )
            .where(eq(mailOutbox.id, mail.id)),
        );
      }
    }
    return delivered;
  }

  return createKickedRunner({
    runOnce: deliverOnce,
    intervalMs: deps.intervalMs ?? 30_000,
    log: deps.log,
    name: 'mail delivery',
  });
}
