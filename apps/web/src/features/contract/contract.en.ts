import type { SingularTextShape } from '../../i18n/text-shape';

/** English texts of the contract screen (features/contract); merged by the shell as the `contract` namespace. */
export const contractEn = {
  title: 'Contract',
  loadFailed: 'The contract could not be loaded',
  backToOrder: 'Back to the order',
  order: 'Order',
  clientPo: 'Client PO',
  client: 'Client',
  contractNo: 'Contract no',
  contractNone: 'Created with the first file',
  fileCount: 'Files',
  files: 'Files',
  filesNone: 'No contract files yet.',
  retention:
    'A file uploaded under the name of an existing one replaces it. Deleted and replaced files are kept {{days}} days and can be restored meanwhile.',
  readOnly:
    'You can read these files; uploading and deleting needs the contract file permission on this order.',
  name: 'File',
  size: 'Size',
  updated: 'Date',
  uploadedBy: 'Uploaded by',
  actions: 'Actions',
  deleted: 'Deleted',
  delete: 'Delete',
  deleteFile: 'Delete {{name}}',
  confirmDelete: 'Delete {{name}}? It is kept {{days}} days and can be restored meanwhile.',
  deletedDone: '{{name}} deleted',
  restore: 'Restore',
  restoreFile: 'Restore {{name}}',
  restoredDone: '{{name}} restored',
  drop: 'Drop files here or click to choose',
  dropHint:
    'pdf, doc, docx, xls, xlsx up to {{docMb}} MB; jpg, jpeg, png, bmp up to {{imageMb}} MB. At most {{max}} at a time.',
  uploading_one: 'Uploading {{count}} file…',
  uploading_other: 'Uploading {{count}} files…',
  uploaded_one: '{{count}} file attached',
  uploaded_other: '{{count}} files attached',
  tooBig: '{{name}}: larger than {{mb}} MB',
  tooMany: 'At most {{max}} files at a time; the others were left out.',
} as const;

/** The shape the Chinese texts must fill: one key for each English plural. */
export type ContractShape = SingularTextShape<typeof contractEn>;
