import type { TextShape } from '../../i18n/text-shape';

/** English texts of the factory-schedule screens (features/factory-schedule); the `factory-schedule` namespace. */
export const factoryScheduleEn = {
  title: 'Factory schedule',
  view: {
    calendar: 'Factory calendar',
    month: 'Month across factories',
    list: 'Schedule list',
  },
  factory: 'Factory',
  factoryPick: 'Choose a factory',
  factorySearch: 'Factory (code or name)',
  month: 'Month',
  type: 'Type',
  product: 'Product',
  productHint: 'An order product of this factory; none for a closure.',
  startDate: 'From',
  endDate: 'To',
  quantity: 'Quantity',
  remark: 'Remark',
  closure: 'Closed',
  nothing: 'Nothing scheduled in this month.',
  pickFirst: 'Choose a factory to see its calendar.',
  create: 'New schedule',
  createTitle: 'New schedule',
  editTitle: 'Modify schedule',
  save: 'Save',
  createdDone: 'The schedule was saved',
  delete: 'Delete',
  deleteConfirm: 'Delete this schedule?',
  deletedDone: 'The schedule was deleted',
  undelete: 'Undo delete',
  undeletedDone: 'The schedule is back',
  deletedNotice: 'Deleted: {{what}}',
  actions: 'Actions',
} as const;

/** The shape the Chinese texts must fill. */
export type FactoryScheduleShape = TextShape<typeof factoryScheduleEn>;
