import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, rows } from './db';

// Observability (issue 32, ADR 0025): `GET /metrics` in Prometheus's text format, for the holder of
// METRICS_TOKEN. Per operation: calls by outcome (`ok` or the refusal's reason key, so errors by
// reason come from the same counter) and a latency histogram. At scrape time: the job queue's depth
// and oldest due job, mails that failed and wait for someone to solve them, the database pool, and
// Node's own process figures. Without METRICS_TOKEN nothing is recorded and the route is absent.

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope operation this request ran (`order/search`), for the metrics. */
    operation: string | null;
    /** `ok`, or the reason key the operation was refused with. */
    outcome: string | null;
  }
}

/** Latency buckets (seconds): a search is ~5 ms, an export or a PDF up to seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface QueueRow extends Record<string, unknown> {
  status: string;
  n: number;
  oldest: number | null;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'op'>;
  private readonly calls: Counter<'op' | 'outcome'>;
  private readonly responses: Counter<'status'>;

  constructor(database: Database) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'qcdesk_' });
    this.duration = new Histogram({
      name: 'qcdesk_operation_duration_seconds',
      help: 'Time from request to response of each envelope operation',
      labelNames: ['op'],
      buckets: BUCKETS,
      registers,
    });
    this.calls = new Counter({
      name: 'qcdesk_operation_calls_total',
      help: 'Envelope operation calls by outcome: ok, or the reason key they were refused with',
      labelNames: ['op', 'outcome'],
      registers,
    });
    this.responses = new Counter({
      name: 'qcdesk_http_responses_total',
      help: 'HTTP responses by status class (1xx to 5xx), envelope or not',
      labelNames: ['status'],
      registers,
    });
    // One query sets both job gauges: the queue's depth is collected first, its age after it.
    const jobAge = new Gauge({
      name: 'qcdesk_job_oldest_due_seconds',
      help: 'How long the oldest due queued job has waited',
      registers: [],
    });
    const jobs = new Gauge({
      name: 'qcdesk_jobs',
      help: 'Jobs by status (queued, running, dead)',
      labelNames: ['status'],
      registers,
      collect: async () => {
        const found = await rows<QueueRow>(
          database.db,
          sql`select status, count(*)::int as n,
             extract(epoch from now() - min(run_at) filter (where run_at <= now()))::float8 as oldest
           from jobs where status in ('queued', 'running', 'dead') group by status`,
        );
        for (const status of ['queued', 'running', 'dead']) {
          jobs.set({ status }, found.find((r) => r.status === status)?.n ?? 0);
        }
        jobAge.set(Math.max(0, found.find((r) => r.status === 'queued')?.oldest ?? 0));
      },
    });
    this.registry.registerMetric(jobAge);
    const mail = new Gauge({
      name: 'qcdesk_mail_outbox',
      help: 'Mails waiting to be sent (pending) and failed ones nobody has solved yet (failed)',
      labelNames: ['state'],
      registers,
      collect: async () => {
        const [counts] = await rows<{ pending: number; failed: number }>(
          database.db,
          sql`select count(*) filter (where status in ('pending', 'sending'))::int as pending,
             count(*) filter (where status = 'failed' and not solved)::int as failed
           from mail_outbox where status in ('pending', 'sending', 'failed')`,
        );
        mail.set({ state: 'pending' }, counts?.pending ?? 0);
        mail.set({ state: 'failed' }, counts?.failed ?? 0);
      },
    });
    const pool = new Gauge({
      name: 'qcdesk_db_pool_connections',
      help: 'Database pool connections (PostgreSQL): total, idle and waiting requests',
      labelNames: ['state'],
      registers,
      collect: () => {
        const stats = database.poolStats?.();
        if (!stats) return;
        pool.set({ state: 'total' }, stats.total);
        pool.set({ state: 'idle' }, stats.idle);
        pool.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  /** Called once per response. */
  record(request: FastifyRequest, statusCode: number, seconds: number): void {
    this.responses.inc({ status: `${Math.floor(statusCode / 100)}xx` });
    const op = request.operation;
    if (!op) return;
    this.duration.observe({ op }, seconds);
    this.calls.inc({ op, outcome: request.outcome ?? (statusCode >= 500 ? 'INTERNAL' : 'ok') });
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Records every response and serves `GET /metrics` to `Authorization: Bearer <token>`. The
 * request's `operation` and `outcome` are set by the envelope routes.
 */
export function serveMetrics(server: FastifyInstance, database: Database, token: string): Metrics {
  const metrics = new Metrics(database);
  const expected = digest(token);
  server.addHook('onResponse', (request, reply, done) => {
    metrics.record(request, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  server.get('/metrics', async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ success: false, code: 401 });
    }
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
  return metrics;
}
