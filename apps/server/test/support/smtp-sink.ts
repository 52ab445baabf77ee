import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message as received. */
  raw: string;
  /** The message with quoted-printable soft breaks and escapes undone, for reading codes and links. */
  text: string;
}

export interface SmtpSink {
  /** MAIL_URL for the app: plain SMTP on localhost. */
  url: string;
  messages: ReceivedMail[];
  /** Answers the next deliveries with this SMTP reply code (e.g. 451 temporary, 550 permanent). */
  failNext(count: number, code: number): void;
  /** The newest mail to the address, waiting for it if need be. */
  waitFor(to: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A real SMTP server in the test process (smtp-server), collecting what the app sends. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let failures: { left: number; code: number } = { left: 0, code: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures.left > 0) {
          failures.left--;
          const error = Object.assign(new Error('Refused by the test server'), {
            responseCode: failures.code,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    messages,
    failNext(count, code) {
      failures = { left: count, code };
    },
    async waitFor(to, since = 0, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = messages.slice(since).findLast((m) => m.to.includes(to));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code of a code mail: the indented line of the plain-text part. */
export const codeIn = (mail: ReceivedMail): string => /^ {4}(\d{6})\s*$/m.exec(mail.text)![1]!;

/** The token of the first link in a mail carrying `?<param>=`. */
export const tokenIn = (mail: ReceivedMail, param: string): string =>
  new RegExp(`[?&]${param}=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
