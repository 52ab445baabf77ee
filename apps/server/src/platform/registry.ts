import {
  codeForReason,
  formatMessage,
  type Language,
  type MessageParams,
  type OperationDef,
  operationKey,
  type ParsedInputOf,
  permits,
  type Reason,
  type RecordFlags,
  type Result,
} from '@qcdesk/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type AnonymousLimits,
  accountOf,
  countAnonymousAccount,
  countAnonymousAddress,
} from './anonymous-limits';
import type { Principal } from './auth';
import type { Db } from './db';
import { AppError } from './errors';

export interface OperationContext<U extends Principal | null = Principal> {
  /** The database, or the operation's transaction when it writes. */
  db: Db;
  /** The caller: always signed in, but for the public operations (`registerPublicOperation`). */
  user: U;
  lang: Language;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  /** Detail responses set the edit flags of DOMAIN.md §5.4. */
  setFlags(flags: RecordFlags): void;
  /** The success text when it is not "Success" (e.g. CODE_SENT, MAIL_SENT of DOMAIN.md §7.4). */
  setMessage(reason: Reason): void;
}

/** A handler receives the parsed input and returns what the output schema encodes. */
export type Handler<Op extends OperationDef, U extends Principal | null = Principal> = (
  input: ParsedInputOf<Op>,
  ctx: OperationContext<U>,
) => Promise<z.input<Op['output']>>;

export interface BindOptions {
  /**
   * false: the handler opens its own (short) transactions instead of running in one. For hot
   * paths that do slow work outside the database (a password hash), so a connection is not held
   * meanwhile; PGlite has only one.
   */
  transaction?: boolean;
}

interface Bound {
  op: OperationDef;
  /** The body parsed by the operation's input schema, and the handler bound to what it parsed. */
  parse(body: unknown): Parsed;
  options: BindOptions;
}

type Parsed =
  | { success: false; error: z.ZodError }
  | { success: true; run(ctx: OperationContext<Principal | null>): Promise<unknown> };

export interface Outcome {
  status: number;
  result: Result;
}

export class OperationRegistry {
  private readonly bound = new Map<string, Bound>();
  private readonly paths = new Set<string>();

  register<Op extends OperationDef>(
    op: Op,
    handler: Handler<Op, Principal | null>,
    options: BindOptions = {},
  ): void {
    const key = operationKey(op);
    if (this.bound.has(key)) throw new Error(`operation bound twice: ${key}`);
    this.bound.set(key, {
      op,
      parse: (body) => {
        const parsed = z.safeParse<Op['input']>(op.input, body);
        return parsed.success ? { success: true, run: (ctx) => handler(parsed.data, ctx) } : parsed;
      },
      options,
    });
    this.paths.add(op.path);
  }

  lookup(path: string, method: string): Bound | undefined {
    return this.bound.get(`${method} ${path}`);
  }

  operations(): OperationDef[] {
    return [...this.bound.values()].map((b) => b.op);
  }
}

/**
 * ARCHITECTURE.md's spelling: `registerOperation(registry, ops.order.search, handler)`. The handler's
 * `ctx.user` is the signed-in caller: the registry never runs a non-public operation without one.
 */
export function registerOperation<Op extends OperationDef>(
  registry: OperationRegistry,
  op: Op,
  handler: Handler<Op>,
  options?: BindOptions,
): void {
  if (op.permission === 'public') throw new Error(`public operation bound as signed-in: ${op.path}`);
  registry.register(op, handler as Handler<Op, Principal | null>, options);
}

/**
 * A service function as an operation's handler (`searchOrders(db, input, user)`): what the
 * operation parsed, the caller, and the database or the operation's transaction.
 */
export type Service<Op extends OperationDef> = (
  db: Db,
  input: ParsedInputOf<Op>,
  user: Principal,
) => Promise<z.input<Op['output']>>;

/**
 * Declarative binding: the operation's handler is the service itself, no wrapper
 * (`serve(registry, ops.searchOrders, searchOrders, read)`).
 */
export function serve<Op extends OperationDef>(
  registry: OperationRegistry,
  op: Op,
  service: Service<Op>,
  options?: BindOptions,
): void {
  registerOperation(registry, op, (input, ctx) => service(ctx.db, input, ctx.user), options);
}

/**
 * `serve` for a service that takes what the area's operations share (its files runtime, its
 * config) after the database: `serveWith(registry, deps, ops.enterResult, enterResult)`.
 */
export function serveWith<Op extends OperationDef, D>(
  registry: OperationRegistry,
  deps: D,
  op: Op,
  service: (db: Db, deps: D, input: ParsedInputOf<Op>, user: Principal) => Promise<z.input<Op['output']>>,
  options?: BindOptions,
): void {
  registerOperation(registry, op, (input, ctx) => service(ctx.db, deps, input, ctx.user), options);
}

/** A record's details with its edit flags (DOMAIN.md §5.4), as a `get` service answers them. */
export interface DetailWithFlags<D> {
  detail: D;
  flags: RecordFlags;
}

