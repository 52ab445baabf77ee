import type { OperationDef, Result } from '@qcdesk/contract';
import { EnvelopeClient } from '@qcdesk/contract/envelope';
import type { z } from 'zod';
import { type App, type AppDeps, buildApp } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import type { Database } from '../../src/platform/db';
import type { SeedContext } from '../../src/platform/module';
import { SEED_ENV } from './seed-env';
import { openSameDatabase, openTestDatabase } from './test-database';

export interface CallOptions {
  token?: string;
  lang?: 'zh' | 'en';
  /** Override the method sent in the payload (to test dispatch). */
  method?: string;
  /** The client address the server sees (per-address limits). */
  ip?: string;
}

export interface CallAnswer<T> {
  status: number;
  result: Result<T>;
}

/** How a client reaches an app: its `inject` (no sockets), or real HTTP (`httpSender`). */
export type Sender = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: Record<string, unknown>;
  remoteAddress?: string;
}) => Promise<{ statusCode: number; json(): unknown }>;

/** Real HTTP to a listening server, for what `inject` cannot reach (the product handing /dev over). */
export function httpSender(origin: string): Sender {
  return async ({ method, url, headers = {}, payload }) => {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const text = await response.text();
    return { statusCode: response.status, json: () => JSON.parse(text) as unknown };
  };
}

/**
 * A client of the real envelope, speaking to the app through `inject` (no sockets) or another
 * sender; `basePath` goes before every URL (`/dev` for the sandbox, as the web app does).
 */
export class TestClient {
  readonly envelope: EnvelopeClient;
  private readonly send: Sender;

  constructor(
    target: App | Sender,
    private readonly basePath = '',
  ) {
    this.send = typeof target === 'function' ? target : (request) => target.server.inject(request);
    this.envelope = new EnvelopeClient(async () => {
      const response = await this.send({ method: 'GET', url: `${this.basePath}/api/publickey` });
      return response.json() as { keyId: string; publicKey: string };
    });
  }

  async call<Op extends OperationDef>(
    op: Op | { path: string; method: OperationDef['method'] },
    body: z.input<Op['input']> | Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<CallAnswer<z.output<Op['output']>>> {
    const sealed = await this.envelope.sealRequest((options.method ?? op.method) as 'POST', body);
    const response = await this.send({
      method: 'POST',
      url: `${this.basePath}/api/${op.path}?cpt=qcdesk-web&format=json`,
      headers: {
        'accept-language': options.lang === 'en' ? 'en-US,en;q=0.9' : 'zh-CN,zh',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      payload: sealed,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
    const answer = response.json() as { data: string };
    const result = (await this.envelope.openResponse(answer.data)) as Result<z.output<Op['output']>>;
    return { status: response.statusCode, result };
  }

  /** Calls and insists on success, returning the data. */
  async ok<Op extends OperationDef>(
    op: Op,
    body: z.input<Op['input']>,
    options: CallOptions = {},
  ): Promise<z.output<Op['output']>> {
    const { status, result } = await this.call(op, body, options);
    if (status !== 200 || !result.success) {
      throw new Error(`${op.path} failed: ${status} ${JSON.stringify(result)}`);
    }
    return result.data;
  }

  /** Calls and insists on a refusal (in English unless told), returning its reason, text and field. */
  async refused<Op extends OperationDef>(
    op: Op,
    body: z.input<Op['input']> | Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<{ reason: string; error: string; field?: string }> {
    const { status, result } = await this.call(op, body, { lang: 'en', ...options });
    if (result.success) throw new Error(`${op.path} was not refused: ${status} ${JSON.stringify(result)}`);
    return result as unknown as { reason: string; error: string; field?: string };
  }
}

export interface TestApp {
  app: App;
  database: Database;
  client: TestClient;
  close(): Promise<void>;
}

/**
 * The real app on a private copy of the migrated database, with a real envelope client; with
 * `sameDatabaseAs`, a second app on another connection to that app's database (another process).
 */
export async function startTestApp(
  options: Partial<Omit<AppDeps, 'config' | 'database'>> & {
    env?: Record<string, string>;
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const { sameDatabaseAs, ...rest } = options;
  const database = sameDatabaseAs
    ? await openSameDatabase(sameDatabaseAs.database)
    : await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    // A test file signs its users in from one address as often as it likes; the tests of the
    // anonymous limits (anonymous-limits.test.ts) set their own.
    ANON_IP_MAX_REQUESTS: '10000000',
    ANON_ACCOUNT_MAX_REQUESTS: '10000000',
    ...options.env,
  });
  const app = await buildApp({ config, database, logger: Boolean(rest.logStream), ...rest });
  await app.server.ready();
  return {
    app,
    database,
    client: new TestClient(app),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** What a seed is given when a test runs it again: the app's database and hooks, the test seed settings, no log. */
export function seedContext(t: TestApp): SeedContext {
  const quiet = { warn() {}, info() {}, error() {} };
  return {
    database: t.database,
    hooks: t.app.capabilities,
    config: loadConfig({ NODE_ENV: 'test', ...SEED_ENV }),
    log: quiet,
  };
}
