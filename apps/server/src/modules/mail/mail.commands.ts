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

/** Queues a mail in the request transaction: a failed request sends nothing (outbox pattern). */
export async function enqueueMail(tx: TTx, clusterId: string, mail: TMail): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ clusterId, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, icalEvent: mail.icalEvent ?? null, replyTo: mail.replyTo ?? null, headers: mail.headers ?? null })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row.id;
}
