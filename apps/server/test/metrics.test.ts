import { areas } from '@qcdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from './support/identity';
import { startTestApp, type TestApp } from './support/test-app';

// Issue 32 (observability): GET /metrics in Prometheus's format for the holder of METRICS_TOKEN, with
// each operation's calls by outcome and latency, the job queue, the mail outbox and Node's figures.

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.server.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('are refused without the token, or with a wrong one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token')).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it('count each operation by outcome, time it, and show the queue, the outbox and the process', async () => {
    const admin = await signInAs(t, 'ADMIN');
    const inspector = await signInAs(t, 'INSPECTOR');
    const search = { page: 1, pageSize: 10 };
    await t.client.ok(areas.client.searchClients, search, { token: admin });
    await t.client.ok(areas.client.searchClients, search, { token: admin });
    const refused = await t.client.refused(areas.identity.searchUsers, search, { token: inspector });
    expect(refused.reason).toBe('E_PERMISSION');

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(sample(text, 'qcdesk_operation_calls_total{op="client/search",outcome="ok"}')).toBe(2);
    expect(sample(text, 'qcdesk_operation_calls_total{op="user/search",outcome="E_PERMISSION"}')).toBe(1);
    expect(sample(text, 'qcdesk_operation_duration_seconds_count{op="client/search"}')).toBe(2);
    expect(sample(text, 'qcdesk_operation_duration_seconds_bucket{le="10",op="client/search"}')).toBe(2);
    // Signing in ran an operation too; the publickey route is plain HTTP, counted by status only.
    expect(sample(text, 'qcdesk_operation_calls_total{op="auth",outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'qcdesk_http_responses_total{status="2xx"}')).toBeGreaterThan(4);
    expect(sample(text, 'qcdesk_jobs{status="queued"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'qcdesk_job_oldest_due_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'qcdesk_mail_outbox{state="failed"}')).toBe(0);
    expect(sample(text, 'qcdesk_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).not.toMatch(/password|token/i);
  });

  it('are absent when no token is configured', async () => {
    const plain = await startTestApp({ sameDatabaseAs: t });
    try {
      // The path is then one of the SPA's (here unbuilt: 503), never the figures.
      const response = await plain.app.server.inject({ url: '/metrics' });
      expect(response.statusCode).not.toBe(200);
      expect(response.body).not.toContain('qcdesk_');
    } finally {
      await plain.close();
    }
  });
});
