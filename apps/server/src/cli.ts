import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CLIENT_CODE_CLI, operations, type Result } from '@qcdesk/contract';
import { EnvelopeClient } from '@qcdesk/contract/envelope';
import { sql } from 'drizzle-orm';
import { PRODUCT_VERSION } from './modules/system/system.service';
import { backup, restore } from './platform/backup';
import { ConfigError, loadConfig, sandboxConfigOf } from './platform/config';
import { type Database, openDatabase } from './platform/db';
import { openApiDocument, schemaOf } from './platform/openapi';
import type { ObjectStore } from './platform/storage/object-store';
import { openObjectStore } from './platform/storage/open-store';
import { UrlSigner } from './platform/storage/url-signer';
import { runSeeds } from './seed';

const USAGE = `QCDesk command line

  npm run cli -- migrate [--sandbox]          apply database migrations
  npm run cli -- seed [--sandbox]             apply migrations and the idempotent seed data
  npm run cli -- call <op path> ['<json>']    call an operation through the envelope
        [--url http://localhost:3000] [--token <bearer>] [--method GET|POST|PUT|DELETE] [--lang en|zh]
        (the sandbox: --url http://localhost:3000/dev)
  npm run cli -- call <op path> --help        what the operation takes and answers, and who may call it
  npm run cli -- operations                   list the operation catalogue
  npm run cli -- openapi [--out file.json]    the OpenAPI 3.1 document of the catalogue
  npm run cli -- backup <dir>                 the database, then the object store, into a new folder
        (PostgreSQL: while the product runs; the embedded database: with the server stopped)
  npm run cli -- restore <dir> [--yes]        a backup into this database and object store, replacing
        every row (--yes when the database holds rows); checked against its manifest first

Environment: the server's settings (DATABASE_URL, DATA_DIR, ...); QCDESK_URL and QCDESK_TOKEN for call.`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

/** `--sandbox`: the sandbox's database (SANDBOX_DATABASE_URL, or PGlite in DATA_DIR/sandbox). */
function flag(args: string[], name: string): boolean {
  const at = args.indexOf(`--${name}`);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
}

async function withDatabase(seed: boolean, sandbox: boolean): Promise<void> {
  const product = loadConfig();
  const config = sandbox ? sandboxConfigOf(product) : product;
  if (!config)
    throw new ConfigError(
      'This configuration runs no sandbox (SANDBOX=off, or PostgreSQL without SANDBOX_DATABASE_URL).',
    );
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.whileStarting(async () => {
      await database.migrate();
      process.stdout.write(`migrations applied (${config.environment}, ${database.kind})\n`);
      if (seed) {
        await runSeeds(database, config, console);
        process.stdout.write('seed applied\n');
      }
    });
  } finally {
    await database.close();
  }
}

/** The configured database (migrated) and object store, for a backup or a restore. */
async function withStores(
  work: (db: Database['db'], store: ObjectStore, kind: Database['kind']) => Promise<number>,
): Promise<number> {
  const config = loadConfig();
  if (!config.DATABASE_URL && (await serverAnswers(config.PORT))) {
    process.stderr.write(
      `A server answers on port ${config.PORT}: the embedded database has one process at a time. Stop it first.\n`,
    );
    return 1;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.whileStarting(() => database.migrate());
    return await work(database.db, openObjectStore(config, new UrlSigner(randomBytes(32))), database.kind);
  } finally {
    await database.close();
  }
}

async function serverAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function backupCommand(dir: string): Promise<number> {
  return withStores(async (db, store, kind) => {
    const started = Date.now();
    const manifest = await backup(db, store, resolve(dir));
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    process.stdout.write(
      `backup of ${kind} in ${resolve(dir)}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.objects.length} objects (${Date.now() - started} ms)\n`,
    );
    return 0;
  });
}