/**
 * Declarative binding of a details operation (`{ id }`): the service reads the record by id and
 * answers it with its flags, which the envelope carries beside the data.
 */
export function serveDetail<Op extends OperationDef>(
  registry: OperationRegistry,
  op: Op & (ParsedInputOf<Op> extends { id: bigint } ? unknown : never),
  get: (db: Db, id: bigint, user: Principal) => Promise<DetailWithFlags<z.input<Op['output']>>>,
  options?: BindOptions,
): void {
  registerOperation(
    registry,
    op,
    async (input, ctx) => {
      const { detail, flags } = await get(ctx.db, (input as { id: bigint }).id, ctx.user);
      ctx.setFlags(flags);
      return detail;
    },
    options,
  );
}

/**
 * `serveDetail` for a details service that takes what the area's operations share after the
 * database: `serveDetailWith(registry, deps, ops.getTestReport, getTestReport)`.
 */
export function serveDetailWith<Op extends OperationDef, D>(
  registry: OperationRegistry,
  deps: D,
  op: Op & (ParsedInputOf<Op> extends { id: bigint } ? unknown : never),
  get: (db: Db, deps: D, id: bigint, user: Principal) => Promise<DetailWithFlags<z.input<Op['output']>>>,
  options?: BindOptions,
): void {
  serveDetail(registry, op, (db, id, user) => get(db, deps, id, user), options);
}

/** A public operation (sign-in, the public key): `ctx.user` is whoever is signed in, or null. */
export function registerPublicOperation<Op extends OperationDef>(
  registry: OperationRegistry,
  op: Op,
  handler: Handler<Op, Principal | null>,
  options?: BindOptions,
): void {
  if (op.permission !== 'public') throw new Error(`operation is not public: ${op.path}`);
  registry.register(op, handler, options);
}

/** Success texts have no parameters: formatted once per language and reason, not per call (issue 33). */
const successTexts = new Map<string, string>();

export function success(
  lang: Language,
  data: unknown,
  flags?: RecordFlags,
  message: Reason = 'SUCCESS',
): Result {
  const key = `${lang} ${message}`;
  let text = successTexts.get(key);
  if (text === undefined) {
    text = formatMessage(message, lang);
    successTexts.set(key, text);
  }
  return { success: true, error: text, code: 0, data, ...flags };
}

export function refusal(
  lang: Language,
  reason: Reason,
  params: MessageParams = {},
  extra: { field?: string | undefined; code?: number | undefined; data?: unknown } = {},
): Result {
  return {
    success: false,
    error: formatMessage(reason, lang, params),
    code: extra.code ?? codeForReason(reason),
    reason,
    data: extra.data ?? null,
    ...(extra.field ? { field: extra.field } : {}),
  };
}

const REQUIRED_REASON: Record<string, Reason> = {
  username: 'E_USERNAME_EMPTY',
  password: 'E_PASSWORD_EMPTY',
};

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Turns the first zod issue into the error catalogue's wording, naming the field. */
export function validationRefusal(lang: Language, error: z.ZodError, input: unknown): Result {
  const issue = error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const field = path.filter((p): p is string => typeof p === 'string').at(-1) ?? 'body';
  const fieldPath = path.map(String).join('.');
  const value = valueAt(input, path);
  const at = (reason: Reason, params: MessageParams = {}) =>
    refusal(lang, reason, { field, ...params }, { field: fieldPath || field });

  if (issue.code === 'custom') {
    const params = (issue.params ?? {}) as { reason?: Reason } & MessageParams;
    if (params.reason) return at(params.reason, params);
    return at('E_FORMAT');
  }
  if (
    field === 'page' &&
    path.length === 1 &&
    (issue.code === 'too_small' || issue.code === 'invalid_type')
  ) {
    return at('E_PAGE');
  }
  const missing =
    value === undefined ||
    value === null ||
    (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1);
  // An own key only: a field named `constructor` or `toString` must not find Object's methods.
  if (missing) return at((Object.hasOwn(REQUIRED_REASON, field) && REQUIRED_REASON[field]) || 'E_REQUIRED');
  if (issue.code === 'too_big' && issue.origin === 'string')
    return at('E_TOO_LONG', { max: Number(issue.maximum) });
  if (issue.code === 'too_small' || issue.code === 'too_big') return at('E_RANGE');
  return at('E_FORMAT');
}

// An unpaired UTF-16 surrogate: JSON can carry one (`"\ud800"`) but no UTF-8 text can encode it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL, which no PostgreSQL text or jsonb value can hold, or an unpaired surrogate. */
function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Where the first string of `input` that no database could store lies: a value's own path, or for
 * a key the path of the object holding it. Iterative, so a deeply nested body cannot overflow, and
 * linear: one path is kept and cut back to each value's depth (issue 23: a copy of the path at
 * every level made a body 20,000 deep take 23 s).
 */
