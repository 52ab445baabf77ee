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
  closeTitle: 'Close a month of the fee form',
  closeNote:
    'A closed month keeps its fee lines as they are now; a later change of one of its reports shows as a correction line in the next open month.',
  closeMonth: 'Month to close',
  close: 'Close month',
  closeConfirm: 'Close {{month}}? Its fee lines will no longer change.',
  closed: '{{month}} is closed: {{lines}} fee lines, {{corrections}} corrections frozen',
} as const;

export type ReportFormShape = { -readonly [K in keyof typeof reportFormEn]: string };
