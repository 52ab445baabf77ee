import { areas } from '@qcdesk/contract';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { master, unique, userId } from '../../../test/support/factories';
import { buildUser, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients } from '../../db/schema/client';
import { changeLog } from '../../db/schema/platform';
import { loadConfig } from '../../platform/config';
import { buildClient, clientInput } from './client.factory';
import { seedClients } from './client.seed';

// Clients and their requirements through the envelope (DOMAIN.md §2.2, §5.4, §7.2).

const ops = areas.client;
let t: TestApp;
let admin: string;
let sales: string;
let salesMgr: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, sales, salesMgr] = await Promise.all([
    signInAs(t, 'ADMIN'),
    signInAs(t, 'SALES'),
    signInAs(t, 'SALES_MGR'),
  ]);
});
afterAll(() => t.close());

describe('client/search', () => {
  it('finds by name (3+ characters and 2-character Chinese terms), country, type and sales', async () => {
    const db = t.database.db;
    const huamei = await buildClient(db, { name: unique('深圳华美玩具 '), country: 'CN', type: 3 });
    const nordic = await buildClient(db, { name: unique('Nordic Living '), country: 'SE', type: 2 });
    const byTwo = await t.client.ok(ops.searchClients, { name: '华美' }, { token: admin });
    expect(byTwo.list.map((c) => c.id)).toContain(String(huamei.id));
    expect(byTwo.list.map((c) => c.id)).not.toContain(String(nordic.id));
    const byWord = await t.client.ok(ops.searchClients, { name: 'DIC LIV' }, { token: admin });
    expect(byWord.list.map((c) => c.id)).toEqual([String(nordic.id)]);
    // The auto-complete finds a client by its code too (any case), not by a part of it.
    const byCode = await t.client.ok(
      ops.searchClients,
      { name: nordic.code.toLowerCase() },
      { token: admin },
    );
    expect(byCode.list.map((c) => c.id)).toEqual([String(nordic.id)]);
    const byPart = await t.client.ok(ops.searchClients, { name: nordic.code.slice(0, -1) }, { token: admin });
    expect(byPart.list.map((c) => c.id)).not.toContain(String(nordic.id));
    const byCountry = await t.client.ok(
      ops.searchClients,
      { country: String(await master.country(db, 'SE')) },
      { token: admin },
    );
    expect(byCountry.list.every((c) => c.country.code === 'SE')).toBe(true);
    expect(byCountry.list.map((c) => c.id)).toContain(String(nordic.id));
    const byType = await t.client.ok(ops.searchClients, { type: 3, pageSize: 100 }, { token: admin });
    expect(byType.list.every((c) => c.type === 3)).toBe(true);
    const bySales = await t.client.ok(
      ops.searchClients,
      { sales: String(await userId(db, 'demo.sales')), pageSize: 100 },
      { token: admin },
    );
    expect(bySales.list.map((c) => c.id)).toEqual(
      expect.arrayContaining([String(huamei.id), String(nordic.id)]),
    );
    expect(bySales.list.find((c) => c.id === String(huamei.id))).toMatchObject({
      sales: { name: '演示业务员' },
      department: { code: 'SALES1' },
      samplingLevel: { code: 'II' },
      majorAql: 2.5,
      minorAql: 4,
    });
  });

  it('counts only when asked, and takes % and _ literally', async () => {
    const first = await t.client.ok(ops.searchClients, { pageSize: 1 }, { token: admin });
    expect(first.total).toBeGreaterThan(0);
    const next = await t.client.ok(
      ops.searchClients,
      { pageSize: 1, page: 2, count: false },
      { token: admin },
    );
    expect(next).toMatchObject({ total: null, totalCapped: false, page: 2 });
    const literal = await t.client.ok(ops.searchClients, { name: '%_%' }, { token: admin });
    expect(literal.total).toBe(0);
  });

  it('counts a named first page in its page query, as the count of a later page does (ADR 0022)', async () => {
    const db = t.database.db;
    const term = unique('Counted ');
    const made = [];
    for (const suffix of ['c', 'a', 'd', 'b', 'e'])
      made.push(await buildClient(db, { name: `${term}${suffix}` }));
    const byName = [...made].sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()));
    // Page 1 sorted by name: one statement gives the page and the total.
    const first = await t.client.ok(ops.searchClients, { name: term, pageSize: 2 }, { token: admin });
    expect(first).toMatchObject({ total: 5, totalCapped: false, page: 1 });
    expect(first.list.map((c) => c.id)).toEqual(byName.slice(0, 2).map((c) => String(c.id)));
    // A later page asked with its total counts separately: the same figure.
    const later = await t.client.ok(
      ops.searchClients,
      { name: term, pageSize: 2, page: 3 },
      { token: admin },
    );
    expect(later).toMatchObject({ total: 5, page: 3 });
    expect(later.list.map((c) => c.id)).toEqual([String(byName[4]!.id)]);
    // Sorted by an indexed key, the first page counts separately too.
    const byCode = await t.client.ok(
      ops.searchClients,
      { name: term, pageSize: 2, sort: 'code', order: 'desc' },
      { token: admin },
    );
    expect(byCode.total).toBe(5);
    const none = await t.client.ok(ops.searchClients, { name: `${term}zz` }, { token: admin });
    expect(none).toMatchObject({ list: [], total: 0, totalCapped: false });
  });

  it('keeps sales to their department (DOMAIN.md §5.4)', async () => {
    const db = t.database.db;
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const elsewhere = await buildClient(db, { sales: other.username });
    const mine = await buildClient(db);
    const seen = await t.client.ok(ops.searchClients, { pageSize: 100 }, { token: sales });
    const ids = seen.list.map((c) => c.id);
    expect(ids).toContain(String(mine.id));
    expect(ids).not.toContain(String(elsewhere.id));
    expect(seen.list.every((c) => c.department.code === 'SALES1')).toBe(true);
    // The manager of the parent department sees both teams.
    const managed = await t.client.ok(ops.searchClients, { pageSize: 100 }, { token: salesMgr });
    expect(managed.list.map((c) => c.id)).toEqual(
      expect.arrayContaining([String(mine.id), String(elsewhere.id)]),
    );
    const refused = await t.client.call(ops.getClient, { id: String(elsewhere.id) }, { token: sales });
    expect(refused.result).toMatchObject({ success: false, reason: 'E_SCOPE', code: 403 });
  });

  it('is refused to roles without client.search', async () => {
    const inspector = await signInAs(t, 'INSPECTOR');
    const { status, result } = await t.client.call(ops.searchClients, {}, { token: inspector, lang: 'en' });
    expect(status).toBe(200);
    expect(result).toMatchObject({ success: false, reason: 'E_PERMISSION', error: 'Invalid Permission' });
  });
});

