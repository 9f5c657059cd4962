import { EMAIL_RESPONSE_MAX_LENGTH } from '@commons/contract';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { TDb } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { postEmailReply, resolveReplyToken, stripQuotedReply } from './email-response.commands.js';

/** Largest inbound reply accepted (bytes of the whole message, attachments included). */
const INBOUND_MAX_BYTES = 1024 * 1024;
/** Local part of a reply address: reply+{token}. */
const REPLY_LOCAL_PART = /^reply\+([0-9a-f]+)@/i;

export type TInboundSmtp = { port: number; close(): Promise<void> };

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** The reply token of a recipient address, or null for any other address. */
export function replyTokenOfAddress(address: string): string | null {
  return REPLY_LOCAL_PART.exec(address.trim())?.[1]?.toLowerCase() ?? null;
}

/**
 * A small SMTP receiver for reply by email (issue #5 item 4; started when INBOUND_SMTP_PORT is set). It
 * accepts mail only for reply addresses whose token holds, and posts each reply's new plain text (the
 * quoted history stripped) as a message in the thread, under the inbox rules. No relaying, no AUTH.
 */
export async function startInboundSmtp(deps: {
  db: TDb;
  secret: Uint8Array;
  port: number;
  host: string;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Called after a reply was posted (kicks the realtime relay). */
  onPosted: () => void;
}): Promise<TInboundSmtp> {
  const server = new SMTPServer({
    name: 'commons-inbound',
    authOptional: true,
    disabledCommands: ['AUTH'],
    size: INBOUND_MAX_BYTES,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const token = replyTokenOfAddress(address.address);
      if (!token) return callback(smtpError('No such recipient here', 550));
      resolveReplyToken(deps.db, { token, secret: deps.secret })
        .then((target) => callback(target ? undefined : smtpError('No such recipient here', 550)))
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'inbound reply address lookup failed');
          callback(smtpError('Try again later', 451));
        });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(smtpError('Message too large', 552));
        handleMessage(
          Buffer.concat(chunks),
          session.envelope.rcptTo.map((r) => r.address),
        )
          .then(() => callback())
          .catch((error: unknown) => {
            if (error instanceof AppError)
              return callback(smtpError(error.userMessage ?? error.message, 550));
            deps.log.error({ err: error }, 'inbound reply failed');
            callback(smtpError('Try again later', 451));
          });
      });
    },
  });

  async function handleMessage(raw: Buffer, recipients: string[]): Promise<void> {
    const parsed = await simpleParser(raw);
    const text = stripQuotedReply(parsed.text ?? '').slice(0, EMAIL_RESPONSE_MAX_LENGTH);
    if (!text)
      throw new AppError({
        statusCode: 400,
        code: 'validation_failed',
        message: 'The reply is empty.',
        userMessage: 'The reply is empty.',
      });
    for (const address of recipients) {
      const token = replyTokenOfAddress(address);
      const target = token ? await resolveReplyToken(deps.db, { token, secret: deps.secret }) : null;
      if (!target) continue;
      const posted = await postEmailReply(deps.db, {
        target,
        text,
        now: deps.clock(),
        ip: null,
        via: 'email',
      });
      deps.log.info({ threadId: posted.threadId, messageId: posted.messageId }, 'reply by email posted');
    }
    deps.onPosted();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, deps.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error: Error) => deps.log.error({ err: error }, 'inbound SMTP error'));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : deps.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