async function restoreCommand(dir: string, yes: boolean): Promise<number> {
  return withStores(async (db, store, kind) => {
    const held = await db.execute(sql`select exists (select 1 from users) as held`);
    if ((held as unknown as { rows: { held: boolean }[] }).rows[0]?.held && !yes) {
      process.stderr.write('This database holds rows; a restore replaces them all. Run again with --yes.\n');
      return 1;
    }
    const manifest = await restore(db, store, resolve(dir));
    process.stdout.write(
      `restored into ${kind}: ${manifest.tables.length} tables, ${manifest.objects.length} objects, made ${manifest.createdAt}\n`,
    );
    return 0;
  });
}

export async function callOperation(
  baseUrl: string,
  path: string,
  method: string,
  body: unknown,
  options: { token?: string | undefined; lang?: string } = {},
): Promise<{ status: number; result: Result | unknown }> {
  const client = new EnvelopeClient(async () => {
    const response = await fetch(`${baseUrl}/api/publickey`);
    if (!response.ok) throw new Error(`GET /api/publickey answered ${response.status}`);
    return (await response.json()) as { keyId: string; publicKey: string };
  });
  const sealed = await client.sealRequest(method as 'GET', body);
  const response = await fetch(`${baseUrl}/api/${path}?cpt=${CLIENT_CODE_CLI}&format=json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': options.lang === 'en' ? 'en-US,en' : 'zh-CN,zh',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(sealed),
  });
  const answer = (await response.json()) as { data?: unknown };
  const result = typeof answer.data === 'string' ? await client.openResponse(answer.data) : answer;
  return { status: response.status, result };
}

/** `call <path> --help`: the operation's summary, permission and input schema. */
function describeOperation(path: string | undefined): number {
  const matches = operations.filter((op) => op.path === path?.replace(/^\//, ''));
  if (matches.length === 0) {
    process.stderr.write(`${path ?? '(no path)'}: unknown operation (npm run cli -- operations)\n`);
    return 2;
  }
  for (const op of matches) {
    const input = JSON.stringify(schemaOf(op.input, 'input'), null, 2);
    process.stdout.write(
      `${op.method} ${op.path}  (permission: ${op.permission})\n${op.summary}\n\ninput:\n${input}\n\n`,
    );
  }
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  const command = args.shift();
  switch (command) {
    case 'migrate':
      await withDatabase(false, flag(args, 'sandbox'));
      return 0;
    case 'seed':
      await withDatabase(true, flag(args, 'sandbox'));
      return 0;
    case 'operations':
      for (const op of operations)
        process.stdout.write(`${op.method.padEnd(6)} ${op.path.padEnd(40)} ${op.permission}\n`);
      return 0;
    case 'openapi': {
      const out = option(args, 'out');
      const text = `${JSON.stringify(openApiDocument(operations, PRODUCT_VERSION), null, 2)}\n`;
      if (out) writeFileSync(out, text);
      else process.stdout.write(text);
      return 0;
    }
    case 'backup':
      if (!args[0]) break;
      return backupCommand(args[0]);
    case 'restore': {
      const yes = flag(args, 'yes');
      if (!args[0]) break;
      return restoreCommand(args[0], yes);
    }
    case 'call': {
      if (flag(args, 'help')) return describeOperation(args[0]);
      const url = option(args, 'url') ?? process.env.QCDESK_URL ?? 'http://localhost:3000';
      const token = option(args, 'token') ?? process.env.QCDESK_TOKEN;
      const lang = option(args, 'lang') ?? 'zh';
      const explicit = option(args, 'method');
      const [path, json] = args;
      if (!path) break;
      const matches = operations.filter((op) => op.path === path.replace(/^\//, ''));
      const method = explicit ?? (matches.length === 1 ? matches[0]!.method : undefined);
      if (!method) {
        process.stderr.write(`${path}: unknown operation or several methods; pass --method\n`);
        return 2;
      }
      const { status, result } = await callOperation(
        url,
        path.replace(/^\//, ''),
        method,
        json ? JSON.parse(json) : {},
        {
          token,
          lang,
        },
      );
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return status === 200 && (result as Result).success ? 0 : 1;
    }
  }
  process.stdout.write(`${USAGE}\n`);
  return command ? 2 : 0;
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  });