describe('client/create, client and client/update', () => {
  it('creates a client for the signed-in sales user, with defaults and a generated code', async () => {
    const input = await clientInput(t.database.db);
    const created = await t.client.ok(ops.createClient, input, { token: sales });
    expect(created).toMatchObject({
      name: input.name,
      code: expect.stringMatching(/^CL\d{6}$/),
      samplingLevel: { code: 'II' },
      advanceDays: 2,
      department: { code: 'SALES1' },
      destinationCountries: [{ code: 'US' }, { code: 'EU' }],
      reportEmails: ['qa@example.com'],
      version: 0,
    });
    const { result } = await t.client.call(ops.getClient, { id: created.id }, { token: sales });
    expect(result).toMatchObject({ success: true, modify: true, author: true, checkOut: false });
    const [log] = await t.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'clients'), eq(changeLog.entityId, BigInt(created.id))));
    expect(log).toMatchObject({ action: 'create' });
  });

  it('refuses a sales user naming another sales user as owner (E_SCOPE)', async () => {
    const other = await buildUser(t.database.db, { role: 'SALES', department: 'SALES1' });
    const input = await clientInput(t.database.db, { sales: other.username });
    const { result } = await t.client.call(ops.createClient, input, { token: sales });
    expect(result).toMatchObject({ success: false, reason: 'E_SCOPE' });
    // The manager may give the client to anyone in the team.
    expect((await t.client.ok(ops.createClient, input, { token: salesMgr })).sales.id).toBe(String(other.id));
  });

  it('validates AQL, advance days and report e-mails with bilingual messages', async () => {
    const input = await clientInput(t.database.db);
    const zh = await t.client.call(
      ops.createClient,
      { ...input, majorAql: 4, minorAql: 2.5 },
      { token: sales },
    );
    expect(zh.result).toMatchObject({
      success: false,
      reason: 'E_RANGE',
      field: 'minorAql',
      error: '轻微缺陷AQL超出范围',
    });
    const en = await t.client.call(
      ops.createClient,
      { ...input, reportEmails: ['质检@example.com'] },
      { token: sales, lang: 'en' },
    );
    expect(en.result).toMatchObject({
      success: false,
      reason: 'E_NO_CHINESE',
      error: 'Report e-mails must not contain Chinese characters',
    });
    const days = await t.client.call(
      ops.createClient,
      { ...input, advanceDays: 31 },
      { token: sales, lang: 'en' },
    );
    expect(days.result).toMatchObject({ reason: 'E_RANGE', error: 'Advance days is out of range' });
    const aql = await t.client.call(ops.createClient, { ...input, majorAql: 3 }, { token: sales });
    expect(aql.result).toMatchObject({ reason: 'E_RANGE', field: 'majorAql' });
    const duplicate = await t.client.call(ops.createClient, input, { token: sales });
    expect(duplicate.result.success).toBe(true);
    const again = await t.client.call(
      ops.createClient,
      { ...input, name: input.name.toUpperCase() },
      { token: sales },
    );
    expect(again.result).toMatchObject({ success: false, reason: 'E_DUPLICATE', field: 'name' });
  });

  it('updates with the version read and refuses a stale one (E_VERSION)', async () => {
    const created = await t.client.ok(ops.createClient, await clientInput(t.database.db), { token: sales });
    const updated = await t.client.ok(
      ops.updateClient,
      { id: created.id, version: 0, advanceDays: 5, inspectionRequirement: '' },
      { token: sales },
    );
    expect(updated).toMatchObject({ advanceDays: 5, inspectionRequirement: null, version: 1 });
    const stale = await t.client.call(
      ops.updateClient,
      { id: created.id, version: 0, advanceDays: 6 },
      { token: sales },
    );
    expect(stale.result).toMatchObject({ success: false, reason: 'E_VERSION', code: 409 });
    const [log] = await t.database.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'clients'), eq(changeLog.entityId, BigInt(created.id))))
      .orderBy(desc(changeLog.id));
    expect(log!.changes).toEqual(expect.arrayContaining([{ field: 'advanceDays', from: 2, to: 5 }]));
    // minor ≥ major holds against the stored value too.
    const order = await t.client.call(
      ops.updateClient,
      { id: created.id, version: 1, majorAql: 6.5 },
      { token: sales },
    );
    expect(order.result).toMatchObject({ reason: 'E_RANGE', field: 'minorAql' });
  });

  it('lets sales edit only their own clients; the manager edits the team’s (E_SCOPE)', async () => {
    const colleague = await buildUser(t.database.db, { role: 'SALES', department: 'SALES1' });
    const theirs = await buildClient(t.database.db, { sales: colleague.username });
    const detail = await t.client.call(ops.getClient, { id: String(theirs.id) }, { token: sales });
    expect(detail.result).toMatchObject({ success: true, modify: false, author: false });
    const refused = await t.client.call(
      ops.updateClient,
      { id: String(theirs.id), version: 0, advanceDays: 3 },
      { token: sales, lang: 'en' },
    );
    expect(refused.result).toMatchObject({ success: false, reason: 'E_SCOPE', error: 'Invalid Permission' });
    const byManager = await t.client.ok(
      ops.updateClient,
      { id: String(theirs.id), version: 0, advanceDays: 3 },
      { token: salesMgr },
    );
    expect(byManager.advanceDays).toBe(3);
  });

  it('keeps freezing, deleting and changing the owner to client.admin', async () => {
    const mine = await t.client.ok(ops.createClient, await clientInput(t.database.db), { token: sales });
    const freeze = await t.client.call(
      ops.updateClient,
      { id: mine.id, version: 0, state: 0 },
      { token: sales },
    );
    expect(freeze.result).toMatchObject({ success: false, reason: 'E_PERMISSION' });
    const colleague = await buildUser(t.database.db, { role: 'SALES', department: 'SALES2' });
    const moved = await t.client.ok(
      ops.updateClient,
      { id: mine.id, version: 0, salesId: String(colleague.id) },
      { token: salesMgr },
    );
    expect(moved).toMatchObject({ sales: { id: String(colleague.id) }, department: { code: 'SALES2' } });
    const deleted = await t.client.ok(
      ops.updateClient,
      { id: mine.id, version: 1, valid: 0 },
      { token: admin },
    );
    expect(deleted.valid).toBe(0);
    const hidden = await t.client.call(ops.getClient, { id: mine.id }, { token: sales });
    expect(hidden.result.reason).toBe('E_NOT_FOUND');
  });
});

