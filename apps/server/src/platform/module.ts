import type { Access } from '@qcdesk/contract';
import type { EnumName } from '@qcdesk/contract/enumerations';
import type { HomeSearchSource } from '@qcdesk/contract/home-search';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Principal } from './auth';
import type { Config } from './config';
import type { Database, Db } from './db';
import type { InUseCheck } from './in-use';
import type { JobWorker } from './jobs/job-worker';
import type { ListExportDef } from './list-export';
import type { MailTemplate } from './mail/mail-templates';
import type { PrincipalCache } from './principal-cache';
import type { OperationRegistry } from './registry';
import type { Scope } from './scope';
import type { FilesContext } from './storage/files-context';
import type { AccessTokens } from './tokens';

// What a business area is to the platform (docs/adding-an-area.md): one `defineModule` per area,
// listed once in modules/modules.ts. The platform never imports an area; an area declares what it
// lends to the others (names for the change log, home-search sources, in-use checks) here, and the
// app instance collects those declarations in its own `Capabilities` (no process-wide maps: the
// product and the sandbox run in one process).

/** What a module's `register` function receives. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  /** Signs and verifies bearer tokens. */
  tokens: AccessTokens;
  /** Who a session is, remembered briefly; forget entries when users, roles or sessions change. */
  principals: PrincipalCache;
  /** The job queue's worker: modules register handlers (`jobs.handle`) and housekeeping. */
  jobs: JobWorker;
  /** The object store and file signing of this app (opened on first use). */
  files: FilesContext;
  /** What the areas declared, for the areas that read across them (change log, home search). */
  capabilities: Capabilities;
}

/** What a seed receives; seeds are idempotent and run on every start, under the startup lock. */
export interface SeedContext {
  database: Database;
  config: Config;
  log: SeedLog;
  /** The hooks of the app's modules: a seed writes through the services, which run them. */
  hooks: HookRunner;
}

/** Where a seed tells the operator starting the server something: Fastify's logger or the console. */
export interface SeedLog {
  warn(message: string): void;
}

export interface Names {
  zh: string;
  en: string;
}

/** How the change log names the rows of a table a reference field points at. */
export interface NameSource {
  table: PgTable;
  /** The column the reference holds (`id`, or `code` for lists referenced by code). */
  key: PgColumn;
  /** The key column for references `by: 'code'`, when the source is referenced both ways. */
  codeKey?: PgColumn;
  names(row: Record<string, unknown>): Names;
}

/** The name source of rows named by one column, the same in both languages (a number, a name). */
export function namedBy<T extends PgTable & { id: PgColumn }>(
  table: T,
  column: keyof T['$inferSelect'] & string,
): NameSource {
  return {
    table,
    key: table.id,
    names: (row) => {
      const name = String(row[column]);
      return { zh: name, en: name };
    },
  };
}

/** A reference field of a change-log row: the name source it points at, by id or by code. */
export interface NamedField {
  source: string;
  by?: 'id' | 'code';
}

/** A field holding a code of an enumeration (DOMAIN.md §3): labelled from the contract. */
export interface EnumField {
  enum: EnumName;
  /**
   * The value is a list of objects (an order's `sources`): each object's `of` property holds the
   * code, and its `detail` property, when named, follows the label ("Import orders.xlsx").
   */
  of?: string;
  detail?: string;
}

/** A decimal column: logged with its column's scale ("2.500"), read as the number it is ("2.5"). */
export interface DecimalField {
  decimal: true;
}

export type FieldSpec = NamedField | EnumField | DecimalField;

/**
 * An entity whose change log may be read (DOMAIN.md §6.11): by holders of `permission`, and only for
 * records the caller may read. `readable` is that record rule, the same scope the area's own `get`
 * applies; `'unscoped'` says the records are read by every holder of the permission (master data).
 */
export interface ChangeLogSource {
  entity: string;
  permission: Access;
  /**
   * Reference, enumeration and decimal fields, so the log shows names, labels and numbers instead of
   * ids, codes and stored text. Child rows are declared by their path with `[]` for the key:
   * `'parts[]': { source: 'part', by: 'code' }` names the key of `parts[FABRIC]`, and
   * `'parts[].materials[].percentage': { decimal: true }` a property of those rows.
   */
  fields?: Record<string, string | FieldSpec>;
  /**
   * The area's own actions (its transitions and other logged writes: `submit`, `checkitem`) as a
   * reader names them, past tense like the kit's own ("Submitted"); the log otherwise shows the
   * stored key.
   */
  actions?: Record<string, Names>;
  readable: 'unscoped' | ((db: Db, id: bigint, user: Principal, scope: Scope) => Promise<boolean>);
  /** Why every holder of the permission reads every record: required with `'unscoped'` (test/change-log-scope.test.ts). */
  unscopedBecause?: string;
}

export interface HomeSearchHitRow {
  id: bigint;
  title: string;
  subtitle: string | null;
  parentId?: bigint | null;
}

/** One group of home search (DOMAIN.md §6.11), searched in the caller's scope. */
export interface HomeSearchSourceDef {
  source: HomeSearchSource;
  /** The permission that reads the source's records, or 'signed-in' (master data). */
  permission: Access;
  /** At most `limit` hits for the (trimmed) term, in the caller's scope, best first. */
  search(
    db: Db,
    term: string,
    context: { user: Principal; scope: Scope; limit: number },
  ): PromiseLike<HomeSearchHitRow[]>;
}

