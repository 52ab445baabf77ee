import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { SendMailOptions, SentMessageInfo, Transporter } from 'nodemailer';
import { mailOutbox } from '../../db/schema/mail';
import { retryDelayMs } from '../jobs/job-queue';
import { type JobHandler, RetryLater } from '../jobs/job-worker';
import { loadNodemailer } from '../lazy-packages';

/** What the `mail.send` job uses of a transport (nodemailer's Transporter is one). */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<SentMessageInfo>;
  close(): void;
}

/**
 * A pooled SMTP transport for MAIL_URL (smtp://user:pass@host:port/?options), or null when unset.
 * nodemailer loads and the pool opens with the first mail sent (issue 33: not at start-up).
 */
export function createMailTransport(mailUrl: string | undefined): MailTransport | null {
  if (!mailUrl) return null;
  let pool: Transporter | undefined;
  return {
    async sendMail(message) {
      const nodemailer = await loadNodemailer();
      // Pooled: ~1.6 ms per message instead of ~100 ms for a connection per mail (STACK-NOTES.md).
      pool ??= nodemailer.createTransport({
        url: mailUrl,
        pool: true,
        maxConnections: 3,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      });
      return pool.sendMail(message);
    },
    close() {
      pool?.close();
    },
  };
}

/** An attachment's bytes, read from the object store when the mail goes out. */
export type AttachmentReader = (fileId: bigint) => Promise<Buffer | null>;

export interface MailSenderOptions {
  transport: MailTransport | null;
  /** Reads the stored files a mail attaches (issue 28); a mail with attachments needs it. */
  readAttachment?: AttachmentReader;
  from: string;
  maxAttempts: number;
}

const STOPPED_SENDING =
  'The worker stopped while sending, every attempt; the mail may have gone out (same Message-ID each time)';

/**
 * The `mail.send` job. A mail goes out at least once (issue 32): it is marked `sending` (committed)
 * before the SMTP exchange and `sent` after it, and a job that finds it still `sending` (its worker
 * died mid-send, perhaps after the server had taken it) sends it again. Every attempt carries the
 * same Message-ID, `<qcdesk-mail-{id}@qcdesk>`, so a second copy is recognisable as the same mail. A
 * worker dying at every attempt stops at MAIL_MAX_ATTEMPTS, failed with that reason. A refusal by the
 * server (5xx) fails at once; other errors retry with backoff until MAIL_MAX_ATTEMPTS. With no
 * transport the mail is `held` in the dev mailbox.
 */
export function mailSendHandler(options: MailSenderOptions): JobHandler {
  return async (payload, { db }) => {
    const id = BigInt(String(payload.mailId));
    // A `sending` mail was being sent by a worker that died: it goes again, under the same cap.
    const [mail] = await db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        and(
          eq(mailOutbox.id, id),
          or(
            eq(mailOutbox.status, 'pending'),
            and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.attempts, options.maxAttempts)),
          ),
        ),
      )
      .returning();
    if (!mail) {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: STOPPED_SENDING, nextAttemptAt: null })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
      return;
    }
    if (!options.transport) {
      await db.update(mailOutbox).set({ status: 'held' }).where(eq(mailOutbox.id, id));
      return;
    }
    try {
      const attachments = [];
      for (const a of mail.attachments) {
        const content = await options.readAttachment?.(BigInt(a.fileId));
        if (!content) throw new Error(`attachment ${a.fileId} is missing from the store`);
        attachments.push({ filename: a.name, content, contentType: a.contentType });
      }
      const info = await options.transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(attachments.length > 0 ? { attachments } : {}),
        // A stable id lets receiving servers drop a duplicate, should one ever be sent.
        messageId: `<qcdesk-mail-${mail.id}@qcdesk>`,
        textEncoding: 'quoted-printable',
      });
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          messageId: info.messageId,
          lastError: null,
          nextAttemptAt: null,
        })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const responseCode = (error as { responseCode?: unknown }).responseCode;
      const refused = typeof responseCode === 'number' && responseCode >= 500;
      if (refused || mail.attempts >= options.maxAttempts) {
        await db
          .update(mailOutbox)
          .set({ status: 'failed', lastError: message, nextAttemptAt: null })
          .where(eq(mailOutbox.id, id));
        return;
      }
      const next = new Date(Date.now() + retryDelayMs(mail.attempts));
      await db
        .update(mailOutbox)
        .set({ status: 'pending', lastError: message, nextAttemptAt: next })
        .where(eq(mailOutbox.id, id));
      throw new RetryLater(next, message);
    }
  };
}