describe('client requirements', () => {
  it('adds, replaces and reads test requirements and safety tests, logged on the client', async () => {
    const db = t.database.db;
    const client = await t.client.ok(ops.createClient, await clientInput(db), { token: sales });
    const en71 = String(await master.testItem(db, 'T-EN71-1'));
    const azo = String(await master.testItem(db, 'T-AZO'));
    const drop = String(await master.inspectionTest(db, 'IT-DROP'));
    const added = await t.client.ok(
      ops.createClientRequirements,
      {
        clientId: client.id,
        version: 0,
        tests: [
          { testItemId: en71, countryCode: 'eu' },
          { testItemId: azo, productTypes: [1], mandatory: false },
        ],
        safetyTests: [{ inspectionTestId: drop, sampleQty: 2, criterion: '无破损 / no damage' }],
      },
      { token: sales },
    );
    expect(added.version).toBe(1);
    expect(added.tests).toHaveLength(2);
    expect(added.tests.find((r) => r.testItem.code === 'T-EN71-1')).toMatchObject({
      country: { code: 'EU' },
      productTypes: [1, 2, 3],
      mandatory: true,
    });
    const twice = await t.client.call(
      ops.createClientRequirements,
      { clientId: client.id, version: 1, tests: [{ testItemId: en71, countryCode: 'EU' }] },
      { token: sales },
    );
    expect(twice.result).toMatchObject({ success: false, reason: 'E_DUPLICATE', field: 'tests' });

    const replaced = await t.client.ok(
      ops.updateClientRequirements,
      { clientId: client.id, version: 1, tests: [{ testItemId: en71, countryCode: 'EU', mandatory: false }] },
      { token: sales },
    );
    expect(replaced.tests).toHaveLength(1);
    expect(replaced.tests[0]!.mandatory).toBe(false);
    expect(replaced.safetyTests).toHaveLength(1);
    const stale = await t.client.call(
      ops.updateClientRequirements,
      { clientId: client.id, version: 1, safetyTests: [] },
      { token: sales },
    );
    expect(stale.result.reason).toBe('E_VERSION');

    const [log] = await db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'clients'), eq(changeLog.entityId, BigInt(client.id))))
      .orderBy(desc(changeLog.id));
    expect(log!.changes).toEqual(
      expect.arrayContaining([
        { field: 'tests[T-EN71-1/EU].mandatory', from: true, to: false },
        { field: 'tests[T-AZO]', from: { productTypes: [1], mandatory: false }, to: null },
      ]),
    );
    const read = await t.client.call(ops.getClientRequirements, { clientId: client.id }, { token: sales });
    expect(read.result).toMatchObject({ success: true, modify: true, data: { version: 2 } });
  });

  it('is written only by holders of client.edit in scope', async () => {
    const client = await buildClient(t.database.db);
    const qc = await signInAs(t, 'QC');
    const denied = await t.client.call(
      ops.updateClientRequirements,
      { clientId: String(client.id), version: 0, tests: [] },
      { token: qc },
    );
    expect(denied.result.reason).toBe('E_PERMISSION');
    const read = await t.client.call(
      ops.getClientRequirements,
      { clientId: String(client.id) },
      { token: qc },
    );
    expect(read.result).toMatchObject({ success: true, modify: false });
  });

  it('downloads the requirements as an XLSX file with a signed URL', async () => {
    const db = t.database.db;
    const client = await t.client.ok(ops.createClient, await clientInput(db), { token: sales });
    await t.client.ok(
      ops.createClientRequirements,
      { clientId: client.id, version: 0, tests: [{ testItemId: String(await master.testItem(db)) }] },
      { token: sales },
    );
    const file = await t.client.ok(
      ops.downloadClientRequirements,
      { id: client.id },
      { token: sales, lang: 'en' },
    );
    expect(file).toMatchObject({ name: `${client.code}-requirements.xlsx`, kind: 'document' });
    const response = await t.app.server.inject({ method: 'GET', url: file.url });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Client requirements',
      'Test requirements',
      'Safety tests',
    ]);
    expect(workbook.getWorksheet('Test requirements')!.getRow(2).getCell(1).value).toBe('T-EN71-1');
  });

  it('writes requirement texts a spreadsheet would evaluate as quoted strings (ADR 0024)', async () => {
    const db = t.database.db;
    const input = {
      ...(await clientInput(db)),
      inspectionRequirement: '=HYPERLINK("http://x","y")',
      safetyRequirement: '-2+3',
    };
    const client = await t.client.ok(ops.createClient, input, { token: sales });
    const file = await t.client.ok(
      ops.downloadClientRequirements,
      { id: client.id },
      { token: sales, lang: 'en' },
    );
    const response = await t.app.server.inject({ method: 'GET', url: file.url });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const settings = workbook.getWorksheet('Client requirements')!;
    const byLabel = new Map<unknown, ExcelJS.Cell>();
    settings.eachRow((row) => {
      byLabel.set(row.getCell(1).value, row.getCell(2));
    });
    const cells = [...byLabel.values()];
    expect(cells.filter((c) => c.type === ExcelJS.ValueType.Formula)).toEqual([]);
    const texts = cells.map((c) => c.value);
    expect(texts).toContain(`'=HYPERLINK("http://x","y")`);
    expect(texts).toContain(`'-2+3`);
    expect(cells.filter((c) => c.type === ExcelJS.ValueType.Number).length).toBeGreaterThanOrEqual(2);
  });
});

