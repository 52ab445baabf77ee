import type { TextShape } from '../../i18n/text-shape';

/** English texts of the material screens (features/material); merged by the shell as the `material` namespace. */
export const materialEn = {
  title: 'Materials',
  upc: 'UPC',
  upcHint: 'Letters, digits and -; unique.',
  upcFormat: 'Use up to 32 letters, digits or -',
  name: 'Name',
  technicalName: 'Technical name',
  customName: 'Customs name',
  customNameHint: 'The name on customs declarations.',
  materialType: 'Material type',
  riskLevel: 'Risk level',
  supplier: 'Supplier',
  validTests: 'Valid tests',
  needsTesting: 'Needs testing',
  deleted: 'Deleted materials',
  isDeleted: 'This material is deleted.',
  create: 'New material',
  createTitle: 'New material',
  createSubmit: 'Create material',
  createdDone: 'The material was created',
  editTitle: 'Modify {{name}}',
  loadFailed: 'The material could not be loaded',
  deleteConfirm: 'Delete material {{upc}}?',
  deletedDone: 'The material was deleted',
  undeleteConfirm: 'Undelete material {{upc}}?',
  undeletedDone: 'The material was undeleted',
  recordTest: 'Record a test',
  tests: 'Material tests',
  testsNone: 'No tests recorded yet.',
  testNo: 'Test no',
  validity: 'Valid',
  result: 'Result',
  status: 'Status',
  originalSamples: 'Used by original samples',
  originalSamplesNone: 'No original sample uses this material.',
} as const;

/** The shape the Chinese texts must fill. */
export type MaterialShape = TextShape<typeof materialEn>;
