/** English texts of the report-form screen (features/report-form); the `report-form` namespace. */
export const reportFormEn = {
  title: 'Report forms',
  form: 'Form',
  forminspection: 'Inspection form',
  formfee: 'Fee form',
  formovertime: 'Overtime form',
  formqc: 'QC form',
  range: 'Date range',
  rangeRequired: 'Choose the date range',
  department: 'Department',
  client: 'Client',
  inspector: 'Inspector',
  any: 'All',
  note: 'The form is built in the background and mailed to you; it also appears under My exports below for 7 days.',
  myExports: 'My exports',
  noExports: 'No exports in the last 7 days',
  statequeued: 'Queued',
  staterunning: 'Running {{percent}}%',
  statedone: 'Ready',
  statefailed: 'Failed',
  rows: '{{rows}} rows',
  download: 'Download',
  expires: 'Kept until {{date}}',
} as const;

export type ReportFormShape = { -readonly [K in keyof typeof reportFormEn]: string };