describe('home search', () => {
  it('finds clients by name in scope, shortest name first', async () => {
    const db = t.database.db;
    const term = unique('宏达');
    const long = await buildClient(db, { name: `深圳市${term}电子科技有限公司` });
    const short = await buildClient(db, { name: `${term}百货` });
    const other = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const hidden = await buildClient(db, { name: `${term}商贸`, sales: other.username });
    const found = await t.client.ok(areas.homeSearch.homeSearch, { term }, { token: sales });
    const clientsGroup = found.groups.find((g) => g.source === 'client')!;
    expect(clientsGroup.hits.map((h) => h.id)).toEqual([String(short.id), String(long.id)]);
    expect(clientsGroup.hits.map((h) => h.id)).not.toContain(String(hidden.id));
    const two = await t.client.ok(areas.homeSearch.homeSearch, { term: '华美' }, { token: admin });
    expect(two.groups.find((g) => g.source === 'client')).toBeDefined();
  });

  it('hides the client group from users without client.search and needs 2 characters', async () => {
    const inspector = await signIn(t, 'demo.inspector');
    const found = await t.client.ok(areas.homeSearch.homeSearch, { term: 'EN 71' }, { token: inspector });
    expect(found.groups.map((g) => g.source)).not.toContain('client');
    const short = await t.client.call(
      areas.homeSearch.homeSearch,
      { term: 'a' },
      { token: inspector, lang: 'en' },
    );
    expect(short.result).toMatchObject({
      success: false,
      reason: 'E_TOO_SHORT',
      error: 'Search term needs at least 2 characters',
    });
  });
});

