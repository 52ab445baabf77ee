import { createSchema } from '@qcdesk/contract/config';
import {
  type ConfigListDef,
  type ConfigListName,
  configList,
  editableFields,
  type FieldDef,
  naturalKey,
} from '@qcdesk/contract/config-lists';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/identity';
import type { Db } from '../../platform/db';
import type { SeedContext } from '../../platform/module';
import { toColumns } from './config.service';
import { LIST_RULES } from './config-rules';
import { CONFIG_SEED, type CodeRef, type SeedRow } from './config-seed-data';
import { CONFIG_TABLES, column } from './config-tables';

// Idempotent: a row is inserted only when no row (valid or deleted) has its key, so a seeded row
// an administrator deleted stays deleted. Rows pass the lists' schemas and rules; references are
// resolved by code. One insert per list keeps a first start (and every test template) fast.

const isCodeRef = (value: unknown): value is CodeRef =>
  typeof value === 'object' && value !== null && '$code' in value;

/** code → id of the valid rows of each referenced list (users by username), loaded once. */
class CodeIndex {
  private readonly loaded = new Map<string, Map<string, string>>();

  constructor(private readonly db: Db) {}

  /** After rows of a list are inserted, its codes are read again when next needed. */
  forget(target: string): void {
    this.loaded.delete(target);
  }

  async idOf(field: FieldDef, code: string): Promise<string | undefined> {
    const target = field.ref!;
    let ids = this.loaded.get(target);
    if (!ids) {
      ids = await this.load(target);
      this.loaded.set(target, ids);
    }
    return ids.get(code);
  }

  private async load(target: string): Promise<Map<string, string>> {
    if (target === 'user') {
      const rows = await this.db
        .select({ code: users.username, id: users.id })
        .from(users)
        .where(eq(users.valid, 1));
      return new Map(rows.map((r) => [r.code, r.id.toString()]));
    }
    const table = CONFIG_TABLES[target as ConfigListName];
    const rows = (await this.db
      .select({ code: column(table, 'code'), id: table.id })
      .from(table as PgTable)
      .where(eq(table.valid, 1))) as { code: string; id: bigint }[];
    return new Map(rows.map((r) => [r.code, r.id.toString()]));
  }
}

/** The row with its code references turned into ids; undefined when a target is missing. */
async function resolve(index: CodeIndex, list: ConfigListDef, row: SeedRow): Promise<SeedRow | undefined> {
  const resolved: SeedRow = { ...row };
  for (const field of editableFields(list)) {
    const value = row[field.name];
    const refs = isCodeRef(value)
      ? [value]
      : Array.isArray(value) && value.some(isCodeRef)
        ? (value as CodeRef[])
        : [];
    if (refs.length === 0) continue;
    const ids: string[] = [];
    for (const ref of refs) {
      const id = await index.idOf(field, ref.$code);
      if (id === undefined) return undefined;
      ids.push(id);
    }
    resolved[field.name] = Array.isArray(value) ? ids : ids[0];
  }
  return resolved;
}

export async function seedConfig(ctx: SeedContext): Promise<void> {
  const skipped: string[] = [];
  await ctx.database.db.transaction(async (db) => {
    const index = new CodeIndex(db);
    for (const [name, rows] of CONFIG_SEED) {
      const list = configList(name);
      const key = naturalKey(list)!;
      const table = CONFIG_TABLES[name];
      const existing = (await db.select({ key: column(table, key) }).from(table as PgTable)) as {
        key: unknown;
      }[];
      const present = new Set(existing.map((r) => String(r.key)));
      const values: Record<string, unknown>[] = [];
      const tree = list.fields.some((f) => f.type === 'ref' && f.ref === name);
      for (const [i, row] of rows.entries()) {
        if (present.has(String(row[key]))) continue;
        // Rows keep the order they are written in (PSI before DUPRO, China first).
        const input = await resolve(index, list, { sort: i + 1, ...row });
        if (!input) {
          skipped.push(`${name}:${String(row[key])}`);
          continue;
        }
        const columns = toColumns(list, createSchema(list).parse(input));
        await LIST_RULES[name]?.({ db, list, current: null, values: columns, changes: columns });
        if (!tree) {
          values.push(columns);
          continue;
        }
        // A tree's rows refer to rows just above them: insert one by one.
        await db.insert(table as PgTable).values(columns);
        index.forget(name);
      }
      if (values.length > 0) await db.insert(table as PgTable).values(values);
      index.forget(name);
    }
  });
  if (skipped.length > 0) {
    ctx.log.warn(`config seed: skipped rows whose references are missing: ${skipped.join(', ')}`);
  }
}
