import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_CODE_CLI, CLIENT_CODE_WEB, PASSWORD_PATTERN, REPLAY_WINDOW_SECONDS } from '@qcdesk/contract';
import { EXPORT_MAX_ROWS } from '@qcdesk/contract/list-export';
import { z } from 'zod';

/**
 * The repository root, so defaults work whatever the working directory: the nearest folder above
 * this module with apps/server/drizzle in it (the sources, or the built server in apps/server/dist).
 */
export const REPO_ROOT = repoRoot(fileURLToPath(new URL('.', import.meta.url)));

function repoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'apps/server/drizzle'))) return `${dir}/`;
    if (dirname(dir) === dir) return fileURLToPath(new URL('../../../../', import.meta.url));
  }
}

const csv = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9._-]+$/)).min(1));

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

// Every setting comes from the environment and has a default that runs on one laptop.
// README.md "Configuration" lists the same names; keep them in step.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: int(0, 65535).default(3000),
  /**
   * Server processes behind the one port (Node's cluster, ADR 0029); more than one needs PostgreSQL,
   * since the embedded database has one process.
   */
  PROCESSES: int(1, 64).default(1),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  CLIENT_CODES: csv.default([CLIENT_CODE_WEB, CLIENT_CODE_CLI]),
  KEY_ROTATION_HOURS: int(1, 24 * 365).default(24 * 30),
  KEY_GRACE_HOURS: int(0, 24 * 30).default(24),
  REPLAY_WINDOW_SECONDS: int(30, 3600).default(REPLAY_WINDOW_SECONDS),
  BODY_LIMIT_BYTES: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  WEB_DIST: z.string().min(1).default(resolve(REPO_ROOT, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serves GET /metrics (Prometheus) to `Authorization: Bearer <METRICS_TOKEN>`; unset: no metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),

  /**
   * Behind a reverse proxy: `true`, or the proxies' addresses (comma-separated, CIDR allowed), so
   * the per-address sign-in limits see the client's address (X-Forwarded-For), not the proxy's:
   * without it everyone behind the proxy shares the proxy's address and its slowdown.
   */
  TRUST_PROXY: z
    .string()
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v))
    .default(false),

  // Sessions (ARCHITECTURE.md "Auth").
  /** HMAC key of the bearer tokens; when unset one is generated once and kept in the database. */
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_MINUTES: int(1, 24 * 60).default(15),
  /** Lifetime of a session that is not remembered ("the browser session"); remembered ones last 7 days. */
  SESSION_HOURS: int(1, 24 * 7).default(12),
  /** Failed attempts at one account name before it is locked for LOGIN_LOCK_MINUTES. */
  LOGIN_MAX_FAILURES: int(1, 1000).default(5),
  /**
   * Failed attempts from one address before it is slowed down (each further failure makes it wait,
   * 2 s doubling up to LOGIN_IP_MAX_WAIT_SECONDS); also caps anonymous mail requests per address.
   */
  LOGIN_IP_MAX_FAILURES: int(1, 100000).default(50),
  LOGIN_IP_MAX_WAIT_SECONDS: int(1, 3600).default(60),
  LOGIN_LOCK_MINUTES: int(1, 24 * 60).default(15),
  /**
   * Calls that need no session (public operations called without one, the share-link routes): at
   * most ANON_IP_MAX_REQUESTS per client address and ANON_ACCOUNT_MAX_REQUESTS per account name
   * (the `account` or `username` a call names) in each ANON_WINDOW_SECONDS (anonymous-limits.ts).
   */
  ANON_IP_MAX_REQUESTS: int(1, 10_000_000).default(600),
  ANON_ACCOUNT_MAX_REQUESTS: int(1, 10_000_000).default(30),
  ANON_WINDOW_SECONDS: int(1, 24 * 3600).default(300),
  RESET_TOKEN_MINUTES: int(5, 7 * 24 * 60).default(60),
  WELCOME_TOKEN_HOURS: int(1, 30 * 24).default(72),
  INTERIM_TOKEN_MINUTES: int(1, 24 * 60).default(30),
  QR_TOKEN_SECONDS: int(30, 3600).default(120),
  /** Where mailed links and QR codes point; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),

  // Mail (ARCHITECTURE.md "Mail"): with no MAIL_URL the mails stay in the dev mailbox.
  MAIL_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('QCDesk <no-reply@qcdesk.local>'),
  MAIL_MAX_ATTEMPTS: int(1, 50).default(5),
  JOB_POLL_MS: int(50, 60_000).default(1000),
  /** Most rows a list export writes (issue 12: 100,000); beyond it the user narrows the filter. */
  EXPORT_MAX_ROWS: int(1, 1_000_000).default(EXPORT_MAX_ROWS),

  // Files (ARCHITECTURE.md "Object store"): local disk under DATA_DIR/objects unless S3_BUCKET is set.
  /** An S3-compatible endpoint (MinIO, COS, OSS, …); unset for AWS S3 itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** With no keys the AWS default credential chain applies (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (`endpoint/bucket/key`); defaults to on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
  /** HMAC key of signed file URLs and upload/report tokens; when unset one is kept in the database. */
  FILE_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Lifetime of signed URLs, upload and report tokens and `sts` credentials (spec §7: 600 s). */
  FILE_TOKEN_SECONDS: int(30, 24 * 3600).default(600),
  /** Ceilings of the upload size limits; the `system` list's upload.maxImageMB / maxDocMB apply within them. */
  UPLOAD_MAX_IMAGE_MB: int(1, 1024).default(10),
  UPLOAD_MAX_DOC_MB: int(1, 4096).default(50),

  // Seed (apps/server/src/modules/identity/identity.seed.ts).
  QCDESK_ADMIN_PASSWORD: z
    .string()
    .regex(PASSWORD_PATTERN, 'must follow the password rule (6-21 characters, letters and digits)')
    .optional(),
  QCDESK_DEMO_USERS: z.enum(['0', '1']).default('0'),
  QCDESK_DEMO_PASSWORD: z
    .string()
    .regex(PASSWORD_PATTERN, 'must follow the password rule (6-21 characters, letters and digits)')
    .optional(),

  // The sandbox (spec §1 "dev" environment), served under /dev by the same process (ADR 0008).
  /** auto: on with PGlite, and with PostgreSQL only when SANDBOX_DATABASE_URL is set. */
  SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  /** The sandbox's own PostgreSQL database; never the product's. */
  SANDBOX_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
});