describe('demo clients', () => {
  it('are created by their sales owner through client/create and client/test, so the change log has them', async () => {
    const db = t.database.db;
    const owner = await userId(db, 'demo.sales');
    const [nordic] = await db.select().from(clients).where(eq(clients.code, 'NORDHOME'));
    expect(nordic).toMatchObject({ createdBy: owner, majorAql: '2.500', version: 1 });
    const log = await db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'clients'), eq(changeLog.entityId, nordic!.id)))
      .orderBy(changeLog.id);
    expect(log.map((l) => [l.action, l.actorId])).toEqual([
      ['create', owner],
      ['update', owner],
    ]);
    expect(log[1]!.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['tests[T-EN71-1/EU]', 'tests[T-PHTH]', 'safetyTests[IT-DROP]']),
    );
    const read = await t.client.ok(
      ops.getClientRequirements,
      { clientId: String(nordic!.id) },
      { token: sales },
    );
    expect(read.tests.map((r) => r.testItem.code).sort()).toEqual(['T-EN71-1', 'T-EN71-3', 'T-PHTH']);
    expect(read.safetyTests.map((s) => [s.inspectionTest.code, s.sampleQty])).toEqual(
      expect.arrayContaining([
        ['IT-DROP', 2],
        ['IT-TENSION', 5],
      ]),
    );
  });

  it('are seeded once: a second run creates nothing', async () => {
    const before = await t.database.db.select({ id: clients.id }).from(clients);
    const config = loadConfig({ NODE_ENV: 'test', QCDESK_DEMO_USERS: '1' });
    await seedClients({ database: t.database, hooks: t.app.capabilities, config, log: console });
    expect(await t.database.db.select({ id: clients.id }).from(clients)).toHaveLength(before.length);
  });
});
