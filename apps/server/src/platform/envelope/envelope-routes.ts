import { ENVELOPE_CODES, type Language, languageFromHeader, type Result } from '@qcdesk/contract';
import { fromBase64, IntegrityError } from '@qcdesk/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnonymousLimits } from '../anonymous-limits';
import { type Authenticator, bearerToken } from '../auth';
import type { Db } from '../db';
import { AppError } from '../errors';
import { type OperationRegistry, refusal, runOperation } from '../registry';
import { jsonDepthExceeds, MAX_BODY_DEPTH } from './json-depth';
import type { KeyRing } from './keyring';
import type { NonceStore } from './nonce-store';

export interface EnvelopeDeps {
  db: Db;
  keyRing: KeyRing;
  nonces: NonceStore;
  registry: OperationRegistry;
  authenticate: Authenticator;
  clientCodes: readonly string[];
  replayWindowSeconds: number;
  /** The limits of public operations called without a session. */
  anonymousLimits: AnonymousLimits;
}

/** The plain refusal of PROTOCOL.md, sent before a key is established. */
export const INVALID_ENCRYPTED = { success: false, error: 'Invalid EncryptedMessage', code: 4001 } as const;

const requestBody = z.object({ key: z.string().min(1).max(2048), data: z.string().min(1) });

const payloadSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  ts: z.number().int(),
  nonce: z.string().refine((n) => {
    try {
      return fromBase64(n).length === 16;
    } catch {
      return false;
    }
  }),
  body: z.unknown().optional(),
});

const toJson = (result: Result) =>
  JSON.stringify(result, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** The refusal of a body nested deeper than MAX_BODY_DEPTH (sealed once the key is open, plain before). */
const tooDeep = () => new AppError('E_TOO_DEEP', { max: MAX_BODY_DEPTH }, { status: 400, code: 400 });

export function envelopeRoutes(app: FastifyInstance, deps: EnvelopeDeps): void {
  const clientCodes = new Set(deps.clientCodes);

  // Every JSON body of the app's routes (the envelope's, and any plain route's) is measured before
  // it is parsed; Fastify's own parser (prototype poisoning refused) parses the rest.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonDepthExceeds(text, MAX_BODY_DEPTH + 1)) done(tooDeep(), undefined);
    else parseJson(request, text, done);
  });

  app.get('/api/publickey', async (_request, reply) => {
    const { keyId, publicKey, pemHash } = deps.keyRing.publicKey();
    reply.header('X-PublicKey-Hash', pemHash).header('Cache-Control', 'no-store');
    return { keyId, publicKey, alg: 'RSA-OAEP-256' };
  });

  app.post('/api/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const parsedBody = requestBody.safeParse(request.body);
    if (
      query.format !== 'json' ||
      typeof query.cpt !== 'string' ||
      !clientCodes.has(query.cpt) ||
      !parsedBody.success
    ) {
      return reply.code(400).send(INVALID_ENCRYPTED);
    }
    const keys = await deps.keyRing.sessionKeys(parsedBody.data.key);
    if (!keys) return reply.code(400).send(INVALID_ENCRYPTED);
    let text: string;
    try {
      text = keys.open(parsedBody.data.data);
    } catch (error) {
      if (error instanceof IntegrityError) return reply.code(400).send(INVALID_ENCRYPTED);
      throw error;
    }

    const lang = languageFromHeader(request.headers['accept-language']);
    const answer = async (status: number, result: Result) => {
      request.outcome = result.success ? 'ok' : (result.reason ?? 'unknown');
      return reply.code(status).send({ data: keys.seal(toJson(result)) });
    };
    try {
      return await dispatch(request, text, lang, answer);
    } catch (error) {
      // Once the request is open every answer is sealed, faults included (PROTOCOL.md).
      request.log.error({ err: error }, 'envelope dispatch failed');
      return answer(500, refusal(lang, 'INTERNAL', {}, { code: 500 }));
    }
  });

  async function dispatch(
    request: FastifyRequest,
    text: string,
    lang: Language,
    answer: (status: number, result: Result) => Promise<FastifyReply>,
  ): Promise<FastifyReply> {
    let payloadJson: unknown;
    if (jsonDepthExceeds(text, MAX_BODY_DEPTH + 1)) {
      const { reason, params, options } = tooDeep();
      return answer(400, refusal(lang, reason, params, { code: options.code }));
    }
    try {
      payloadJson = JSON.parse(text);
    } catch {
      return answer(400, refusal(lang, 'E_BAD_REQUEST', {}, { code: 400 }));
    }
    const payload = payloadSchema.safeParse(payloadJson);
    if (!payload.success) return answer(400, refusal(lang, 'E_BAD_REQUEST', {}, { code: 400 }));

    const now = Math.floor(Date.now() / 1000);
    const window = deps.replayWindowSeconds;
    // Made only when refused: formatting the message on every call was work for nothing (issue 33).
    const stale = () => refusal(lang, 'E_STALE', {}, { code: ENVELOPE_CODES.staleOrReplayed });
    if (Math.abs(now - payload.data.ts) > window) return answer(400, stale());
    const fresh = await deps.nonces.claim(
      payload.data.nonce,
      new Date((payload.data.ts + window + 1) * 1000),
    );
    if (!fresh) return answer(400, stale());

    const path = (request.params as { '*': string })['*'];
    const bound = deps.registry.lookup(path, payload.data.method);
    if (!bound) return answer(404, refusal(lang, 'E_NO_OPERATION', {}, { code: 404 }));
    request.log = request.log.child({ op: path });
    request.operation = path;

    let user: Awaited<ReturnType<Authenticator>>;
    try {
      user = await deps.authenticate(bearerToken(request), request);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status = error.options.status ?? 400;
      return answer(
        status,
        refusal(lang, error.reason, error.params, { code: error.options.code ?? status }),
      );
    }
    const { status, result } = await runOperation({
      bound,
      body: payload.data.body ?? {},
      user,
      lang,
      db: deps.db,
      log: request.log,
      request,
      anonymousLimits: deps.anonymousLimits,
    });
    return answer(status, result);
  }
}