/**
 * A named hook (docs/adding-an-area.md "Hooks"): an area announces a write of its own records
 * (`order.productsChanged`) and runs, in the same transaction, what later areas declared for it
 * (order risk re-derives its items). The owning area defines the hook in its service and runs
 * `capabilities.runHook(HOOK, db, payload, user)`; a later area adds `hooks: [onHook(HOOK, run)]`
 * to its `defineModule`. The owner never imports the later area.
 */
export interface Hook<P> {
  readonly name: string;
  /** Type only: the payload the hook carries. */
  readonly payload?: P;
}

export function defineHook<P>(name: string): Hook<P> {
  return { name };
}

/**
 * What a service that announces a write is given to run the hook (docs/adding-an-area.md "Hooks"):
 * `capabilities` for an operation or a job (`deps.capabilities`), `ctx.hooks` for a seed. The
 * service runs it after its write, in its transaction, so every path that writes runs it.
 */
export interface HookRunner {
  runHook<P>(hook: Hook<P>, db: Db, payload: P, user: Principal): Promise<void>;
}

/** What a module runs for a hook (made by `onHook`). */
export interface HookHandler {
  hook: string;
  run(db: Db, payload: unknown, user: Principal): Promise<void>;
}

export function onHook<P>(
  hook: Hook<P>,
  run: (db: Db, payload: P, user: Principal) => Promise<void>,
): HookHandler {
  return { hook: hook.name, run: (db, payload, user) => run(db, payload as P, user) };
}

export interface ModuleDef {
  /** The area's one name: contract area, module folder, web feature and i18n namespace. */
  name: string;
  /** Binds the area's operations (and jobs) on this app instance. */
  register?(registry: OperationRegistry, deps: ModuleDeps): void;
  /** Whose change log may be read, by whom, and how its fields are named. */
  changeLog?: readonly ChangeLogSource[];
  /** Tables other areas' change logs may name (`'client'` → the client's name). */
  names?: Readonly<Record<string, NameSource>>;
  homeSearch?: readonly HomeSearchSourceDef[];
  /** In-use checks this area fills for other areas' actions (platform/in-use.ts). */
  inUse?: readonly InUseCheck[];
  /** What this area runs when another area's hook fires (`onHook(ORDER_PRODUCTS_CHANGED, …)`). */
  hooks?: readonly HookHandler[];
  /** Its lists' XLSX exports (`listExport({...})` of platform/list-export.ts), one per list. */
  exports?: readonly ListExportDef[];
  /** The mails it sends (`defineMail` in its `<area>.mails.ts`), for the template tests. */
  mails?: readonly MailTemplate[];
  /** Idempotent; business areas seed demo records only for a demo database. */
  seed?(ctx: SeedContext): Promise<void>;
}

export function defineModule(def: ModuleDef): ModuleDef {
  return def;
}

/** What the modules of one app declared; built once per app instance by `buildApp`. */
export class Capabilities implements HookRunner {
  readonly changeLogs = new Map<string, ChangeLogSource>();
  readonly names = new Map<string, NameSource>();
  readonly homeSearch = new Map<HomeSearchSource, HomeSearchSourceDef>();
  /** List exports by their operation's path (`client/export`). */
  readonly exports = new Map<string, ListExportDef>();
  /** In-use checks by the name of the check (`productionSample.cancel`). */
  readonly inUse = new Map<string, InUseCheck[]>();

  /** Mail templates by name (`first-sample-result`). */
  readonly mails = new Map<string, MailTemplate>();

  /** Hook handlers by the hook's name, in module order. */
  readonly hooks = new Map<string, HookHandler[]>();

  /** Runs every handler declared for `hook`, in module order, in the caller's transaction. */
  async runHook<P>(hook: Hook<P>, db: Db, payload: P, user: Principal): Promise<void> {
    for (const handler of this.hooks.get(hook.name) ?? []) await handler.run(db, payload, user);
  }

  /** The checks declared for `check` (none: nothing blocks). */
  inUseChecks(check: string): readonly InUseCheck[] {
    return this.inUse.get(check) ?? [];
  }

  constructor(modules: readonly ModuleDef[]) {
    for (const module of modules) {
      for (const source of module.changeLog ?? []) {
        if (this.changeLogs.has(source.entity))
          throw new Error(`change log declared twice: ${source.entity}`);
        this.changeLogs.set(source.entity, source);
      }
      for (const [name, source] of Object.entries(module.names ?? {})) this.names.set(name, source);
      for (const source of module.homeSearch ?? []) this.homeSearch.set(source.source, source);
      for (const c of module.inUse ?? []) this.inUse.set(c.check, [...(this.inUse.get(c.check) ?? []), c]);
      for (const h of module.hooks ?? []) this.hooks.set(h.hook, [...(this.hooks.get(h.hook) ?? []), h]);
      for (const mail of module.mails ?? []) {
        if (this.mails.has(mail.name)) throw new Error(`mail template declared twice: ${mail.name}`);
        this.mails.set(mail.name, mail);
      }
      for (const def of module.exports ?? []) {
        if (this.exports.has(def.operation.path))
          throw new Error(`export declared twice: ${def.operation.path}`);
        this.exports.set(def.operation.path, def);
      }
    }
  }
}