export function unstorableTextPath(input: unknown): PropertyKey[] | undefined {
  const path: PropertyKey[] = [];
  // Depth-first: when a value at depth d is taken, the path's first d - 1 keys are its parents'.
  const pending: { value: unknown; key: PropertyKey; depth: number }[] = [
    { value: input, key: '', depth: 0 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, key, depth } = next;
    path.length = Math.max(0, depth - 1);
    if (depth > 0) path.push(key);
    if (typeof value === 'string') {
      if (isUnstorableText(value)) return [...path];
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], key: i, depth: depth + 1 });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.some(([name]) => isUnstorableText(name))) return [...path];
      for (let i = entries.length - 1; i >= 0; i--)
        pending.push({ value: entries[i]![1], key: entries[i]![0], depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * E_FORMAT naming the field whose text holds NUL or an unpaired surrogate, checked once for every
 * operation before its schema, so such text never reaches a query or the change log.
 */
export function unstorableTextRefusal(lang: Language, input: unknown): Result | undefined {
  const path = unstorableTextPath(input);
  if (!path) return undefined;
  const issue = { code: 'custom', path, message: 'NUL or unpaired surrogate', input } as const;
  return validationRefusal(lang, new z.ZodError([issue]), input);
}

class KeptWrites {
  constructor(readonly error: AppError) {}
}

function appRefusal(lang: Language, error: AppError): Outcome {
  const status = error.options.status ?? (error.reason === 'UNAUTHORIZED' ? 401 : 200);
  return {
    status,
    result: refusal(lang, error.reason, error.params, {
      field: error.options.field,
      code: error.options.code,
      data: error.options.data,
    }),
  };
}

export interface RunArgs {
  bound: Bound;
  body: unknown;
  user: Principal | null;
  lang: Language;
  db: Db;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  /** The limits of calls without a session (anonymous-limits.ts); none: not limited. */
  anonymousLimits?: AnonymousLimits | undefined;
}

const tooMany = (lang: Language, seconds: number): Outcome => ({
  status: 200,
  result: refusal(lang, 'E_TOO_MANY_REQUESTS', { n: seconds }, { data: { retryAfter: seconds } }),
});

/**
 * The registry's part of a call, after the envelope is opened: access, validation, the handler
 * (in a transaction when it writes), output encoding, and the mapping of refusals.
 */
export async function runOperation(args: RunArgs): Promise<Outcome> {
  const { bound, body, user, lang, db, log, request } = args;
  const { op } = bound;
  if (op.permission !== 'public') {
    if (!user) return { status: 401, result: refusal(lang, 'UNAUTHORIZED', {}, { code: 401 }) };
    if (!permits(op, user.permissions)) {
      return { status: 200, result: refusal(lang, 'E_PERMISSION') };
    }
  }
  // A call without a session counts against its address first, whatever it carries; once its body
  // is valid, against the account it names too (the name is then at most its field's length).
  const limits = op.permission === 'public' && !user ? args.anonymousLimits : undefined;
  if (limits) {
    const wait = await countAnonymousAddress(db, request.ip, limits);
    if (wait) return tooMany(lang, wait);
  }
  const unstorable = unstorableTextRefusal(lang, body);
  if (unstorable) return { status: 200, result: unstorable };
  const parsed = bound.parse(body);
  if (!parsed.success) return { status: 200, result: validationRefusal(lang, parsed.error, body) };
  const account = limits && accountOf(body);
  if (limits && account) {
    const wait = await countAnonymousAccount(db, account, limits);
    if (wait) return tooMany(lang, wait);
  }

  let flags: RecordFlags | undefined;
  let message: Reason = 'SUCCESS';
  const run = (tx: Db) =>
    parsed.run({
      db: tx,
      user,
      lang,
      log,
      request,
      setFlags: (f) => {
        flags = f;
      },
      setMessage: (reason) => {
        message = reason;
      },
    });

  // A refusal that keeps its writes leaves the transaction normally, so it commits.
  const runKeeping = async (tx: Db) => {
    try {
      return await run(tx);
    } catch (error) {
      if (error instanceof AppError && error.options.keepWrites) return new KeptWrites(error);
      throw error;
    }
  };
  try {
    const data =
      op.method === 'GET' || bound.options.transaction === false
        ? await run(db)
        : await db.transaction((tx) => runKeeping(tx));
    if (data instanceof KeptWrites) return appRefusal(lang, data.error);
    const encoded = op.output.safeParse(data);
    if (!encoded.success) {
      log.error(
        { op: op.path, issues: encoded.error.issues },
        'operation answered outside its output schema',
      );
      return { status: 500, result: refusal(lang, 'INTERNAL', {}, { code: 500 }) };
    }
    return { status: 200, result: success(lang, encoded.data, flags, message) };
  } catch (error) {
    if (error instanceof AppError) return appRefusal(lang, error);
    log.error({ err: error, op: op.path }, 'operation failed');
    return { status: 500, result: refusal(lang, 'INTERNAL', {}, { code: 500 }) };
  }
}
