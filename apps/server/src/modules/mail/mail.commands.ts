import { MAIL_TEMPLATES, renderMailTemplate, toSingleLineText, type TMailTemplateKey } from '@commons/domain';
import type { TTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar invite delivered as the mail's text/calendar part (meeting invites). */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** Where replies go (reply by email: the thread's inbound address). */
  replyTo?: string;
  /** Extra headers, such as RFC 8058 List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
};

/** A mail of the template catalogue (domain mail-templates): its key and the values of its placeholders. */
export type TTemplatedMail = {
  to: string;
  template: TMailTemplateKey;
  values: Record<string, string>;
};

/**
 * The header fields of a mail (subject, recipient, reply-to, extra headers), each on one line: every run of
 * control characters (CR, LF, NUL, …) becomes one space. Subjects carry user text (names, titles, group and
 * hub names), and rows written before the contract refused line breaks may still hold them, so this runs
 * when a mail is queued and again when it is sent (issue #13).
 */
export function headerSafeMail<
  T extends { to: string; subject: string; replyTo?: string | null; headers?: Record<string, string> | null },
>(mail: T): T {
  return {
    ...mail,
    to: toSingleLineText(mail.to),
    subject: toSingleLineText(mail.subject),
    ...(mail.replyTo ? { replyTo: toSingleLineText(mail.replyTo) } : {}),
    ...(mail.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(mail.headers).map(([name, value]) => [
              toSingleLineText(name),
              toSingleLineText(value),
            ]),
          ),
        }
      : {}),
  };
}

/** Queues a mail in the request transaction: a failed request sends nothing (outbox pattern). */
export async function enqueueMail(tx: TTx, clusterId: string, unsafeMail: TMail): Promise<string> {
  return insertMail(tx, clusterId, unsafeMail, null);
}

/**
 * Queues a mail of the template catalogue in its default wording, with the template's key and values: the
 * sender renders the cluster's override instead when there is one. Requests (hub scope) cannot read the
 * overrides (RLS: the cluster-wide scope only); the sender runs in that scope.
 */
export async function enqueueTemplatedMail(
  tx: TTx,
  clusterId: string,
  mail: TTemplatedMail,
): Promise<string> {
  const rendered = renderMailTemplate(mail.template, MAIL_TEMPLATES[mail.template], mail.values);
  return insertMail(tx, clusterId, { to: mail.to, ...rendered }, { key: mail.template, values: mail.values });
}

async function insertMail(
  tx: TTx,
  clusterId: string,
  unsafeMail: TMail,
  template: { key: TMailTemplateKey; values: Record<string, string> } | null,
): Promise<string> {
  const mail = headerSafeMail(unsafeMail);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      clusterId,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      icalEvent: mail.icalEvent ?? null,
      replyTo: mail.replyTo ?? null,
      headers: mail.headers ?? null,
      templateKey: template?.key ?? null,
      templateValues: template?.values ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row.id;
}
