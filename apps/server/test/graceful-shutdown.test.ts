import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/platform';
import { enqueueJob } from '../src/platform/jobs/job-queue';
import { startTestApp } from './support/test-app';

// Graceful shutdown (issue 32): on SIGTERM the server's `close` (main.ts) stops taking requests
// (Fastify's close answers those in flight), then lets the job worker finish the job it is running
// before the database closes — a deploy does not cut a job in half.

describe('closing the app', () => {
  it('finishes the running job before it returns, and takes no request after', async () => {
    const t = await startTestApp({ env: { JOB_POLL_MS: '50' } });
    let finished = false;
    t.app.jobs.handle('test.shutdown', async () => {
      await sleep(600);
      finished = true;
    });
    const id = await enqueueJob(t.database.db, 'test.shutdown', {});
    t.app.jobs.start();
    const address = await t.app.server.listen({ host: '127.0.0.1', port: 0 });
    const running = async () =>
      (await t.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;
    for (let i = 0; i < 100 && (await running()) !== 'running'; i++) await sleep(20);
    expect(await running()).toBe('running');

    expect((await fetch(`${address}/api/publickey`)).status).toBe(200);
    await t.app.close();
    expect(finished).toBe(true);
    expect(await running()).toBe('done');
    await expect(fetch(`${address}/api/publickey`)).rejects.toThrow();
    await t.database.close();
  });
});
