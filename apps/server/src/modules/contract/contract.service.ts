import { randomBytes } from 'node:crypto';
import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { fileDisplayName, storedFileName } from '@qcdesk/contract/files';
import { eq, sql } from 'drizzle-orm';
import { contractFiles, contracts } from '../../db/schema/contract';
import { orders } from '../../db/schema/order';
import type { FieldChange } from '../../db/schema/platform';
import { type Actor, actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createRecord, lockRow, updateRecord } from '../../platform/records';
import { scopeOf } from '../../platform/scope';
import type { FilesRuntime } from '../../platform/storage/files-context';
import { fileThumbnailUrl, ownFiles, setFileValidity, signedFileUrl } from '../files/files.service';
import { mayWriteOrderOf, readableOrder, writableOrderOf } from '../order/order-access.service';
import {
  attachedAlready,
  type ContractSearch,
  clientLabel,
  contractCount,
  contractOf,
  contractPage,
  contractSearchWhere,
  filesOfContract,
} from './contract.queries';

// Contracts and their files (DOMAIN.md §2.4, §4.14): one per order, created by the first upload;
// the same display name replaces a valid file; deleted and replaced files stay undeletable for 90
// days (their objects are kept by the files area's retention). Logged on the contract as
// `files[name]`.

export const CONTRACT_ENTITY = 'contracts';
const FILE_EDIT = 'contract.file.edit';

type Ops = typeof areas.contract;

export interface ContractDeps {
  files: () => Promise<FilesRuntime>;
}

/** contract/search: contracts in scope by order no (equal), newest first, with a capped total. */
export async function searchContracts(db: Db, input: ContractSearch, user: Principal) {
  const where = contractSearchWhere(input, await scopeOf(db, user));
  const [list, totals] = await Promise.all([
    contractPage(db, input, where),
    input.count ? contractCount(db, where) : { total: null, totalCapped: false },
  ]);
  return { list, page: input.page, pageSize: input.pageSize, ...totals };
}

type OrderRow = Awaited<ReturnType<typeof readableOrder>>;

/** The detail every contract operation answers: the order, the contract (if any) and its files. */
async function contractDetail(db: Db, deps: ContractDeps, order: OrderRow, user: Principal) {
  const contract = await contractOf(db, order.id);
  const rows = contract ? await filesOfContract(db, contract.id, user.permissions.has(FILE_EDIT)) : [];
  const runtime = rows.length > 0 ? await deps.files() : undefined;
  return {
    order: {
      id: order.id,
      orderNo: order.orderNo,
      clientPo: order.clientPo,
      client: await clientLabel(db, order.clientId),
    },
    contractNo: contract?.contractNo ?? null,
    version: contract?.version ?? null,
    files: rows.map(({ link, file, uploader }) => ({
      id: link.id,
      fileId: file.id,
      name: fileDisplayName(link.name),
      storedName: link.name,
      size: file.size,
      contentType: file.contentType,
      updateTime: link.updatedAt,
      uploadedBy: uploader,
      url:
        link.valid === 1 && runtime
          ? signedFileUrl(runtime.signer, file.id, runtime.tokenSeconds, { basePath: runtime.basePath })
          : null,
      thumbnailUrl: link.valid === 1 && runtime ? fileThumbnailUrl(runtime, file) : null,
      valid: link.valid,
    })),
  };
}

/** contract/details (`id`: the order): readable orders only; `modify` when the caller may attach files. */
export async function getContract(db: Db, deps: ContractDeps, orderId: bigint, user: Principal) {
  const order = await readableOrder(db, orderId, user);
  const modify = user.permissions.has(FILE_EDIT) && (await mayWriteOrderOf(db, order, user));
  return {
    detail: await contractDetail(db, deps, order, user),
    flags: { modify, author: false, checkOut: false },
  };
}

/**
 * The contract of an order, created (logged) on the first upload; locked for the write. The order's
 * row is locked first: two first uploads at once both created one (issue 23, contracts_order_uq);
 * now the second waits and finds the first's (READ COMMITTED reads it after the lock).
 */
