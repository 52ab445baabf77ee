import multipart from '@fastify/multipart';
import { fileRawRoutes } from '@qcdesk/contract/files';
import { rawRouteKey } from '@qcdesk/contract/raw-route';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countAnonymousAddress } from '../../platform/anonymous-limits';
import type { Authenticator } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { ModuleDeps } from '../../platform/module';
import { unstorableTextPath } from '../../platform/registry';
import { uploadCeiling } from '../../platform/storage/files-context';
import { ObjectStoreError } from '../../platform/storage/object-store';
import { downloadRoutes } from './files-download.routes';
import {
  isMalformedMultipart,
  langOf,
  PlainRefusal,
  type RawBinding,
  type RawRouteContext,
  refuse,
} from './files-http';
import { objectRoutes } from './files-object.routes';
import { shareRoutes } from './files-share.routes';
import { uploadRoutes } from './files-upload.routes';

// The plain HTTP routes of the files area (ARCHITECTURE.md: upload, download and the shared-file
// page are the only calls outside the envelope; they authenticate with short-lived tokens and
// signed URLs). The contract's `fileRawRoutes` declares each; the files below answer them by concern.

/** Every route of the contract's table with its handler; each route once. */
export const fileRouteBindings: readonly RawBinding[] = [
  ...uploadRoutes,
  ...downloadRoutes,
  ...objectRoutes,
  ...shareRoutes,
];

/** Throws unless the bindings answer exactly the routes of the contract's table. */
export function checkBindings(bindings: readonly RawBinding[]): void {
  const declared = Object.values(fileRawRoutes).map(rawRouteKey).sort();
  const bound = bindings.map((b) => rawRouteKey(b.route)).sort();
  if (new Set(bound).size !== bound.length || declared.join('\n') !== bound.join('\n')) {
    throw new Error(`file routes: declared ${declared.join(', ')}; bound ${bound.join(', ')}`);
  }
}

/**
 * Registers the plain routes; app.ts calls it once. The routes live in their own scope, where any
 * body is left unparsed for the handler to stream (multipart, or the raw body of a presigned PUT).
 */
export async function registerFileRoutes(
  server: FastifyInstance,
  deps: ModuleDeps,
  authenticate: Authenticator,
): Promise<void> {
  checkBindings(fileRouteBindings);
  const context: RawRouteContext = {
    db: deps.database.db,
    config: deps.config,
    files: deps.files,
    ceiling: uploadCeiling(deps.config),
    authenticate,
  };
  // Open the store and load the signing key now, outside any request: on PGlite's single connection
  // a first load inside an operation's transaction would wait on that transaction.
  await deps.files.ready();

  await server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      // Names arrive as sent, paths included, so a path trick is refused rather than silently cut.
      preservePath: true,
      // Each route reads its parts within the limits of its entry in the table.
      limits: { fileSize: context.ceiling + 1, ...fileRawRoutes.upload.limits },
    });

    // Every handler throws PlainRefusal for the user's message; anything else is a fault.
    scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      const lang = langOf(request);
      if (error instanceof PlainRefusal)
        return refuse(reply, lang, error.status, error.reason, error.params, error.retryAfter);
      if (error instanceof AppError)
        return refuse(reply, lang, error.options.status ?? 400, error.reason, error.params);
      if (error instanceof ObjectStoreError) {
        request.log.error({ err: error }, 'object store failed');
        return refuse(reply, lang, 502, 'E_UPLOAD_FAILED');
      }
      if (isMalformedMultipart(error)) return refuse(reply, lang, 400, 'E_BAD_REQUEST');
      const status = error.statusCode ?? 500;
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') return refuse(reply, lang, 413, 'E_UPLOAD_TOO_BIG');
      if (status < 500) return refuse(reply, lang, 400, 'E_BAD_REQUEST');
      request.log.error({ err: error }, 'file route failed');
      return refuse(reply, lang, 500, 'INTERNAL');
    });

    // NUL in a path or query (`%00`) must not reach a query: refused as the operations refuse it.
    scope.addHook('preValidation', async (request) => {
      const path = unstorableTextPath({ ...(request.params as object), ...(request.query as object) });
      const field = path?.filter((p) => typeof p === 'string').at(-1);
      if (path) throw new PlainRefusal(400, 'E_FORMAT', { field: field ?? 'query' });
    });

    // A short link's code (and password) is all that opens the share routes: every request to them
    // counts against its address (platform/anonymous-limits.ts), so codes cannot be walked.
    const limitAnonymous = async (request: FastifyRequest) => {
      const wait = await countAnonymousAddress(context.db, request.ip, context.config);
      if (wait) throw new PlainRefusal(429, 'E_TOO_MANY_REQUESTS', { n: wait }, wait);
    };
    for (const { route, handle } of fileRouteBindings) {
      const anonymous = route.auth === 'share-link' || route.auth === 'share-page';
      scope.route({
        method: route.method,
        url: route.path,
        ...(anonymous ? { preHandler: limitAnonymous } : {}),
        handler: (request, reply) => handle(request, reply, context),
      });
    }
  });
}