/** Where the product serves the sandbox, and the prefix the web app puts before its calls there. */
export const SANDBOX_PATH = '/dev';

export type Config = z.infer<typeof envSchema> & {
  /** Which instance this configuration runs: the product, or the sandbox beside it. */
  environment: 'product' | 'sandbox';
  dataDir: string;
  /** Base of absolute links (mails, QR codes, short links); the sandbox's ends in /dev. */
  publicUrl: string;
  /** Path before every route of this instance as browsers see it: '' or '/dev'. */
  basePath: string;
  /** Prefix of this instance's keys in a shared S3 bucket: '' or 'sandbox/'. */
  objectPrefix: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    ...parsed.data,
    environment: 'product',
    dataDir: resolve(parsed.data.DATA_DIR),
    publicUrl,
    basePath: '',
    objectPrefix: '',
  };
  const sandboxProblem = checkSandbox(config);
  if (sandboxProblem) throw new ConfigError(`Invalid configuration:\n  ${sandboxProblem}`);
  return config;
}

const sameDatabase = (a: string, b: string) => {
  const x = new URL(a);
  const y = new URL(b);
  return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432') && x.pathname === y.pathname;
};

function checkSandbox(config: Config): string | undefined {
  const { SANDBOX, SANDBOX_DATABASE_URL, DATABASE_URL } = config;
  if (config.PROCESSES > 1 && !DATABASE_URL) {
    return 'PROCESSES: more than one process needs PostgreSQL (DATABASE_URL); the embedded database has one process';
  }
  if (SANDBOX_DATABASE_URL && DATABASE_URL && sameDatabase(SANDBOX_DATABASE_URL, DATABASE_URL)) {
    return 'SANDBOX_DATABASE_URL: must name another database than DATABASE_URL (the sandbox never shares the product database)';
  }
  if (SANDBOX === 'on' && DATABASE_URL && !SANDBOX_DATABASE_URL) {
    return 'SANDBOX: on with DATABASE_URL needs SANDBOX_DATABASE_URL, a PostgreSQL database of its own for the sandbox';
  }
  return undefined;
}

/**
 * The sandbox's configuration, or undefined when this server runs none (SANDBOX=off, or PostgreSQL
 * without SANDBOX_DATABASE_URL under auto). It is the product's with everything it keeps apart:
 * its own database (SANDBOX_DATABASE_URL, else PGlite in DATA_DIR/sandbox), files (DATA_DIR/sandbox,
 * or the `sandbox/` prefix of the bucket), keys and secrets (generated in its own database), nonces
 * (never the product's Redis), links under /dev, and no SMTP: its mail stays in its dev mailbox.
 */
export function sandboxConfigOf(config: Config): Config | undefined {
  if (config.environment !== 'product' || config.SANDBOX === 'off') return undefined;
  const url = config.SANDBOX_DATABASE_URL;
  if (!url && config.DATABASE_URL) return undefined;
  return {
    ...config,
    environment: 'sandbox',
    DATABASE_URL: url,
    dataDir: join(config.dataDir, 'sandbox'),
    publicUrl: `${config.publicUrl}${SANDBOX_PATH}`,
    basePath: SANDBOX_PATH,
    objectPrefix: 'sandbox/',
    MAIL_URL: undefined,
    TOKEN_SECRET: undefined,
    FILE_SIGNING_SECRET: undefined,
    REDIS_URL: undefined,
    SANDBOX: 'off',
    SANDBOX_DATABASE_URL: undefined,
  };
}
