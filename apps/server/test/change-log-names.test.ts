import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, labs } from '../src/db/schema/config';
import { modules } from '../src/modules/modules';
import { nameChanges } from '../src/platform/change-log-names';
import type { Database } from '../src/platform/db';
import { Capabilities, defineModule } from '../src/platform/module';
import { openTestDatabase } from './support/test-database';

// The product's declarations, and two test entities declared as an area would.
const capabilities = new Capabilities([
  ...modules,
  defineModule({
    name: 'test',
    changeLog: [
      {
        entity: 'test_entities',
        permission: 'signed-in',
        readable: 'unscoped',
        fields: { countries: { source: 'country', by: 'code' }, labId: 'lab' },
      },
      {
        entity: 'test_enums',
        permission: 'signed-in',
        readable: 'unscoped',
        fields: { type: { enum: 'ClientType' } },
      },
    ],
  }),
]);

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('nameChanges', () => {
  it("names a master-data list's reference fields from the registry, and leaves other fields alone", async () => {
    const [lab] = await database.db.select().from(labs).limit(1);
    const entries = [
      {
        changes: [
          { field: 'labId', from: null, to: lab!.id.toString() },
          { field: 'name', from: 'a', to: 'b' },
        ],
      },
    ];
    const [named] = await nameChanges(database.db, capabilities, 'labcontact', entries);
    expect(named!.changes[0]).toEqual({
      field: 'labId',
      from: null,
      to: lab!.id.toString(),
      toNames: { zh: lab!.nameZh, en: lab!.nameEn },
    });
    expect(named!.changes[1]).toEqual({ field: 'name', from: 'a', to: 'b' });
  });

  it('names codes and arrays, and keeps a value whose row is gone as it was', async () => {
    const [china] = await database.db.select().from(countries).where(eq(countries.code, 'CN'));
    const [named] = await nameChanges(database.db, capabilities, 'test_entities', [
      {
        changes: [
          { field: 'countries', from: ['CN', 'ZZ'], to: [] },
          { field: 'labId', from: '999999999', to: 'not-an-id' },
        ],
      },
    ]);
    expect(named!.changes[0]!.fromNames).toEqual({
      zh: `${china!.nameZh}、ZZ`,
      en: `${china!.nameEn}, ZZ`,
    });
    expect(named!.changes[0]!.toNames).toBeUndefined();
    expect(named!.changes[1]).toEqual({ field: 'labId', from: '999999999', to: 'not-an-id' });
  });

  it('labels enumeration codes in both languages, from the registry and from declarations', async () => {
    const [defect] = await nameChanges(database.db, capabilities, 'defect', [
      { changes: [{ field: 'defaultClass', from: 1, to: 2 }] },
    ]);
    expect(defect!.changes[0]!.fromNames?.en).toBeTruthy();
    expect(defect!.changes[0]!.fromNames).not.toEqual(defect!.changes[0]!.toNames);

    const [named] = await nameChanges(database.db, capabilities, 'test_enums', [
      {
        changes: [
          { field: 'type', from: null, to: 1 },
          { field: 'type', from: 99, to: 1 },
        ],
      },
    ]);
    expect(named!.changes[0]!.fromNames).toBeUndefined();
    expect(named!.changes[0]!.toNames).toMatchObject({ zh: expect.any(String), en: expect.any(String) });
    expect(named!.changes[0]!.toNames?.zh).not.toBe('1');
    // An unknown code keeps its raw value.
    expect(named!.changes[1]!.fromNames).toBeUndefined();
  });
});
