import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { languageFromHeader } from '@qcdesk/contract';
import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyServerFactory,
  LogController,
} from 'fastify';
import { registerFileRoutes } from './modules/files/files.routes';
import { readStoredFile } from './modules/files/files.service';
import { identityAuthenticator } from './modules/identity/identity.auth';
import { purgeExpiredSessions } from './modules/identity/session.service';
import { purgeThrottle } from './modules/identity/throttle.service';
import { modules } from './modules/modules';
import type { Authenticator } from './platform/auth';
import { type Config, SANDBOX_PATH } from './platform/config';
import type { Database } from './platform/db';
import { envelopeRoutes, INVALID_ENCRYPTED } from './platform/envelope/envelope-routes';
import { KeyRing } from './platform/envelope/keyring';
import {
  DatabaseNonceStore,
  MemoryNonceStore,
  type NonceStore,
  RedisNonceStore,
} from './platform/envelope/nonce-store';
import { AppError } from './platform/errors';
import { purgeJobs } from './platform/jobs/job-queue';
import { JobWorker } from './platform/jobs/job-worker';
import { LOG_REDACTED_PATHS, redactedUrl } from './platform/log-redaction';
import { MAIL_SEND_JOB } from './platform/mail/mail-outbox';
import { createMailTransport, mailSendHandler } from './platform/mail/mail-sender';
import { serveMetrics } from './platform/metrics';
import { Capabilities, type ModuleDef, type ModuleDeps } from './platform/module';
import { PrincipalCache, shareForgotten } from './platform/principal-cache';
import { OperationRegistry, refusal } from './platform/registry';
import { securityHeaders } from './platform/security-headers';
import { FilesContext } from './platform/storage/files-context';
import { AccessTokens, loadTokenSecret } from './platform/tokens';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to the identity module's bearer-token authenticator. */
  authenticate?: Authenticator;
  /** Extra bindings (tests bind their own operations here). */
  extend?: (registry: OperationRegistry, deps: ModuleDeps) => void;
  /** The areas to run; tests of the platform may add their own. Defaults to every area. */
  modules?: readonly ModuleDef[];
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * The sandbox (built from `sandboxConfigOf(config)`): this app's HTTP server hands it every request
   * under /dev, opening it on the first one (issue 33). `inject` never reaches it; inject into it.
   */
  sandbox?: SandboxGate | undefined;
}

/**
 * The sandbox app as the product's HTTP server sees it: not opened until a request under /dev needs
 * it (its embedded database costs a second or two and ~150 MB), then kept open.
 */
export interface SandboxGate {
  /** The open app, or undefined before its first request (or while it opens). */
  readonly app: App | undefined;
  /** Where it is, for /readyz. */
  readonly state: 'not started' | 'starting' | 'ready' | 'failed';
  /** Opens it; calls while it opens share the one opening, and a failed one is tried again. */
  open(): Promise<App>;
}

export interface App {
  server: FastifyInstance;
  registry: OperationRegistry;
  /** What the areas declared (change-log sources, names, home-search sources). */
  capabilities: Capabilities;
  /** The object store and file signing (tests read stored objects through it). */
  files: FilesContext;
  keyRing: KeyRing;
  /** Not started by buildApp: main.ts starts it; tests run `jobs.drain()` when they need mail sent. */
  jobs: JobWorker;
  close(): Promise<void>;
}

const HOUR = 3_600_000;

/** Whether a request URL is `path` itself or lies below it (`/dev`, `/dev/…`, `/dev?…`, not `/devices`). */
export function isUnder(url: string, path: string): boolean {
  if (!url.startsWith(path)) return false;
  const next = url.charAt(path.length);
  return next === '' || next === '/' || next === '?';
}

/**
 * A server factory whose HTTP server hands every request under `path` to the gated app's router
 * (opening it first if need be: the request waits, unread, meanwhile) and the rest to this app's.
 * Only real requests pass here; `inject` goes to the router.
 */
function handingOver(path: string, gate: SandboxGate): FastifyServerFactory<Server> {
  return (handler, options) => {
    const http = createServer((req, res) => {
      if (!isUnder(req.url ?? '/', path)) return handler(req, res);
      const open = gate.app;
      if (open) return open.server.routing(req, res);
      gate.open().then(
        (app) => app.server.routing(req, res),
        () => {
          // The opening logged why; the next request tries again.
          res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' });
          res.end('The sandbox could not start; the server log says why.');
        },
      );
    });
    // What Fastify sets on a server it creates itself (a custom one would keep Node's defaults).
    http.keepAliveTimeout = Number(options.keepAliveTimeout);
    http.requestTimeout = Number(options.requestTimeout);
    http.setTimeout(Number(options.connectionTimeout));
    return http;
  };
}

