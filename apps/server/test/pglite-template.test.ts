import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, preparePgliteTemplate, rows } from '../src/platform/db';

// A new PGlite data dir starts from the migrated template (made once per migration set, kept in
// node_modules/.cache/qcdesk) instead of running initdb and every migration on first start.
describe('a new PGlite data dir', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qcdesk-template-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is migrated before migrate() runs, and keeps its data when opened again', async () => {
    const template = await preparePgliteTemplate();
    if (typeof template === 'string') expect(existsSync(template)).toBe(true);

    const first = await openDatabase({ dataDir: join(dir, 'db') });
    const tables = await rows<{ n: number }>(
      first.db,
      sql`select count(*)::int as n from information_schema.tables where table_name = 'users'`,
    );
    expect(tables[0]?.n).toBe(1);
    await first.migrate();
    await first.db.execute(sql`create table kept (v int)`);
    await first.close();

    // An existing data dir is opened as it is, never overwritten by the template.
    const again = await openDatabase({ dataDir: join(dir, 'db') });
    const kept = await rows<{ n: number }>(
      again.db,
      sql`select count(*)::int as n from information_schema.tables where table_name = 'kept'`,
    );
    expect(kept[0]?.n).toBe(1);
    await again.close();
  });
});
