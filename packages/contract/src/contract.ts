import { z } from 'zod';
import { defineOperation } from './operation';
import { dateTimeOut, flag, idIn, idOut, optStr, searchPageOf, searchPaging, userLabel } from './schemas';

// Contracts and their files (DOMAIN.md §2.4, §4.14): one contract per order, created by the first
// upload; a file uploaded under the display name of a valid one replaces it; deleted and replaced
// files are kept 90 days (undeletable meanwhile). Route `contract/{id}`: `{id}` is the order id.

/** DOMAIN.md §4.14: a deleted or replaced file can be undeleted this many days. */
export const CONTRACT_FILE_RETENTION_DAYS = 90;
/** Files one `contract/files` call attaches. */
export const CONTRACT_FILES_MAX = 20;

const orderOf = z.object({
  id: idOut,
  orderNo: z.string(),
  clientPo: z.string().nullable(),
  client: z.object({ id: idOut, code: z.string(), name: z.string() }),
});

export const contractFile = z.object({
  /** The contract file (the id `contract/files/delete` takes). */
  id: idOut,
  /** The uploaded file. */
  fileId: idOut,
  /** The display name: the text after the `@@` marker of the stored name. */
  name: z.string(),
  /** `{yyyyMMddHHmmss}{6 random}@@{original name}` (DOMAIN.md §2.4). */
  storedName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  updateTime: dateTimeOut,
  /** Who uploaded (attached) it. */
  uploadedBy: userLabel.nullable(),
  /** A signed download URL; null once a deleted file's object is gone. */
  url: z.string().nullable(),
  /** Images: a signed URL of the small thumbnail the files area keeps (docs/adr/0014-thumbnails.md). */
  thumbnailUrl: z.string().nullable(),
  /** 0: deleted or replaced (shown to contract.file.edit within 90 days, to undelete it). */
  valid: z.number().int(),
});

export const contractRow = z.object({
  /** The contract's order (the route's `{id}`). */
  order: orderOf,
  contractNo: z.string(),
  fileCount: z.number().int(),
  updatedAt: dateTimeOut,
});

export const contractDetail = z.object({
  order: orderOf,
  /** null before the first upload. */
  contractNo: z.string().nullable(),
  files: z.array(contractFile),
  version: z.number().int().nullable(),
});

export type ContractDetail = z.output<typeof contractDetail>;
export type ContractFile = z.output<typeof contractFile>;

export const searchContracts = defineOperation({
  path: 'contract/search',
  method: 'POST',
  permission: 'contract.search',
  summary: 'Contracts in scope by order no (equal, case-insensitive), newest first.',
  input: z.object({ orderNo: optStr(32), client: idIn.optional(), ...searchPaging }),
  output: searchPageOf(contractRow),
});

export const getContract = defineOperation({
  path: 'contract/details',
  method: 'GET',
  permission: 'contract.search',
  alsoPermitted: ['contract.file.edit'],
  summary: 'The contract of an order (`id`: the order id) with its files.',
  input: z.object({ id: idIn }),
  output: contractDetail,
});

export const attachContractFiles = defineOperation({
  path: 'contract/files',
  method: 'POST',
  permission: 'contract.file.edit',
  summary:
    'Attach uploaded files to the contract of an order (created on the first upload); a file with the display name of a valid one replaces it.',
  input: z.object({ id: idIn, fileIds: z.array(idIn).min(1).max(CONTRACT_FILES_MAX) }),
  output: contractDetail,
});

export const deleteContractFiles = defineOperation({
  path: 'contract/files/delete',
  method: 'POST',
  permission: 'contract.file.edit',
  summary: 'Delete a contract file (valid 0, kept 90 days) or undelete it within 90 days (valid 1).',
  input: z.object({ id: idIn, fileId: idIn, valid: flag.default(0) }),
  output: contractDetail,
});