/** `/dev/api/x?y` → `/api/x?y`, `/dev` → `/`; other URLs stay as they are. */
export function withoutBasePath(url: string, basePath: string): string {
  if (!isUnder(url, basePath)) return url;
  const rest = url.slice(basePath.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const options: FastifyHttpOptions<Server> = {
    logger:
      deps.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // Credentials never reach the log (issue 32): headers wherever a plugin logs them
            // (@fastify/multipart logs busboy's options, headers included, at trace).
            redact: { paths: LOG_REDACTED_PATHS, censor: '[redacted]' },
            ...(config.environment === 'sandbox' ? { name: 'sandbox' } : {}),
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // One access line per request (below) instead of Fastify's two ("incoming request", "request
    // completed"): under load the second line was pure serialisation churn (ADR 0009).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
  };
  // The sandbox's routes are the product's: the /dev the product dispatched on comes off here.
  if (config.basePath) options.rewriteUrl = (req) => withoutBasePath(req.url ?? '/', config.basePath);
  if (deps.sandbox) options.serverFactory = handingOver(SANDBOX_PATH, deps.sandbox);
  const server = Fastify(options);
  // In a cluster (PROCESSES > 1), which of its servers answered: for operators reading a trace.
  const processNo = cluster.isWorker ? String(cluster.worker?.id ?? '') : undefined;
  // Hooks of every answer take callbacks, not promises: one promise fewer per hook and call (issue 33).
  server.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    if (processNo) reply.header('X-QCDesk-Process', processNo);
    done(null, payload);
  });
  server.addHook('onResponse', (request, reply, done) => {
    const line = {
      method: request.method,
      url: redactedUrl(request.url),
      status: reply.statusCode,
      ms: reply.elapsedTime,
    };
    if (reply.statusCode >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
  securityHeaders(server, config);
  server.decorateRequest('operation', null);
  server.decorateRequest('outcome', null);
  if (config.METRICS_TOKEN) serveMetrics(server, database, config.METRICS_TOKEN);

  const tokens = new AccessTokens(
    await loadTokenSecret(database.db, config.TOKEN_SECRET),
    config.ACCESS_TOKEN_MINUTES * 60,
  );
  const principals = new PrincipalCache();
  const stopSharing = await shareForgotten(database, principals, server.log);
  const jobs = new JobWorker({ db: database.db, log: server.log, pollMs: config.JOB_POLL_MS });
  const mailTransport = createMailTransport(config.MAIL_URL);
  const files = new FilesContext(config, database);
  jobs.handle(
    MAIL_SEND_JOB,
    mailSendHandler({
      transport: mailTransport,
      // A report's PDF goes along (issue 28): read from the store when the mail is sent.
      readAttachment: async (fileId) => readStoredFile(database.db, (await files.ready()).store, fileId),
      from: config.MAIL_FROM,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
    }),
  );
  jobs.every('jobs.purge', HOUR, (db) => purgeJobs(db));
  jobs.every('identity.purge', HOUR, async (db) => {
    await purgeExpiredSessions(db);
    await purgeThrottle(db);
  });

  const registry = new OperationRegistry();
  const areas = deps.modules ?? modules;
  const capabilities = new Capabilities(areas);
  const moduleDeps: ModuleDeps = { config, database, tokens, principals, jobs, files, capabilities };
  for (const module of areas) module.register?.(registry, moduleDeps);
  deps.extend?.(registry, moduleDeps);

  const keyRing = new KeyRing(database.db, {
    rotationHours: config.KEY_ROTATION_HOURS,
    graceHours: config.KEY_GRACE_HOURS,
  });
  await keyRing.init();
  const nonces: NonceStore = config.REDIS_URL
    ? new RedisNonceStore(config.REDIS_URL)
    : database.kind === 'pglite'
      ? new MemoryNonceStore()
      : new DatabaseNonceStore(database.db);
  // Picks up rotations made by other processes, and rotates when due.
  const rotation = setInterval(() => {
    keyRing.rotateIfDue().catch((err) => server.log.error({ err }, 'key rotation failed'));
  }, 60_000);
  rotation.unref();

  server.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // A refusal of the body before any route has it (E_TOO_DEEP): plain, in the request language.
    if (error instanceof AppError) {
      const lang = languageFromHeader(request.headers['accept-language']);
      const code = error.options.code ?? error.options.status ?? 400;
      return reply
        .code(error.options.status ?? 400)
        .send(refusal(lang, error.reason, error.params, { code }));
    }
    const status = error.statusCode ?? 500;
    if (request.url.startsWith('/api/')) {
      // Errors before the envelope is open (bad JSON, wrong content type) are plain refusals.
      if (status === 413)
        return reply.code(413).send({ success: false, error: 'Payload Too Large', code: 413 });
      if (status < 500) return reply.code(400).send(INVALID_ENCRYPTED);
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send({ success: false, error: status >= 500 ? 'Internal Server Error' : error.message, code: status });
  });

  const authenticate = deps.authenticate ?? identityAuthenticator(database.db, tokens, principals);
  envelopeRoutes(server, {
    db: database.db,
    keyRing,
    nonces,
    registry,
    authenticate,
    clientCodes: config.CLIENT_CODES,
    replayWindowSeconds: config.REPLAY_WINDOW_SECONDS,
    anonymousLimits: config,
  });
  await registerFileRoutes(server, moduleDeps, authenticate);

  server.get('/healthz', async () => ({ status: 'ok' }));
  server.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      // The sandbox opens on its first request: readiness says whether it has (issue 33).
      return {
        status: 'ok',
        database: database.kind,
        ...(deps.sandbox ? { sandbox: deps.sandbox.state } : {}),
      };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  const indexHtml = join(config.WEB_DIST, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await server.register(fastifyStatic, {
      root: config.WEB_DIST,
      wildcard: false,
      index: false,
      // The build's .br/.gz beside each file (apps/web/precompress-plugin.ts), by Accept-Encoding.
      preCompressed: true,
      // Files under assets/ carry their content hash in their name: cached for a year without
      // asking again. The page itself always asks (a new build is seen at once); the rest (icons,
      // manifest) is checked on each load.
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/]/.test(path))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('index.html')) reply.header('Cache-Control', 'no-cache');
      },
    });
  }
  server.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.code(404).send({ success: false, error: 'Not Found', code: 404 });
    }
    // History-mode fallback: every other path is a route of the SPA.
    if (!hasWeb) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return {
    server,
    registry,
    capabilities,
    files,
    keyRing,
    jobs,
    close: async () => {
      clearInterval(rotation);
      await server.close();
      await jobs.stop();
      mailTransport?.close();
      await nonces.close();
      await stopSharing();
    },
  };
}
