import type { Language } from '@qcdesk/contract';
import { type MailAttachment, mailOutbox } from '../../db/schema/mail';
import type { Db } from '../db';
import { enqueueJob } from '../jobs/job-queue';
import { type MailTemplate, type ParamsOf, renderMail } from './mail-templates';

export const MAIL_SEND_JOB = 'mail.send';

export interface OutgoingMail<P extends string = string> {
  to: string;
  /** The area's `defineMail(...)`; `params` must fill its placeholders, no more and no fewer. */
  template: MailTemplate<P>;
  lang: Language;
  params: ParamsOf<NoInfer<P>>;
  /** The record the mail is about, for the mail-error list. */
  entity?: string;
  entityId?: bigint;
  createdBy?: bigint | null;
  /** Stored files to attach (read from the object store when the mail is sent). */
  attachments?: readonly MailAttachment[];
}

/**
 * Writes a mail to the outbox and queues its sending, both in the caller's transaction: the mail
 * exists exactly when the change that caused it is committed.
 */
export async function enqueueMail<P extends string>(db: Db, mail: OutgoingMail<P>): Promise<bigint> {
  const rendered = renderMail(mail.template, mail.lang, mail.params);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      ...rendered,
      lang: mail.lang,
      template: mail.template.name,
      entity: mail.entity ?? null,
      entityId: mail.entityId ?? null,
      createdBy: mail.createdBy ?? null,
      attachments: [...(mail.attachments ?? [])],
    })
    .returning({ id: mailOutbox.id });
  // The mail handler decides about retries itself (MAIL_MAX_ATTEMPTS); the job only needs room for them.
  await enqueueJob(db, MAIL_SEND_JOB, { mailId: row!.id.toString() }, { maxAttempts: 100 });
  return row!.id;
}
