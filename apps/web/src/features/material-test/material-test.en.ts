import type { SingularTextShape } from '../../i18n/text-shape';

/** English texts of the material-test screens (features/material-test); merged as the `materialTest` namespace. */
export const materialTestEn = {
  title: 'Material tests',
  testNo: 'Test no',
  material: 'Material',
  materialPlaceholder: 'Search materials by name',
  lab: 'Lab',
  testItems: 'Test items',
  validity: 'Valid',
  startDate: 'Valid from',
  endDate: 'Valid until',
  endDateHint: 'Left empty: the configured validity after the start (12 months by default).',
  endBeforeStart: 'The end date must not be before the start date',
  result: 'Result',
  status: 'Status',
  reportFiles: 'Report files',
  uploadReport: 'Upload report files',
  // i18next plurals (`count`): English has one and other; Chinese has a single form.
  uploading_one: 'Uploading {{count}} file…',
  uploading_other: 'Uploading {{count}} files…',
  noFiles: 'No report files yet.',
  remark: 'Remark',
  pushed: 'Pushed',
  pushedValue_one: '{{at}} (sent once)',
  pushedValue_other: '{{at}} (sent {{count}} times)',
  pushedTo: 'Last sent to',
  deleted: 'Deleted tests',
  isDeleted: 'This test is deleted.',
  draftHint: 'A draft: with a result and a report file the test is completed and can be pushed.',
  readyHint: 'Completed: push it to mail the result to the supplier, the clients using the material and you.',
  correctedHint: 'Corrected after a push: push it again so everyone has the current result.',
  correctionHint: 'This test was pushed; saving a correction means it must be pushed again.',
  willComplete: 'With a result and a report file, saving completes the test.',
  staysDraft: 'Without a result and a report file, the test stays a draft.',
  create: 'Record a test',
  createTitle: 'Record a material test',
  createSubmit: 'Record test',
  createdDone: 'The material test was recorded',
  editTitle: 'Modify {{testNo}}',
  loadFailed: 'The material test could not be loaded',
  push: 'Push',
  pushNeedsReport:
    'No report file yet: upload the report (Modify) before pushing — the mail sends a link to it.',
  pushAgain: 'Push again',
  pushConfirm: 'Push {{testNo}} by mail?',
  pushAgainConfirm: 'Push {{testNo}} by mail again?',
  pushHint:
    'The result and report files go to the supplier’s contacts, the report e-mails of the clients whose samples use the material, and you. The files’ share link in the mail expires after the days of the system parameter share.expiryDays (30 unless changed; at most 365).',
  deleteConfirm: 'Delete material test {{testNo}}?',
  deletedDone: 'The material test was deleted',
  undeleteConfirm: 'Undelete material test {{testNo}}?',
  undeletedDone: 'The material test was undeleted',
} as const;

/** The shape the Chinese texts must fill: the same keys, any text. */
/** The shape the Chinese texts must fill: one key for each English plural. */
export type MaterialTestShape = SingularTextShape<typeof materialTestEn>;
