import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn, ref, timestamptz } from '../columns';

/** RSA key pairs of the envelope, shared by every server process (PROTOCOL.md "Keys"). */
export const envelopeKeys = pgTable('envelope_keys', {
  keyId: text('key_id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamptz('created_at').notNull().default(sql`now()`),
  retiredAt: timestamptz('retired_at'),
});

/** Nonces seen within the replay window, across processes (when Redis is not configured). */
export const envelopeNonces = pgTable(
  'envelope_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('envelope_nonces_expires_idx').on(t.expiresAt)],
);

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** One row per write through an operation (DOMAIN.md §0, §6.11). */
export const changeLog = pgTable(
  'change_log',
  {
    id: idColumn(),
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'bigint' }).notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<FieldChange[]>().notNull().default([]),
    reason: text('reason'),
    actorId: ref('actor_id'),
    impersonatorId: ref('impersonator_id'),
    at: timestamptz('at').notNull().default(sql`now()`),
  },
  (t) => [index('change_log_entity_idx').on(t.entity, t.entityId, t.at)],
);

/** Secrets generated once and shared by every server process (e.g. the bearer-token key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().default(sql`now()`),
});

/**
 * `failed`: the handler threw on its last attempt; `dead`: its worker stopped (crash, kill, out of
 * memory) while running the last attempt. Both are dead letters: listed with a retry, purged later.
 */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'dead';

/**
 * The job queue (ARCHITECTURE.md "Jobs", ADR 0016): workers in any process claim due rows with
 * `FOR UPDATE SKIP LOCKED`, renew their lease while a job runs, and finish it only while they still
 * hold it (`locked_by` is one claim's token); failures retry with backoff up to `maxAttempts`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamptz('run_at').notNull().default(sql`now()`),
    lockedAt: timestamptz('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().default(sql`now()`),
    finishedAt: timestamptz('finished_at'),
    /** The user who asked for the job (a list export); only they read its progress. */
    requestedBy: ref('requested_by'),
    /** 0–100 for jobs that report how far they are; null for the others (mail). */
    progress: integer('progress'),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`status = 'queued'`),
    index('jobs_running_idx').on(t.lockedAt).where(sql`status = 'running'`),
    // The purge (done, failed and dead rows by age) and the list of dead letters.
    index('jobs_finished_idx').on(t.status, t.finishedAt).where(sql`finished_at is not null`),
  ],
);

/**
 * Housekeeping that runs once per interval across every process (`JobWorker.every`): a worker runs
 * a task only when its UPDATE moves `next_at` on (ADR 0016).
 */
export const periodicTasks = pgTable('periodic_tasks', {
  name: text('name').primaryKey(),
  nextAt: timestamptz('next_at').notNull(),
  lastRunAt: timestamptz('last_run_at'),
  lastRunBy: text('last_run_by'),
});

/**
 * DOMAIN.md §6.9 NumberSequence: the last number given per prefix and business day (yyMMdd), taken
 * with a row lock inside the creating transaction, so numbers are gap-free per committed day.
 */
export const numberSequences = pgTable(
  'number_sequences',
  {
    prefix: text('prefix').notNull(),
    day: text('day').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.day] })],
);
