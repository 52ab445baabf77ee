import { areas } from '@qcdesk/contract';
import { jobErrorList, jobErrorRetry } from '@qcdesk/contract/mail-service';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, unique } from '../../../test/support/factories';
import { signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { changeLog, jobs } from '../../db/schema/platform';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { buildClient } from '../client/client.factory';
import { jobErrorPageQuery, jobErrorWhere } from './job-error.service';

// The job queue's dead letters through the envelope (ADR 0016): a list export whose worker stopped on
// its last attempt is dead; its requester reads why in their language (`job/progress`), a mail
// administrator finds it beside the mail errors and runs it again, once.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t, 'ADMIN');
});
afterAll(async () => {
  await t.close();
});

const progress = (id: string, lang: 'zh' | 'en') =>
  t.client.ok(areas.listExport.jobProgress, { id }, { token: admin, lang });

/** The export job as its last worker left it: claimed on its last attempt, then nothing for an hour. */
async function stoppedOnLastAttempt(id: string) {
  await t.database.db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.maxAttempts}`,
      lockedAt: sql`now() - interval '1 hour'`,
      lockedBy: 'worker-gone:3',
    })
    .where(eq(jobs.id, BigInt(id)));
}

describe('dead letters', () => {
  it('a job whose worker stopped on its last attempt is dead; its requester reads why, in their language', async () => {
    const name = unique('DEAD');
    await buildClient(t.database.db, { name: `${name} one` });
    const { jobId } = await t.client.ok(areas.client.exportClients, { name }, { token: admin });
    await stoppedOnLastAttempt(jobId);
    await t.app.jobs.drain();

    expect(await progress(jobId, 'en')).toMatchObject({
      state: 'failed',
      error: 'The worker stopped while running it (attempt 3 of 3)',
    });
    expect((await progress(jobId, 'zh')).error).toBe('执行时工作进程已停止（第 3 次，共 3 次）');

    const listed = await t.client.ok(jobErrorList, { kind: 'list.export' }, { token: admin });
    expect(listed.list).toContainEqual(
      expect.objectContaining({
        id: jobId,
        status: 'dead',
        attempts: 3,
        maxAttempts: 3,
        kind: 'list.export',
      }),
    );

    // A mail administrator runs it again: one more attempt, and this time it finishes.
    const retried = await t.client.ok(jobErrorRetry, { id: jobId }, { token: admin });
    expect(retried).toMatchObject({
      id: jobId,
      status: 'queued',
      attempts: 3,
      maxAttempts: 4,
      finishedAt: null,
    });
    expect(
      (await t.client.ok(jobErrorList, { kind: 'list.export' }, { token: admin })).list,
    ).not.toContainEqual(expect.objectContaining({ id: jobId }));
    const again = await t.client.call(jobErrorRetry, { id: jobId }, { token: admin });
    expect(again.result).toMatchObject({ success: false, reason: 'E_STATUS' });

    await t.app.jobs.drain();
    expect(await progress(jobId, 'en')).toEqual({ id: jobId, state: 'done', percent: 100, error: null });
    const log = await t.database.db
      .select()
      .from(changeLog)
      .where(
        and(
          eq(changeLog.entity, 'jobs'),
          eq(changeLog.entityId, BigInt(jobId)),
          eq(changeLog.action, 'retry'),
        ),
      );
    expect(log).toEqual([
      expect.objectContaining({
        changes: [{ field: 'status', from: 'dead', to: 'queued' }],
        actorId: expect.any(BigInt),
      }),
    ]);
  });

  it('lists failed and dead jobs newest first, by kind, for mail administrators only', async () => {
    const kind = unique('test.kind').toLowerCase();
    const failed = await enqueueJob(t.database.db, kind, {});
    await t.database.db
      .update(jobs)
      .set({
        status: 'failed',
        attempts: 5,
        lastError: 'S3 refused',
        finishedAt: sql`now() - interval '1 minute'`,
      })
      .where(eq(jobs.id, failed));
    const dead = await enqueueJob(t.database.db, kind, {});
    await t.database.db
      .update(jobs)
      .set({ status: 'dead', attempts: 5, finishedAt: sql`now()` })
      .where(eq(jobs.id, dead));
    await enqueueJob(t.database.db, kind, {});

    const listed = await t.client.ok(jobErrorList, { kind }, { token: admin });
    expect(listed.list.map((j) => [j.id, j.status, j.lastError])).toEqual([
      [String(dead), 'dead', null],
      [String(failed), 'failed', 'S3 refused'],
    ]);
    expect(listed.total).toBe(2);

    const sales = await signInAs(t, 'SALES');
    const refused = await t.client.call(jobErrorList, {}, { token: sales });
    expect(refused.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    const notRetried = await t.client.call(jobErrorRetry, { id: String(failed) }, { token: sales });
    expect(notRetried.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    expect((await t.database.db.select().from(jobs).where(eq(jobs.id, failed)))[0]!.status).toBe('failed');

    const missing = await t.client.call(jobErrorRetry, { id: '999999999' }, { token: admin });
    expect(missing.result.reason).toBe('E_NOT_FOUND');
  });

  it('finds the dead letters by their index (jobs_finished_idx), however many done jobs there are', async () => {
    const input = { page: 1, pageSize: 20 };
    const plan = await planOf(t.database.db, jobErrorPageQuery(t.database.db, jobErrorWhere(input), input));
    expect(plan).toContain('jobs_finished_idx');
  });
});
