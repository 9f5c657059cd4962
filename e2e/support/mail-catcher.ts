/**
 * A local SMTP server for the E2E run: the server under test sends its mail here (SMTP_URL), as it would
 * to a real relay, and each message is appended to a JSON-lines file the tests read (latestMail).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One delivered mail as the tests see it. */
export type TCaughtMail = { to: string[]; subject: string; text: string; receivedAt: string };

/** Starts the catcher on a free local port; every accepted message lands in `logFile`. */
export async function startMailCatcher(
  logFile: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: TCaughtMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          };
          appendFileSync(logFile, `${JSON.stringify(mail)}\n`);
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every mail caught so far, oldest first. */
export function caughtMails(logFile: string): TCaughtMail[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TCaughtMail);
}

/**
 * The newest mail to `email` whose text matches `pattern`, waiting up to `timeoutMs` for the server's
 * mail relay to deliver it.
 */
export async function latestMail(
  logFile: string,
  options: { to: string; pattern: RegExp; timeoutMs?: number },
): Promise<{ mail: TCaughtMail; match: RegExpExecArray }> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const found = caughtMails(logFile)
      .filter((mail) => mail.to.includes(options.to.toLowerCase()))
      .reverse()
      .map((mail) => ({ mail, match: options.pattern.exec(mail.text) }))
      .find((candidate) => candidate.match !== null);
    if (found?.match) return { mail: found.mail, match: found.match };
    if (Date.now() > deadline)
      throw new Error(`no mail to ${options.to} matching ${String(options.pattern)} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
