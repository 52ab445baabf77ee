import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, ref, timestamptz } from '../columns';

export interface MailAttachment {
  fileId: string;
  name: string;
  contentType: string;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'held';

/**
 * The mail outbox (ARCHITECTURE.md "Mail"): every mail is a row, written in the transaction of
 * the change that causes it and sent by a `mail.send` job. `held` = kept in the dev mailbox
 * because no SMTP server is configured; `failed` rows form the mail-error list until solved.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    lang: text('lang').notNull(),
    template: text('template').notNull(),
    /** Stored files sent along (a report's PDF, issue 28): read from the object store when sent. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    entity: text('entity'),
    entityId: ref('entity_id'),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: timestamptz('sent_at'),
    solved: boolean('solved').notNull().default(false),
    solvedBy: ref('solved_by'),
    solvedAt: timestamptz('solved_at'),
    createdBy: ref('created_by'),
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    // The sorts of mail/search (createdAt: mail_outbox_created_idx) and of the mail-error list
    // (createdAt: mail_outbox_status_idx; recipient: the failed mails' own index).
    index('mail_outbox_to_sort_idx').on(sql`lower(${t.to})`, t.id),
    index('mail_outbox_sent_sort_idx').on(t.sentAt, t.id),
    index('mail_outbox_failed_to_sort_idx')
      .on(t.solved, sql`lower(${t.to})`, t.id)
      .where(sql`status = 'failed'`),
  ],
);
