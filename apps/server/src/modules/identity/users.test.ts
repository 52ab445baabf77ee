import { areas, MODULE_CODES, POSITIONS, ROLES } from '@qcdesk/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, DEMO_PASSWORD, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { clients, departments, mailOutbox, users } from '../../db/schema';
import { changeLog } from '../../db/schema/platform';
import type { Principal } from '../../platform/auth';
import { recordFlags } from '../../platform/flags';
import { inScope, mayWrite, scopeOf, scopeWhere } from '../../platform/scope';

// Users, groups, roles, modules, own account and settings through the envelope; the scope and
// flag helpers every later service uses.

const ops = areas.identity;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signInAs(t, 'ADMIN');
});
afterAll(() => t.close());

const departmentId = async (code: string) =>
  String((await t.database.db.select().from(departments).where(eq(departments.code, code)))[0]!.id);

const roleId = async (code: string) => {
  const { roles } = await t.client.ok(ops.roles, {}, { token: admin });
  return roles.find((r) => r.code === code)!.id;
};

describe('user/search and user/get', () => {
  it('finds by any part of name, English name or username, and by department', async () => {
    const byName = await t.client.ok(ops.searchUsers, { name: '演示品管' }, { token: admin });
    expect(byName.list.map((u) => u.username).sort()).toEqual(['demo.qc', 'demo.qcmgr']);
    const byEnglish = await t.client.ok(ops.searchUsers, { name: 'demo lab' }, { token: admin, lang: 'en' });
    expect(byEnglish.list).toHaveLength(1);
    expect(byEnglish.list[0]).toMatchObject({
      username: 'demo.lab',
      roleName: 'Lab staff',
      departmentName: 'Laboratory',
    });
    const qc = await t.client.ok(
      ops.searchUsers,
      { department: await departmentId('QC'), pageSize: 2 },
      { token: admin },
    );
    expect(qc).toMatchObject({ page: 1, pageSize: 2, total: 4, totalCapped: false });
    expect(qc.list).toHaveLength(2);
    const literal = await t.client.ok(ops.searchUsers, { name: '%' }, { token: admin });
    expect(literal.total).toBe(0);
  });

  it('the name filter can use the trigram index (ARCHITECTURE.md "Data")', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from ${users} where lower(${users.name} || ' ' || coalesce(${users.englishName}, '') || ' ' || ${users.username}) like ${'%demo%'}`,
      );
      return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    });
    expect(plan).toContain('users_name_trgm_idx');
  });

  it('refuses page < 1 with "page can not less than 1"', async () => {
    const en = await t.client.call(ops.searchUsers, { page: 0 }, { token: admin, lang: 'en' });
    expect(en.result).toMatchObject({
      success: false,
      reason: 'E_PAGE',
      error: 'page can not less than 1',
      field: 'page',
    });
    const zh = await t.client.call(ops.searchUsers, { page: -3 }, { token: admin });
    expect(zh.result.error).toBe('页码不能小于1');
  });

  it('keeps a sales manager to the department subtree (E_SCOPE for other departments)', async () => {
    const manager = await signInAs(t, 'SALES_MGR');
    const seen = await t.client.ok(ops.searchUsers, { pageSize: 100 }, { token: manager });
    expect(seen.list.map((u) => u.username)).toEqual(expect.arrayContaining(['demo.sales', 'demo.salesmgr']));
    expect(seen.list.map((u) => u.username)).not.toContain('demo.qc');
    const other = await t.client.call(
      ops.searchUsers,
      { department: await departmentId('QC') },
      { token: manager },
    );
    expect(other.result).toMatchObject({ reason: 'E_SCOPE', error: '没有权限' });
    const [qc] = await t.database.db.select().from(users).where(eq(users.username, 'demo.qc'));
    expect((await t.client.call(ops.getUser, { id: String(qc!.id) }, { token: manager })).result.reason).toBe(
      'E_SCOPE',
    );
  });

  it('answers details with the modify flag of the caller', async () => {
    const [sales] = await t.database.db.select().from(users).where(eq(users.username, 'demo.sales'));
    const asAdmin = await t.client.call(ops.getUser, { id: String(sales!.id) }, { token: admin });
    expect(asAdmin.result).toMatchObject({ success: true, modify: true, author: false, checkOut: false });
    expect(asAdmin.result.data).toMatchObject({
      username: 'demo.sales',
      modules: [],
      mustChangePassword: false,
    });
    expect(asAdmin.result.data.groupIds).toHaveLength(1);
    expect(asAdmin.result.data).not.toHaveProperty('passwordHash');
    const manager = await signInAs(t, 'SALES_MGR');
    const asManager = await t.client.call(ops.getUser, { id: String(sales!.id) }, { token: manager });
    expect(asManager.result).toMatchObject({ success: true, modify: false });
  });
});

describe('client users', () => {
  it("name their client; the demo client user has the demo orders' client and sees its orders", async () => {
    const found = await t.client.ok(ops.searchUsers, { name: 'demo.c' }, { token: admin });
    const demo = found.list.find((u) => u.username === 'demo.client');
    expect(demo).toMatchObject({ client: { code: 'NORDHOME', name: 'Nordic Home AB' } });
    const detail = await t.client.ok(ops.getUser, { id: demo!.id }, { token: admin });
    expect(detail).toMatchObject({ clientId: demo!.client!.id, client: { code: 'NORDHOME' } });
    const qc = await t.client.ok(ops.searchUsers, { name: 'demo.qcmgr' }, { token: admin });
    expect(qc.list[0]!.client).toBeNull();

    const token = await signInAs(t, 'CLIENT');
    const orders = await t.client.ok(areas.order.searchOrders, {}, { token });
    expect(orders.list.map((o) => o.order.orderNo)).toContain('NH24-0315');
    expect(new Set(orders.list.map((o) => o.client.code))).toEqual(new Set(['NORDHOME']));
  });
});

describe('user (create), user/update and register', () => {
  it('creates a user whose welcome mail lets them set a password, then -1001 never comes', async () => {
    const created = await t.client.ok(
      ops.createUser,
      {
        username: 'new.inspector',
        name: '新验货员',
        englishName: 'New Inspector',
        email: 'New.Inspector@Example.com',
        departmentId: await departmentId('QC'),
        position: 3,
        roleId: await roleId('INSPECTOR'),
        modules: ['INSPECTION'],
      },
      { token: admin },
    );
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(created.id)));
    expect(row).toMatchObject({
      email: 'new.inspector@example.com',
      verified: false,
      mustChangePassword: true,
      passwordHash: null,
    });
    const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ to: 'new.inspector@example.com', template: 'welcome', status: 'pending' });
    expect(mail!.text).toMatch(/^新验货员，您好/);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const set = await t.client.ok(ops.changePassword, {
      token,
      password: 'Start123',
      repeatPassword: 'Start123',
    });
    // The link's holder learns whose password they set: the web fills it in on Login.
    expect(set).toEqual({ username: 'new.inspector' });
    const session = await signIn(t, 'new.inspector', 'Start123');
    const info = await t.client.ok(ops.check, {}, { token: session });
    expect(info.modules).toEqual(['HOME', 'INSPECTION']);
    expect(info.navigation.secondary.INSPECTION).toEqual([
      'InspectionTask',
      'InspectionReport',
      'FactorySchedule',
    ]);
  });

  it('greets a user created from the English UI by the English name', async () => {
    await t.client.ok(
      ops.createUser,
      {
        username: 'new.lab.en',
        name: '新实验员',
        englishName: 'New Lab Tech',
        email: 'new.lab.en@example.com',
        departmentId: await departmentId('QC'),
        position: 3,
        roleId: await roleId('LAB'),
        modules: [],
      },
      { token: admin, lang: 'en' },
    );
    const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ to: 'new.lab.en@example.com', template: 'welcome', lang: 'en' });
    expect(mail!.text).toMatch(/^Hello New Lab Tech,/);
  });

  it('refuses duplicates, unknown references, Chinese English names and a CLIENT without client', async () => {
    const base = {
      name: '重复',
      email: 'dup@example.com',
      departmentId: await departmentId('SALES1'),
      position: 1,
      roleId: await roleId('SALES'),
    };
    const taken = await t.client.call(
      ops.createUser,
      { ...base, username: 'DEMO.SALES' },
      { token: admin, lang: 'en' },
    );
    expect(taken.result).toMatchObject({
      reason: 'E_DUPLICATE',
      field: 'username',
      error: 'Username already exists',
    });
    const email = await t.client.call(
      ops.createUser,
      { ...base, username: 'fresh1', email: 'demo.qc@qcdesk.local' },
      { token: admin },
    );
    expect(email.result).toMatchObject({ reason: 'E_DUPLICATE', field: 'email', error: '邮箱已存在' });
    const dept = await t.client.call(
      ops.createUser,
      { ...base, username: 'fresh2', departmentId: '999999' },
      { token: admin },
    );
    expect(dept.result).toMatchObject({
      reason: 'E_REF_NOT_FOUND',
      field: 'departmentId',
      error: '部门不存在',
    });
    const chinese = await t.client.call(
      ops.createUser,
      { ...base, username: 'fresh3', englishName: '中文' },
      { token: admin },
    );
    expect(chinese.result).toMatchObject({ reason: 'E_NO_CHINESE', field: 'englishName' });
    const badName = await t.client.call(ops.createUser, { ...base, username: 'a b' }, { token: admin });
    expect(badName.result).toMatchObject({ reason: 'E_FORMAT', field: 'username' });
    const client = await t.client.call(
      ops.createUser,
      { ...base, username: 'fresh4', roleId: await roleId('CLIENT') },
      { token: admin },
    );
    expect(client.result).toMatchObject({ reason: 'E_REQUIRED', field: 'clientId' });
  });

  it('updates with optimistic locking, logs the changes and locks/unlocks', async () => {
    const user = await buildUser(t.database.db);
    const id = String(user.id);
    const updated = await t.client.ok(
      ops.updateUser,
      { id, version: 0, mobile: '+86 138 0000 0000', position: 4 },
      { token: admin },
    );
    expect(updated.version).toBe(1);
    const stale = await t.client.call(ops.updateUser, { id, version: 0, name: 'x' }, { token: admin });
    expect(stale.result.reason).toBe('E_VERSION');
    await t.client.ok(ops.updateUser, { id, version: 1, state: 0 }, { token: admin });
    expect(
      (await t.client.call(ops.login, { username: user.username, password: DEMO_PASSWORD })).result.code,
    ).toBe(500);
    await t.client.ok(ops.updateUser, { id, version: 2, state: 1 }, { token: admin });
    await signIn(t, user.username);
    const actions = await t.database.db
      .select({ action: changeLog.action, changes: changeLog.changes })
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'user'), eq(changeLog.entityId, user.id)))
      .orderBy(changeLog.id);
    expect(actions.map((a) => a.action)).toEqual(['update', 'lock', 'unlock']);
    expect(actions[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'mobile', from: null, to: '+86 138 0000 0000' }]),
    );
  });

  it('an administrator cannot lock himself out', async () => {
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const answer = await t.client.call(
      ops.updateUser,
      { id: String(me!.id), version: me!.version, state: 0 },
      { token: admin },
    );
    expect(answer.result.reason).toBe('E_STATUS');
  });

  it('register POST creates an account with a password to change at first sign-in', async () => {
    const body = {
      username: 'registered.one',
      name: '注册用户',
      email: 'registered@example.com',
      departmentId: await departmentId('LAB'),
      position: 1,
      roleId: await roleId('LAB'),
      password: 'First123',
      repeatPassword: 'First124',
    };
    const mismatch = await t.client.call(ops.register, body, { token: admin, lang: 'en' });
    expect(mismatch.result.error).toBe('Password must be equal repeatPassword');
    await t.client.ok(ops.register, { ...body, repeatPassword: 'First123' }, { token: admin });
    const login = await t.client.call(ops.login, { username: 'registered.one', password: 'First123' });
    expect(login.result.code).toBe(-1002);
    const [created] = await t.database.db
      .select()
      .from(changeLog)
      .where(eq(changeLog.entity, 'user'))
      .orderBy(desc(changeLog.id))
      .limit(1);
    expect(JSON.stringify(created!.changes)).not.toContain('argon2');
  });
});

describe('own account and settings', () => {
  it('account/update changes the own record; a new e-mail must be verified again', async () => {
    const user = await buildUser(t.database.db);
    const token = await signIn(t, user.username);
    const same = await t.client.ok(ops.updateAccount, { version: 0, phone: '021-5555' }, { token });
    expect(same).toEqual({ version: 1, verified: true });
    const moved = await t.client.ok(ops.updateAccount, { version: 1, email: 'moved@example.com' }, { token });
    expect(moved).toEqual({ version: 2, verified: false });
    expect((await t.client.call(ops.check, {}, { token })).result.code).toBe(-1002);
  });

  it('user/setting answers defaults until saved; updates are version-checked', async () => {
    const token = await signInAs(t, 'AUDITOR');
    expect(await t.client.ok(ops.getUserSetting, {}, { token })).toEqual({
      language: null,
      notifyByMail: true,
      signature: null,
      version: 0,
    });
    const saved = await t.client.ok(
      ops.updateUserSetting,
      { version: 0, language: 'en', notifyByMail: false },
      { token },
    );
    expect(saved).toEqual({ language: 'en', notifyByMail: false, signature: null, version: 0 });
    const again = await t.client.ok(ops.updateUserSetting, { version: 0, language: 'zh' }, { token });
    expect(again).toEqual({ language: 'zh', notifyByMail: false, signature: null, version: 1 });
    expect(
      (await t.client.call(ops.updateUserSetting, { version: 0, language: 'en' }, { token })).result.reason,
    ).toBe('E_VERSION');
    expect((await t.client.ok(ops.check, {}, { token })).language).toBe('zh');
  });
});

describe('roles, groups and modules', () => {
  it('roles answers positions, active roles and departments', async () => {
    const answer = await t.client.ok(ops.roles, {}, { token: admin });
    expect(answer.positions).toEqual(POSITIONS.map((p) => ({ ...p })));
    expect(answer.roles.map((r) => r.code)).toEqual(ROLES.map((r) => r.code));
    expect(answer.roles.find((r) => r.code === 'INSPECTOR')!.scope).toBe('inspector');
    expect(answer.departments.map((d) => d.code)).toContain('SALES1');
  });

  it('groups: create, rename, freeze (a state toggle re-sends the update), duplicates refused', async () => {
    const group = await t.client.ok(
      ops.createGroup,
      { name: 'Night shift', modules: ['DAILY', 'DAILY'] },
      { token: admin },
    );
    expect(group).toMatchObject({ name: 'Night shift', state: 1, modules: ['DAILY'], version: 0 });
    const frozen = await t.client.ok(
      ops.updateGroup,
      { id: group.id, version: 0, state: 0 },
      { token: admin },
    );
    expect(frozen).toMatchObject({ state: 0, version: 1 });
    const again = await t.client.call(ops.createGroup, { name: 'NIGHT SHIFT' }, { token: admin, lang: 'en' });
    expect(again.result).toMatchObject({ reason: 'E_DUPLICATE', error: 'Name already exists' });
    const all = await t.client.ok(ops.groups, {}, { token: admin });
    expect(all.find((g) => g.id === group.id)?.state).toBe(0);
  });

  it("a frozen group's modules leave its members' menu", async () => {
    const user = await buildUser(t.database.db, { role: 'QC' });
    const group = await t.client.ok(
      ops.createGroup,
      { name: 'Standards club', modules: ['STANDARD'] },
      { token: admin },
    );
    await t.client.ok(
      ops.updateUser,
      { id: String(user.id), version: 0, groupIds: [group.id] },
      { token: admin },
    );
    const token = await signIn(t, user.username);
    expect((await t.client.ok(ops.modules, {}, { token })).modules).toEqual(['HOME', 'STANDARD']);
    // `check` reads the groups in its own (prepared) statement: the same answer.
    expect((await t.client.ok(ops.check, {}, { token })).modules).toEqual(['HOME', 'STANDARD']);
    await t.client.ok(ops.updateGroup, { id: group.id, version: 0, state: 0 }, { token: admin });
    const after = await t.client.ok(ops.modules, {}, { token });
    expect(after.modules).toEqual(['HOME']);
    expect((await t.client.ok(ops.check, {}, { token })).modules).toEqual(['HOME']);
    expect(after.list.map((m) => m.code)).toEqual([...MODULE_CODES]);
  });

  it('a role edit takes effect at the next call of its users', async () => {
    const token = await signInAs(t, 'AUDITOR');
    const [auditor] = (await t.client.ok(ops.listRoles, {}, { token: admin })).filter(
      (r) => r.code === 'AUDITOR',
    );
    expect((await t.client.call(ops.searchUsers, {}, { token })).result.reason).toBe('E_PERMISSION');
    await t.client.ok(
      ops.updateRole,
      { id: auditor!.id, version: auditor!.version, permissions: [...auditor!.permissions, 'user.search'] },
      { token: admin },
    );
    await t.client.ok(ops.searchUsers, {}, { token });
    const bad = await t.client.call(
      ops.updateRole,
      { id: auditor!.id, version: 1, permissions: ['no.such'] },
      { token: admin },
    );
    expect(bad.result).toMatchObject({ reason: 'E_FORMAT' });
    const created = await t.client.ok(
      ops.createRole,
      {
        code: 'qc_lab',
        nameZh: '品管兼实验室',
        nameEn: 'QC and lab',
        scope: 'all',
        permissions: ['test.search'],
      },
      { token: admin },
    );
    expect(created).toMatchObject({ code: 'QC_LAB', scope: 'all', version: 0 });

    // A role its users hold is not deleted; an unused one is.
    const inUse = await t.client.call(
      ops.updateRole,
      { id: auditor!.id, version: 1, valid: 0 },
      { token: admin, lang: 'en' },
    );
    expect(inUse.result).toMatchObject({ success: false, reason: 'E_IN_USE' });
    const deleted = await t.client.ok(
      ops.updateRole,
      { id: created.id, version: 0, valid: 0 },
      { token: admin },
    );
    expect(deleted).toMatchObject({ valid: 0, version: 1 });
  });
});

describe('scope and flags (DOMAIN.md §5.4)', () => {
  const principal = async (username: string): Promise<Principal> => {
    const [u] = await t.database.db.select().from(users).where(eq(users.username, username));
    const code = ROLES.find(
      (r) => r.code === username.replace('demo.', '').toUpperCase().replace('MGR', '_MGR'),
    )?.code;
    return {
      userId: u!.id,
      username,
      displayName: u!.name,
      permissions: new Set(ROLES.find((r) => r.code === code)!.permissions),
      roleCode: code,
      departmentId: u!.departmentId,
      clientId: u!.clientId,
    };
  };

  it('department scope covers the sub-departments; SALES writes only its own clients', async () => {
    const db = t.database.db;
    const manager = await scopeOf(db, await principal('demo.salesmgr'));
    const sales1 = BigInt(await departmentId('SALES1'));
    const qc = BigInt(await departmentId('QC'));
    expect(inScope(manager, { departmentId: sales1 })).toBe(true);
    expect(inScope(manager, { departmentId: qc })).toBe(false);
    const salesUser = await principal('demo.sales');
    const sales = await scopeOf(db, salesUser);
    expect(mayWrite(sales, { departmentId: sales1, salesId: salesUser.userId })).toBe(true);
    expect(mayWrite(sales, { departmentId: sales1, salesId: 1n })).toBe(false);
    expect(mayWrite(manager, { departmentId: sales1, salesId: 1n })).toBe(true);
  });

  it('inspector, client and all scopes', async () => {
    const db = t.database.db;
    const inspector = await principal('demo.inspector');
    const scope = await scopeOf(db, inspector);
    expect(scope).toEqual({ kind: 'inspector', userId: inspector.userId });
    expect(inScope(scope, { inspectorIds: [inspector.userId] })).toBe(true);
    expect(inScope(scope, { departmentId: 1n })).toBe(false);
    expect(scopeWhere(scope, { department: users.departmentId })).toBeDefined();
    // The demo client user belongs to the client of the demo orders (order.seed.ts).
    const [nordic] = await db.select({ id: clients.id }).from(clients).where(eq(clients.code, 'NORDHOME'));
    const client = await scopeOf(db, await principal('demo.client'));
    expect(client).toEqual({ kind: 'client', clientId: nordic!.id });
    expect(inScope(client, { clientId: nordic!.id })).toBe(true);
    expect(inScope(client, { clientId: nordic!.id + 1000n })).toBe(false);
    expect(await scopeOf(db, await principal('demo.qc'))).toEqual({ kind: 'all' });
    expect(scopeWhere({ kind: 'all' }, {})).toBeUndefined();
  });

  it('modify needs the edit permission, scope, a valid record and no checkout by another user', async () => {
    const user = await principal('demo.qc');
    const base = {
      user,
      record: { createdBy: user.userId, valid: 1 },
      editPermission: 'test.create',
      inScope: true,
    };
    expect(recordFlags(base)).toEqual({ modify: true, author: true, checkOut: false });
    expect(recordFlags({ ...base, editPermission: 'test.finance' }).modify).toBe(false);
    expect(recordFlags({ ...base, inScope: false }).modify).toBe(false);
    expect(recordFlags({ ...base, record: { createdBy: 1n, valid: 0 } })).toEqual({
      modify: false,
      author: false,
      checkOut: false,
    });
    const later = new Date(Date.now() + 60_000);
    expect(recordFlags({ ...base, checkout: { userId: 1n, expiresAt: later } })).toMatchObject({
      modify: false,
      checkOut: false,
    });
    expect(recordFlags({ ...base, checkout: { userId: user.userId, expiresAt: later } })).toMatchObject({
      modify: true,
      checkOut: true,
    });
    expect(recordFlags({ ...base, checkout: { userId: 1n, expiresAt: new Date(0) } }).modify).toBe(true);
    expect(recordFlags({ ...base, authorId: 1n }).author).toBe(false);
  });
});
