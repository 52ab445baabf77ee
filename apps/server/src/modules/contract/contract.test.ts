import { areas } from '@qcdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples, uploadFile } from '../../../test/support/files-helpers';
import { buildUser, demoUsername, signIn, signInAs } from '../../../test/support/identity';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { contractFiles } from '../../db/schema/contract';
import { files } from '../../db/schema/files';
import { users } from '../../db/schema/identity';
import { buildOrder } from '../order/order.factory';

// Contracts through the envelope (DOMAIN.md §2.4, §4.14): the first upload creates the contract,
// the same display name replaces a file, delete keeps it undeletable for 90 days, in scope.

const ops = areas.contract;
let t: TestApp;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  sales = await signInAs(t, 'SALES');
});
afterAll(() => t.close());

/** A file uploaded by `token`'s user through the real upload route; answers its id. */
const upload = (token: string, name: string) => uploadFile(t, token, name, samples.pdf());

describe('contract files', () => {
  it('creates the contract on the first upload and replaces a file of the same display name', async () => {
    const { order } = await buildOrder(t.database.db);
    const id = String(order.id);
    const empty = await t.client.call(ops.getContract, { id }, { token: sales });
    expect(empty.result).toMatchObject({
      success: true,
      modify: true,
      data: { contractNo: null, files: [] },
    });

    const first = await t.client.ok(
      ops.attachContractFiles,
      { id, fileIds: [await upload(sales, '采购合同.pdf')] },
      { token: sales },
    );
    expect(first).toMatchObject({ contractNo: order.orderNo, files: [{ name: '采购合同.pdf', valid: 1 }] });
    expect(first.files[0]!.storedName).toMatch(/^\d{14}.{6}@@采购合同\.pdf$/);
    expect(first.files[0]!.url).toMatch(/^\/api\/file\/\d+\?exp=/);
    // Who attached it: the signed-in sales user.
    const [uploader] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, demoUsername('SALES')));
    expect(first.files[0]!.uploadedBy).toEqual({
      id: String(uploader!.id),
      name: uploader!.name,
      englishName: uploader!.englishName,
    });

    const second = await t.client.ok(
      ops.attachContractFiles,
      { id, fileIds: [await upload(sales, '采购合同.pdf'), await upload(sales, 'Annex A.pdf')] },
      { token: sales },
    );
    expect(second.files.map((f) => [f.name, f.valid])).toEqual([
      ['采购合同.pdf', 1],
      ['Annex A.pdf', 1],
      ['采购合同.pdf', 0],
    ]);
    const [replaced] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, BigInt(first.files[0]!.fileId)));
    expect(replaced!.valid).toBe(0);

    const found = await t.client.ok(
      ops.searchContracts,
      { orderNo: order.orderNo.toLowerCase() },
      { token: sales },
    );
    expect(found).toMatchObject({ total: 1, list: [{ order: { id }, fileCount: 2 }] });
  });

  it('attaches both files of two first uploads at once (issue 23: contracts_order_uq answered 500)', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const { order } = await buildOrder(t.database.db);
      const id = String(order.id);
      const [a, b] = await Promise.all([
        upload(sales, `合同A${trial}.pdf`),
        upload(sales, `合同B${trial}.pdf`),
      ]);
      const answers = await Promise.all(
        [a, b].map((fileId) =>
          t.client.call(ops.attachContractFiles, { id, fileIds: [fileId] }, { token: sales }),
        ),
      );
      for (const answer of answers) expect(answer).toMatchObject({ status: 200, result: { success: true } });
      const contract = await t.client.ok(ops.getContract, { id }, { token: sales });
      expect(contract.files.map((f) => f.name).sort()).toEqual([`合同A${trial}.pdf`, `合同B${trial}.pdf`]);
    }
  });

  it('deletes a file and undeletes it (not over a valid file of the same name)', async () => {
    const { order } = await buildOrder(t.database.db);
    const id = String(order.id);
    const attached = await t.client.ok(
      ops.attachContractFiles,
      { id, fileIds: [await upload(sales, '合同.pdf')] },
      { token: sales },
    );
    const fileId = attached.files[0]!.id;
    const deleted = await t.client.ok(ops.deleteContractFiles, { id, fileId }, { token: sales });
    expect(deleted.files).toMatchObject([{ id: fileId, valid: 0, url: null }]);
    const restored = await t.client.ok(ops.deleteContractFiles, { id, fileId, valid: 1 }, { token: sales });
    expect(restored.files).toMatchObject([{ id: fileId, valid: 1 }]);
    await t.client.ok(
      ops.attachContractFiles,
      { id, fileIds: [await upload(sales, '合同.pdf')] },
      { token: sales },
    );
    const clash = await t.client.call(ops.deleteContractFiles, { id, fileId, valid: 1 }, { token: sales });
    expect(clash.result).toMatchObject({ reason: 'E_DUPLICATE' });
    // Past the 90 days of DOMAIN.md §4.14 a file can no longer be undeleted (nor is it listed).
    await t.database.db
      .update(contractFiles)
      .set({ updatedAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(contractFiles.id, BigInt(fileId)));
    const late = await t.client.call(ops.deleteContractFiles, { id, fileId, valid: 1 }, { token: sales });
    expect(late.result).toMatchObject({ reason: 'E_NOT_FOUND' });
  });

  it('attaches only the caller’s own uploads, for orders the caller writes; reads in scope', async () => {
    const db = t.database.db;
    const { order } = await buildOrder(db);
    const id = String(order.id);
    const manager = await signInAs(t, 'SALES_MGR');
    const theirs = await upload(manager, 'other.pdf');
    const stolen = await t.client.call(ops.attachContractFiles, { id, fileIds: [theirs] }, { token: sales });
    expect(stolen.result).toMatchObject({ reason: 'E_REF_NOT_FOUND', field: 'fileIds' });
    const colleague = await buildUser(db, { role: 'SALES', department: 'SALES1' });
    const colleagues = await buildOrder(db, { sales: colleague.username });
    const write = await t.client.call(
      ops.attachContractFiles,
      { id: String(colleagues.order.id), fileIds: [await upload(sales, 'x.pdf')] },
      { token: sales },
    );
    expect(write.result).toMatchObject({ reason: 'E_SCOPE' });
    const read = await t.client.call(ops.getContract, { id: String(colleagues.order.id) }, { token: sales });
    expect(read.result).toMatchObject({ success: true, modify: false });
    const stranger = await buildUser(db, { role: 'SALES', department: 'SALES2' });
    const outside = await t.client.call(
      ops.getContract,
      { id },
      { token: await signIn(t, stranger.username) },
    );
    expect(outside.result).toMatchObject({ reason: 'E_SCOPE' });
    const qc = await t.client.call(ops.getContract, { id }, { token: await signInAs(t, 'QC') });
    expect(qc.result).toMatchObject({ reason: 'E_PERMISSION' });
  });
});
