import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, labContacts, labs, parts } from '../src/db/schema/config';
import { files } from '../src/db/schema/files';
import { materials } from '../src/db/schema/material';
import { modules } from '../src/modules/modules';
import { decimalText, nameChanges } from '../src/platform/change-log-names';
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

describe('actions and people', () => {
  it("names an area's own actions in both languages, and leaves the kit's and unknown ones alone", async () => {
    const [submit, update, unknown] = await nameChanges(database.db, capabilities, 'test_orders', [
      { action: 'submit', changes: [{ field: 'status', from: 10, to: 20 }] },
      { action: 'update', changes: [] },
      { action: 'toString', changes: [] },
    ]);
    expect(submit!.actionNames).toEqual({ zh: '提交', en: 'Submitted' });
    expect(submit!.changes[0]!.toNames).toMatchObject({ zh: expect.any(String), en: expect.any(String) });
    expect(update!.actionNames).toBeUndefined();
    expect(unknown!.actionNames).toBeUndefined();
    const [retest] = await nameChanges(database.db, capabilities, 'test_reports', [
      { action: 'retest', changes: [] },
    ]);
    expect(retest!.actionNames).toEqual({ zh: '重测', en: 'Sent for retest' });
  });

  it('names a lab contact by the name it has, not by its code', async () => {
    const [contact] = await database.db.select().from(labContacts).limit(1);
    const [named] = await nameChanges(database.db, capabilities, 'test_orders', [
      { changes: [{ field: 'labContactId', from: null, to: contact!.id.toString() }] },
    ]);
    expect(named!.changes[0]!.toNames).toEqual({ zh: contact!.name, en: contact!.name });
    expect(contact!.name).not.toBe(contact!.code);
  });
});

describe('photos', () => {
  it("names a check item's photos by their file names", async () => {
    const [photo] = await database.db
      .insert(files)
      .values({
        storageKey: 'change-log/photo.jpg',
        name: '样品正面.jpg',
        size: 10,
        contentType: 'image/jpeg',
        sha256: 'x'.repeat(64),
        eTag: 'e',
        kind: 'image',
      })
      .returning();
    const [named] = await nameChanges(database.db, capabilities, 'first_samples', [
      {
        action: 'checkitem',
        changes: [{ field: 'checkItems[FS-01].photos', from: [], to: [photo!.id.toString()] }],
      },
    ]);
    expect(named!.actionNames).toEqual({ zh: '更新检查项', en: 'Updated the check items' });
    expect(named!.changes[0]!.toNames).toEqual({ zh: '样品正面.jpg', en: '样品正面.jpg' });
  });
});

describe('child keys and decimals', () => {
  it('names the child keys an area declares, and reads decimals as numbers', async () => {
    const [fabric] = await database.db.select().from(parts).where(eq(parts.code, 'FABRIC'));
    const [material] = await database.db.select().from(materials).limit(1);
    const [named] = await nameChanges(database.db, capabilities, 'original_samples', [
      {
        changes: [
          {
            field: `parts[FABRIC].materials[${material!.upc}].percentage`,
            from: '100.00',
            to: '90.50',
          },
          {
            field: `parts[FABRIC].materials[${material!.upc}]`,
            from: null,
            to: { percentage: '2.500', colour: 'red', sort: 0 },
          },
          { field: 'parts[GONE]', from: { sort: 0 }, to: null },
        ],
      },
    ]);
    const [percentage, added, gone] = named!.changes;
    expect(percentage).toEqual({
      field: `parts[FABRIC].materials[${material!.upc}].percentage`,
      from: '100',
      to: '90.5',
      keyNames: {
        FABRIC: { zh: fabric!.nameZh, en: fabric!.nameEn },
        [material!.upc]: {
          zh: `${material!.upc} | ${material!.name}`,
          en: `${material!.upc} | ${material!.name}`,
        },
      },
    });
    expect(fabric!.nameZh).toBe('面料');
    expect(added!.to).toEqual({ percentage: '2.5', colour: 'red', sort: 0 });
    // A key whose row is unknown stays a code: no name is made up.
    expect(gone).toEqual({ field: 'parts[GONE]', from: { sort: 0 }, to: null });
  });

  it("reads a client's AQL and a master-data list's decimal fields as numbers", async () => {
    const [client] = await nameChanges(database.db, capabilities, 'clients', [
      { changes: [{ field: 'majorAql', from: '2.500', to: '1.000' }] },
    ]);
    expect(client!.changes[0]).toMatchObject({ from: '2.5', to: '1' });
    const [tension] = await nameChanges(database.db, capabilities, 'tensionlevel', [
      { changes: [{ field: 'tensionForce', from: '90.00', to: '70.25' }] },
    ]);
    expect(tension!.changes[0]).toMatchObject({ from: '90', to: '70.25' });
  });

  it('leaves texts that only look like decimals alone outside decimal fields', async () => {
    const [named] = await nameChanges(database.db, capabilities, 'clients', [
      { changes: [{ field: 'name', from: '1.10', to: '2.500' }] },
    ]);
    expect(named!.changes[0]).toEqual({ field: 'name', from: '1.10', to: '2.500' });
  });
});

describe('decimalText', () => {
  it('drops trailing zeros of decimal text and keeps everything else', () => {
    expect(decimalText('2.500')).toBe('2.5');
    expect(decimalText('100.00')).toBe('100');
    expect(decimalText('-0.50')).toBe('-0.5');
    expect(decimalText('10')).toBe('10');
    expect(decimalText(2.5)).toBe(2.5);
    expect(decimalText('1.5a')).toBe('1.5a');
    expect(decimalText(null)).toBeNull();
  });
});
