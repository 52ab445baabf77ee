/** English texts of the shared widgets (components/); merged by the shell as the `widgets` namespace. */
export const widgetsEn = {
  table: {
    empty: 'No records match',
    errorTitle: 'The list could not be loaded',
    retry: 'Try again',
    total: '{{total}} records',
    totalOne: '1 record',
    pagination: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    page: 'Page {{page}}',
    jumpBack: 'Back {{count}} pages',
    jumpForward: 'Forward {{count}} pages',
    pageSize: '{{size}} / page',
    pageSizeLabel: 'Records per page',
    cards: 'Records',
  },
  search: {
    label: 'Search',
    submit: 'Search',
    reset: 'Reset',
    more: 'More filters',
    less: 'Fewer filters',
    yes: 'Yes',
    no: 'No',
  },
  date: {
    placeholder: 'Select a date',
    dateTimePlaceholder: 'Select a date and time',
    start: 'Start date',
    end: 'End date',
  },
  autoComplete: {
    searching: 'Searching…',
    noMatch: 'No match',
    client: 'Search clients',
    material: 'Search materials',
    originalSample: 'Search original samples',
    productionSample: 'Search production samples',
    user: 'Search users',
  },
  changeLog: {
    title: 'Change log',
    empty: 'No changes recorded',
    system: 'System',
    impersonatedBy: 'impersonated by {{name}}',
    reason: 'Reason: {{reason}}',
    emptyValue: '(empty)',
    loadFailed: 'The change log could not be loaded',
    action: {
      create: 'Created',
      update: 'Changed',
      delete: 'Deleted',
      undelete: 'Restored',
      lock: 'Locked',
      unlock: 'Unlocked',
      checkout: 'Checked out',
      release: 'Released',
      push: 'Pushed',
      send: 'Sent',
      export: 'Exported',
      impersonate: 'Impersonated',
      complete: 'Completed',
      solved: 'Solved',
      password: 'Changed the password',
      verify: 'Verified',
      other: 'Status change: {{action}}',
    },
  },
  number: {
    notNumber: 'Enter a number',
    whole: 'Enter a whole number',
    decimals: 'Use at most {{n}} decimal places',
    between: 'Enter a number from {{min}} to {{max}}',
    atLeast: 'Enter a number of at least {{min}}',
    atMost: 'Enter a number of at most {{max}}',
  },
  leave: {
    title: 'Leave this page?',
    content: 'Your changes have not been saved. If you leave, they are lost.',
    ok: 'Leave',
    stay: 'Stay',
  },
  confirm: {
    title: 'Please confirm',
    ok: 'OK',
    cancel: 'Cancel',
    delete: 'Delete',
  },
  loadMore: {
    button: 'Load more',
    loading: 'Loading',
    end: 'No more records',
  },
  clearText: {
    clear: 'Clear',
  },
  pullToRefresh: {
    pull: 'Pull down to refresh',
    release: 'Release to refresh',
    refreshing: 'Refreshing',
  },
  backToTop: {
    label: 'Back to top',
  },
  infiniteScroll: {
    loading: 'Loading more',
    end: 'No more records',
  },
  upload: {
    pick: 'Choose files',
    accepted: 'pdf, doc, docx, xls, xlsx, jpg, jpeg, png, bmp',
    mismatch:
      '{{name}} is not a real {{type}} file: its content does not match its name. It may be damaged, or renamed from another type.',
    only: 'Only {{types}} files are accepted',
  },
  selection: {
    department: 'Only records of the same department can be selected together',
    client: 'Only records of the same client can be selected together',
    factory: 'Only records of the same factory can be selected together',
  },
} as const;

/** The shape every language must fill: the same keys as English, any text. */
export type WidgetsShape<T = typeof widgetsEn> = {
  -readonly [K in keyof T]: T[K] extends string ? string : WidgetsShape<T[K]>;
};
