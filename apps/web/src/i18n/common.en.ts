/** English words every screen uses (Save, Cancel, Modify…); merged by the shell as the `common` namespace. */
export const commonEn = {
  save: 'Save',
  saved: 'Saved',
  cancel: 'Cancel',
  edit: 'Modify',
  delete: 'Delete',
  undelete: 'Undelete',
  backToList: 'Back to the list',
  none: 'None',
  yes: 'Yes',
  no: 'No',
  created: 'Created',
  updated: 'Changed',
  required: '{{label}} must not be empty',
  format: '{{label}} is not in the right format',
} as const;

/** The shape the Chinese texts must fill: the same keys, any text. */
export type CommonShape = { -readonly [K in keyof typeof commonEn]: string };