async function contractForWrite(db: Db, order: OrderRow, actor: Actor) {
  await db.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('no key update');
  const existing = await contractOf(db, order.id);
  if (existing) return lockRow(db, contracts, existing.id);
  return createRecord(db, {
    table: contracts,
    entity: CONTRACT_ENTITY,
    actor,
    values: { orderId: order.id, contractNo: order.orderNo },
  });
}

/** Sets a contract file and its file valid 0 or 1; answers its change-log entry. */
async function setLinkValidity(db: Db, link: typeof contractFiles.$inferSelect, valid: 0 | 1, actor: Actor) {
  if (!(await setFileValidity(db, link.fileId, valid, actor))) throw new AppError('E_STATUS');
  await db
    .update(contractFiles)
    .set({
      valid,
      updatedBy: actor.userId,
      updatedAt: new Date(),
      version: sql`${contractFiles.version} + 1`,
    })
    .where(eq(contractFiles.id, link.id));
  const name = `files[${fileDisplayName(link.name)}]`;
  return valid === 0
    ? { field: name, from: link.name, to: null }
    : { field: name, from: null, to: link.name };
}

async function logOnContract(
  db: Db,
  contract: typeof contracts.$inferSelect,
  changes: FieldChange[],
  actor: Actor,
) {
  await updateRecord(db, {
    table: contracts,
    id: contract.id,
    version: contract.version,
    values: {},
    actor,
    entity: CONTRACT_ENTITY,
    childChanges: changes,
  });
}

/**
 * contract/files: attaches the caller's own uploads to the order's contract under their stored
 * names; a valid file of the same display name is replaced (valid 0, kept 90 days).
 */
export async function attachContractFiles(
  db: Db,
  deps: ContractDeps,
  input: ParsedInputOf<Ops['attachContractFiles']>,
  user: Principal,
) {
  const order = await writableOrderOf(db, input.id, user);
  const ids = [...new Set(input.fileIds)];
  const uploads = await ownFiles(db, ids, user.userId);
  if (uploads.length < ids.length || (await attachedAlready(db, ids))) {
    throw new AppError('E_REF_NOT_FOUND', { field: 'fileIds' }, { field: 'fileIds' });
  }
  const actor = actorOf(user);
  const contract = await contractForWrite(db, order, actor);
  const current = await filesOfContract(db, contract.id, false);
  const changes: FieldChange[] = [];
  const now = new Date();
  for (const file of uploads) {
    const display = fileDisplayName(file.name);
    for (const { link } of current.filter((c) => fileDisplayName(c.link.name) === display)) {
      changes.push(await setLinkValidity(db, link, 0, actor));
    }
    const name = storedFileName(display, now, randomBytes(6).toString('base64url').slice(0, 6));
    await db.insert(contractFiles).values({
      contractId: contract.id,
      fileId: file.id,
      name,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    changes.push({ field: `files[${display}]`, from: null, to: name });
  }
  await logOnContract(db, contract, changes, actor);
  return contractDetail(db, deps, order, user);
}

/** contract/files/delete: deletes (valid 0) or, within 90 days, undeletes (valid 1) one contract file. */
export async function deleteContractFiles(
  db: Db,
  deps: ContractDeps,
  input: ParsedInputOf<Ops['deleteContractFiles']>,
  user: Principal,
) {
  const order = await writableOrderOf(db, input.id, user);
  const contract = await contractOf(db, order.id);
  const rows = contract ? await filesOfContract(db, contract.id, true) : [];
  const target = rows.find((r) => r.link.id === input.fileId)?.link;
  if (!contract || !target) throw new AppError('E_NOT_FOUND');
  if (target.valid === input.valid) return contractDetail(db, deps, order, user);
  const display = fileDisplayName(target.name);
  const clash = rows.some((r) => r.link.valid === 1 && fileDisplayName(r.link.name) === display);
  if (input.valid === 1 && clash) throw new AppError('E_DUPLICATE', { field: 'name' }, { field: 'fileId' });
  const actor = actorOf(user);
  const locked = await lockRow(db, contracts, contract.id);
  await logOnContract(db, locked, [await setLinkValidity(db, target, input.valid, actor)], actor);
  return contractDetail(db, deps, order, user);
}
