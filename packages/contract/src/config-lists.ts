import type { EnumName } from './enumerations';
import type { Language } from './language';

// The master-data lists of spec §3 and DOMAIN.md §2.10, declared once. The operations
// (`config/{list}`, `/create`, `/update`, `/export`, `/import`), their zod schemas, the back-office
// screen and the XLSX columns are all derived from these entries. Adding a list is one entry here
// plus its table (apps/server/src/db/schema/config.ts) and a generated migration.

type Labels = Readonly<Record<Language, string>>;

export type FieldType =
  /** str(max), trimmed; `multiline` for the DOMAIN's `text` fields. */
  | 'text'
  /** English text printed on English documents: no Chinese characters (E_NO_CHINESE). */
  | 'textEn'
  | 'email'
  | 'int'
  /** dec(precision, scale); travels as a JSON number. */
  | 'decimal'
  | 'bool'
  | 'enum'
  /** fk to another list (or to users/clients); travels as an id string. */
  | 'ref'
  | 'date'
  /** Child rows owned by the record, described by `fields` (contacts, AQL bands, booking fields). */
  | 'json'
  /** A list of texts, e-mails, codes or ids (`of`). */
  | 'array';

/** The `{list}` path segments, in menu order (DOMAIN.md §2.10: lower-case, no separators). */
export const CONFIG_LIST_NAMES = [
  'aql',
  'attendance',
  'country',
  'defect',
  'department',
  'express',
  'factory',
  'location',
  'inspectiontype',
  'inspectiontest',
  'inspectionresult',
  'lab',
  'labcontact',
  'labcs',
  'materialtype',
  'part',
  'risk',
  'risklevel',
  'risktype',
  'samplecheckitem',
  'samplinglevel',
  'standard',
  'supplier',
  'tensionlevel',
  'testitem',
  'testtype',
  'vehicle',
  'factorytypefee',
  'supervisecheckpoint',
  'bookingtype',
  'factoryaudittype',
  'outsourcefactory',
  'holiday',
  'system',
  'notifyproducttrack',
] as const;

export type ConfigListName = (typeof CONFIG_LIST_NAMES)[number];

/** What a `ref` (or an `array` of refs) points at: another list, or a record of another area. */
export type RefTarget = ConfigListName | 'user' | 'client';

export interface FieldDef {
  readonly name: string;
  readonly type: FieldType;
  readonly required?: boolean;
  /** Text: maximum length in characters. */
  readonly max?: number;
  readonly multiline?: boolean;
  /** Text: the format the value must match (E_FORMAT). */
  readonly pattern?: RegExp;
  /** Text: upper-cased on save, before the pattern is checked (codes). */
  readonly upperCase?: boolean;
  /** int / decimal: inclusive bounds (E_RANGE). */
  readonly range?: readonly [number, number];
  /** decimal: digits after the point; `precision` is the total number of digits. */
  readonly scale?: number;
  readonly precision?: number;
  readonly enum?: EnumName;
  readonly ref?: RefTarget;
  /** array: what the items are. */
  readonly of?: 'text' | 'code' | 'email' | 'ref';
  /** json: the fields of one child row. */
  readonly fields?: readonly FieldDef[];
  readonly minItems?: number;
  /** The value a create uses when the field is not sent. */
  readonly default?: string | number | boolean | readonly unknown[];
  /** Unique among valid rows (E_DUPLICATE). */
  readonly unique?: boolean;
  /** Overrides the label of FIELD_LABELS for this list. */
  readonly label?: Labels;
}

export type ListGroup = 'general' | 'qc' | 'lab';

export type SearchMatch = 'eq' | 'has' | 'range';

export interface SearchDef {
  readonly field: string;
  readonly match: SearchMatch;
}

export interface ConfigListDef {
  readonly name: ConfigListName;
  readonly title: Labels;
  /** Who edits it (DOMAIN.md §5.2 footnotes): QC lists, lab lists, or config.edit only. */
  readonly group: ListGroup;
  /**
   * The master-data block's code: `required` (typed by the user), `auto` (given by the server when
   * absent), `optional`, or `none` (the list has its own key, e.g. system's `key`).
   */
  readonly code: 'required' | 'auto' | 'optional' | 'none';
  /** A list-specific rule for codes, on top of `[A-Z0-9_-]`. */
  readonly codePattern?: RegExp;
  /** Prefix of server-given codes (`auto`). */
  readonly codePrefix?: string;
  /** nameZh / nameEn of the master-data block. */
  readonly names: 'required' | 'optional';
  readonly fields: readonly FieldDef[];
  /** Filters of `config/{list}` besides keyword, active, valid and id. */
  readonly search: readonly SearchDef[];
  /** Combinations unique among valid rows (E_DUPLICATE on the first field). */
  readonly uniqueTogether?: readonly (readonly string[])[];
}

// -- Reused field shapes -----------------------------------------------------------------------

const PHONE = /^[0-9+() -]*$/;

const contactFields: readonly FieldDef[] = [
  { name: 'name', type: 'text', max: 50, required: true },
  { name: 'position', type: 'text', max: 50 },
  { name: 'phone', type: 'text', max: 30, pattern: PHONE },
  { name: 'mobile', type: 'text', max: 30, pattern: PHONE },
  { name: 'email', type: 'email' },
  { name: 'isDefault', type: 'bool', default: false },
];

const contacts = (minItems: number): FieldDef => ({
  name: 'contacts',
  type: 'json',
  fields: contactFields,
  minItems,
  required: minItems > 0,
  default: [],
});

const money = (name: string, required = false): FieldDef => ({
  name,
  type: 'decimal',
  precision: 14,
  scale: 2,
  range: [0, 999_999_999_999.99],
  required,
});

const factor = (name: string, dflt: number): FieldDef => ({
  name,
  type: 'decimal',
  precision: 4,
  scale: 2,
  range: [0, 10],
  default: dflt,
});

const refField = (name: string, ref: RefTarget, required = false): FieldDef => ({
  name,
  type: 'ref',
  ref,
  required,
});

const eq = (field: string): SearchDef => ({ field, match: 'eq' });

// -- The lists ---------------------------------------------------------------------------------

const lists = [
  {
    name: 'aql',
    title: { zh: 'AQL抽样表', en: 'AQL sampling table' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      { ...refField('levelId', 'samplinglevel', true), unique: true },
      {
        name: 'values',
        type: 'json',
        required: true,
        minItems: 1,
        // ISO 2859-1 Table 1: one row per lot band; maxLot empty for the open last band.
        fields: [
          { name: 'minLot', type: 'int', range: [1, 2_000_000_000], required: true },
          { name: 'maxLot', type: 'int', range: [1, 2_000_000_000] },
          { name: 'letter', type: 'enum', enum: 'AqlLetter', required: true },
        ],
      },
    ],
    search: [eq('levelId')],
  },
  {
    name: 'attendance',
    title: { zh: '考勤类型', en: 'Attendance' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'countsAsWork', type: 'bool', default: true },
      // Paid leave: its own label, so the shared `paid` (a test order's) reads 已付款.
      { name: 'paid', type: 'bool', default: true, label: { zh: '带薪', en: 'Paid leave' } },
    ],
    search: [],
  },
  {
    name: 'country',
    title: { zh: '国家', en: 'Country' },
    group: 'general',
    code: 'required',
    names: 'required',
    fields: [{ name: 'countrys', type: 'array', of: 'code', ref: 'country', max: 32, default: [] }],
    search: [],
  },
  {
    name: 'defect',
    title: { zh: '缺陷', en: 'Defect' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'defaultClass', type: 'enum', enum: 'DefectClass', required: true },
      { name: 'sectionType', type: 'enum', enum: 'InspectionResultType' },
      refField('partId', 'part'),
    ],
    search: [eq('defaultClass'), eq('sectionType'), eq('partId')],
  },
  {
    name: 'department',
    title: { zh: '部门', en: 'Department' },
    group: 'general',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'type', type: 'enum', enum: 'DepartmentType', required: true },
      refField('parentId', 'department'),
      refField('managerId', 'user'),
    ],
    search: [eq('type'), eq('parentId')],
  },
  {
    name: 'express',
    title: { zh: '快递公司', en: 'Express (courier)' },
    group: 'general',
    code: 'required',
    names: 'required',
    fields: [{ name: 'trackingUrl', type: 'text', max: 300, pattern: /^https?:\/\/\S*\{no\}\S*$/ }],
    search: [],
  },
  {
    name: 'factory',
    title: { zh: '工厂', en: 'Factory' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'addressZh', type: 'text', max: 300, required: true },
      { name: 'addressEn', type: 'textEn', max: 300 },
      refField('locationId', 'location', true),
      refField('supplierId', 'supplier'),
      refField('factoryTypeId', 'factorytypefee', true),
      contacts(1),
      // Where the factory is: inspection photos taken far from it are flagged (issue 27).
      { name: 'latitude', type: 'decimal', precision: 9, scale: 6, range: [-90, 90] },
      { name: 'longitude', type: 'decimal', precision: 9, scale: 6, range: [-180, 180] },
    ],
    search: [eq('locationId'), eq('supplierId'), eq('factoryTypeId')],
  },
  {
    name: 'location',
    title: { zh: '地区', en: 'Location' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      refField('parentId', 'location'),
      { name: 'level', type: 'enum', enum: 'LocationLevel', required: true },
    ],
    search: [eq('parentId'), eq('level')],
  },
  {
    name: 'inspectiontype',
    title: { zh: '验货类型', en: 'Inspection type' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'serviceCode', type: 'enum', enum: 'ServiceCode', required: true, unique: true },
      { name: 'usesAql', type: 'bool', default: true },
      { name: 'allowInterim', type: 'bool', default: false },
      // A score: points × 100 (DOMAIN.md §6.6).
      { name: 'baseScore', type: 'int', range: [0, 100_000], default: 0 },
      { name: 'minProducedPct', type: 'int', range: [0, 100], default: 0 },
      { name: 'minPackedPct', type: 'int', range: [0, 100], default: 0 },
    ],
    search: [eq('serviceCode')],
  },
  {
    name: 'inspectiontest',
    title: { zh: '现场测试', en: 'Inspection (on-site) test' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      // Both languages (issue 25): the English UI shows the English text where there is one.
      { name: 'method', type: 'text', max: 2000, multiline: true },
      { name: 'methodEn', type: 'textEn', max: 2000, multiline: true },
      { name: 'criterion', type: 'text', max: 2000, multiline: true },
      { name: 'criterionEn', type: 'textEn', max: 2000, multiline: true },
      { name: 'safety', type: 'bool', default: false },
      { name: 'defaultSampleQty', type: 'int', range: [0, 100_000] },
      { name: 'tensionType', type: 'enum', enum: 'TensionType' },
    ],
    search: [eq('safety'), eq('tensionType')],
  },
  {
    name: 'inspectionresult',
    title: { zh: '验货结论用语', en: 'Inspection result remark' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'sectionType', type: 'enum', enum: 'InspectionResultType', required: true },
      { name: 'defaultResult', type: 'enum', enum: 'InspectionResult' },
    ],
    search: [eq('sectionType')],
  },
  {
    name: 'lab',
    title: { zh: '实验室', en: 'Lab' },
    group: 'lab',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'address', type: 'text', max: 300 },
      { name: 'email', type: 'email', required: true },
      { name: 'phone', type: 'text', max: 30, pattern: PHONE },
      { name: 'accreditation', type: 'text', max: 100 },
    ],
    search: [],
  },
  {
    name: 'labcontact',
    title: { zh: '实验室联系人', en: 'Lab contact' },
    group: 'lab',
    code: 'auto',
    codePrefix: 'LC',
    names: 'optional',
    fields: [
      refField('labId', 'lab', true),
      { name: 'name', type: 'text', max: 50, required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'phone', type: 'text', max: 30, pattern: PHONE },
      { name: 'position', type: 'text', max: 50 },
    ],
    search: [eq('labId'), { field: 'name', match: 'has' }],
  },
  {
    name: 'labcs',
    title: { zh: '实验室客服', en: 'Lab CS' },
    group: 'lab',
    code: 'auto',
    codePrefix: 'CS',
    names: 'optional',
    fields: [
      refField('labId', 'lab', true),
      refField('labContactId', 'labcontact', true),
      refField('departmentId', 'department', true),
      // Empty: the contact serves every client of the department.
      refField('clientId', 'client'),
    ],
    search: [eq('labId'), eq('departmentId'), eq('clientId')],
    uniqueTogether: [['labId', 'departmentId', 'clientId']],
  },
  {
    name: 'materialtype',
    title: { zh: '材料类型', en: 'Material type' },
    group: 'lab',
    code: 'required',
    names: 'required',
    fields: [],
    search: [],
  },
  {
    name: 'part',
    title: { zh: '部件', en: 'Part' },
    group: 'lab',
    code: 'required',
    names: 'required',
    fields: [],
    search: [],
  },
  {
    name: 'risk',
    title: { zh: '风险', en: 'Risk' },
    group: 'lab',
    code: 'required',
    names: 'required',
    fields: [
      refField('riskLevelId', 'risklevel', true),
      refField('riskTypeId', 'risktype', true),
      refField('materialTypeId', 'materialtype'),
      { name: 'testItemIds', type: 'array', of: 'ref', ref: 'testitem', required: true, minItems: 1 },
    ],
    search: [eq('riskLevelId'), eq('riskTypeId'), eq('materialTypeId')],
  },
  {
    name: 'risklevel',
    title: { zh: '风险等级', en: 'Risk level' },
    group: 'lab',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'rank', type: 'int', range: [1, 5], required: true },
      // When not sent: rank ≥ 3 (DOMAIN.md §2.10).
      { name: 'highRisk', type: 'bool' },
    ],
    search: [eq('highRisk')],
  },
  {
    name: 'risktype',
    title: { zh: '风险类型', en: 'Risk type' },
    group: 'lab',
    code: 'required',
    names: 'required',
    fields: [],
    search: [],
  },
  {
    name: 'samplecheckitem',
    title: { zh: '首样检查项', en: 'Sample check item' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      refField('partId', 'part'),
      // Both languages (issue 25): the English UI shows the English text where there is one.
      { name: 'method', type: 'text', max: 2000, multiline: true },
      { name: 'methodEn', type: 'textEn', max: 2000, multiline: true },
      { name: 'criterion', type: 'text', max: 2000, multiline: true },
      { name: 'criterionEn', type: 'textEn', max: 2000, multiline: true },
    ],
    search: [eq('partId')],
  },
  {
    name: 'samplinglevel',
    title: { zh: '抽样水平', en: 'Sampling level' },
    group: 'qc',
    code: 'required',
    codePattern: /^(I|II|III|S1|S2|S3|S4)$/,
    names: 'required',
    fields: [{ name: 'kind', type: 'enum', enum: 'SamplingLevelKind', required: true }],
    search: [eq('kind')],
  },
  {
    name: 'standard',
    title: { zh: '标准', en: 'Standard' },
    group: 'lab',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'standardType', type: 'enum', enum: 'StandardType', required: true },
      refField('countryId', 'country'),
      // DOMAIN.md's `version`, renamed: `version` is the optimistic lock of every row.
      { name: 'standardVersion', type: 'text', max: 40 },
      { name: 'effectiveDate', type: 'date' },
    ],
    search: [eq('standardType'), eq('countryId')],
  },
  {
    name: 'supplier',
    title: { zh: '供应商', en: 'Supplier' },
    group: 'general',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'address', type: 'text', max: 300 },
      contacts(0),
      // Codes of related or child suppliers (spec §3: defaults to empty).
      { name: 'suppliers', type: 'array', of: 'code', ref: 'supplier', max: 32, default: [] },
    ],
    search: [],
  },
  {
    name: 'tensionlevel',
    title: { zh: '拉力等级', en: 'Tension (abuse) level' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'ageGroup', type: 'text', max: 50, required: true },
      {
        name: 'tensionForce',
        type: 'decimal',
        precision: 8,
        scale: 2,
        range: [0, 100_000],
        required: true,
      },
      { name: 'forceUnit', type: 'enum', enum: 'ForceUnit', required: true, default: 'N' },
      { name: 'torque', type: 'decimal', precision: 8, scale: 3, range: [0, 10_000] },
      { name: 'torqueUnit', type: 'enum', enum: 'TorqueUnit' },
      { name: 'holdSeconds', type: 'int', range: [0, 3600], default: 10 },
    ],
    search: [],
  },
  {
    name: 'testitem',
    title: { zh: '测试项目', en: 'Test item' },
    group: 'lab',
    code: 'required',
    names: 'required',
    fields: [
      refField('standardId', 'standard'),
      { name: 'method', type: 'text', max: 200 },
      money('price', true),
      { name: 'currency', type: 'enum', enum: 'Currency', required: true },
      refField('testTypeId', 'testtype', true),
      { name: 'leadDays', type: 'int', range: [0, 365] },
      { name: 'sampleQty', type: 'int', range: [0, 100_000] },
    ],
    search: [eq('testTypeId'), eq('standardId'), eq('currency')],
  },
  {
    name: 'testtype',
    title: { zh: '测试类型', en: 'Test type' },
    group: 'lab',
    code: 'required',
    names: 'required',
    fields: [],
    search: [],
  },
  {
    name: 'vehicle',
    title: { zh: '交通工具', en: 'Vehicle' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'usage', type: 'enum', enum: 'VehicleUsage', required: true, default: 'BOTH' },
      money('ratePerKm'),
    ],
    search: [eq('usage')],
  },
  {
    name: 'factorytypefee',
    title: { zh: '工厂类型验货费', en: 'Factory-type inspection fee' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      money('feePerManDay', true),
      { name: 'currency', type: 'enum', enum: 'Currency', required: true },
      factor('weekendFactor', 1.5),
      factor('holidayFactor', 2),
      factor('abortFactor', 1),
    ],
    search: [eq('currency')],
  },
  {
    name: 'supervisecheckpoint',
    title: { zh: '监装检查点', en: 'Supervise checkpoint' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'mandatory', type: 'bool', default: false },
      { name: 'photoRequired', type: 'bool', default: false },
    ],
    search: [eq('mandatory')],
  },
  {
    name: 'bookingtype',
    title: { zh: '预约类型', en: 'Inspection booking type' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      refField('inspectionTypeId', 'inspectiontype', true),
      refField('factoryAuditTypeId', 'factoryaudittype'),
      {
        name: 'fields',
        type: 'json',
        default: [],
        fields: [
          { name: 'key', type: 'text', max: 40, required: true, pattern: /^[A-Za-z][A-Za-z0-9_]*$/ },
          { name: 'labelZh', type: 'text', max: 100, required: true },
          { name: 'labelEn', type: 'textEn', max: 200, required: true },
          { name: 'fieldType', type: 'enum', enum: 'BookingFieldType', required: true },
          { name: 'required', type: 'bool', default: false },
          { name: 'options', type: 'array', of: 'text', max: 100, default: [] },
        ],
      },
    ],
    search: [eq('inspectionTypeId')],
  },
  {
    name: 'factoryaudittype',
    title: { zh: '验厂类型', en: 'Factory audit type' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [{ name: 'manDays', type: 'decimal', precision: 4, scale: 1, range: [0, 999.9] }],
    search: [],
  },
  {
    name: 'outsourcefactory',
    title: { zh: '外发厂', en: 'Outsource factory' },
    group: 'qc',
    code: 'required',
    names: 'required',
    fields: [
      refField('mainFactoryId', 'factory', true),
      { name: 'address', type: 'text', max: 300 },
      contacts(0),
    ],
    search: [eq('mainFactoryId')],
  },
  {
    name: 'holiday',
    title: { zh: '节假日', en: 'Holiday' },
    group: 'qc',
    code: 'optional',
    names: 'required',
    fields: [
      { name: 'date', type: 'date', required: true, unique: true },
      { name: 'dayType', type: 'enum', enum: 'HolidayType', required: true },
    ],
    search: [{ field: 'date', match: 'range' }, eq('dayType')],
  },
  {
    name: 'system',
    title: { zh: '系统参数', en: 'System parameter' },
    group: 'general',
    code: 'none',
    names: 'required',
    fields: [
      // Dotted names as in DOMAIN.md §6.13; case kept, so not the code pattern.
      {
        name: 'key',
        type: 'text',
        max: 100,
        required: true,
        unique: true,
        pattern: /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/,
      },
      { name: 'value', type: 'text', max: 500 },
      { name: 'valueType', type: 'enum', enum: 'SystemValueType', required: true },
    ],
    search: [{ field: 'key', match: 'has' }],
  },
  {
    name: 'notifyproducttrack',
    title: { zh: '产品跟踪通知', en: 'Notify product track' },
    group: 'general',
    code: 'required',
    names: 'required',
    fields: [
      { name: 'event', type: 'enum', enum: 'NotifyEvent', required: true },
      { name: 'roles', type: 'array', of: 'code', max: 32, default: [] },
      { name: 'userIds', type: 'array', of: 'ref', ref: 'user', default: [] },
      { name: 'emails', type: 'array', of: 'email', default: [] },
    ],
    search: [eq('event')],
  },
] as const satisfies readonly ConfigListDef[];

/** Every list, in the order of CONFIG_LIST_NAMES. */
export const CONFIG_LISTS: readonly ConfigListDef[] = CONFIG_LIST_NAMES.map((name) => {
  const list = lists.find((l) => l.name === name);
  if (!list) throw new Error(`config list without an entry: ${name}`);
  return list;
});

export function isConfigListName(name: string): name is ConfigListName {
  return (CONFIG_LIST_NAMES as readonly string[]).includes(name);
}

export function configList(name: ConfigListName): ConfigListDef {
  const list = CONFIG_LISTS.find((l) => l.name === name);
  if (!list) throw new Error(`unknown config list: ${name}`);
  return list;
}

// -- Permissions -------------------------------------------------------------------------------

/** DOMAIN.md §5.2: config.edit opens every list; the QC and lab groups also open theirs. */
export const EDIT_PERMISSION: Readonly<Record<ListGroup, string>> = {
  general: 'config.edit',
  qc: 'config.edit.qc',
  lab: 'config.edit.lab',
};

export const CONFIG_EDIT_ALL = 'config.edit';
/** Frozen and deleted rows, the back-office screen and exports. */
export const CONFIG_SEARCH = 'config.search';

export function editPermission(list: ConfigListDef): string {
  return EDIT_PERMISSION[list.group];
}

export function mayEditList(list: ConfigListDef, permissions: ReadonlySet<string>): boolean {
  return permissions.has(CONFIG_EDIT_ALL) || permissions.has(editPermission(list));
}

// -- The master-data block as fields -----------------------------------------------------------

/** DOMAIN.md §0: `code str(32) R U` of `[A-Z0-9_-]`, upper-cased on save. */
export const CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** The master-data block of a list written as fields, in form order, before the list's own. */
export function masterFields(list: ConfigListDef): FieldDef[] {
  const fields: FieldDef[] = [];
  if (list.code !== 'none') {
    fields.push({
      name: 'code',
      type: 'text',
      max: 32,
      pattern: list.codePattern ?? CODE_PATTERN,
      upperCase: true,
      required: list.code === 'required',
      unique: true,
    });
  }
  const namesRequired = list.names === 'required';
  fields.push(
    { name: 'nameZh', type: 'text', max: 100, required: namesRequired },
    { name: 'nameEn', type: 'textEn', max: 200, required: namesRequired },
  );
  return fields;
}

/** Fields every list carries after its own: the rest of the master-data block. */
export const TRAILING_FIELDS: readonly FieldDef[] = [
  { name: 'sort', type: 'int', range: [-1_000_000, 1_000_000], default: 0 },
  { name: 'remark', type: 'text', max: 500, multiline: true },
];

/** Every field a user edits, in form order. */
export function editableFields(list: ConfigListDef): FieldDef[] {
  return [...masterFields(list), ...list.fields, ...TRAILING_FIELDS];
}

/**
 * The columns a list's search sorts by (issue 12, `sort` of `config/{list}`): its code (system: its
 * key), both names and its dates. Each is served by an index of the list's table.
 */
export function configSortKeys(list: ConfigListDef): [string, ...string[]] {
  const key = list.code === 'none' ? list.fields.find((f) => f.unique)?.name : 'code';
  const dates = list.fields.filter((f) => f.type === 'date').map((f) => f.name);
  return [...(key ? [key] : []), 'nameZh', 'nameEn', ...dates] as [string, ...string[]];
}

/** The field identifying a row in imports: a typed or given code, else the list's unique field. */
export function naturalKey(list: ConfigListDef): string | undefined {
  if (list.code === 'required' || list.code === 'auto') return 'code';
  return list.fields.find((f) => f.unique)?.name ?? (list.code === 'optional' ? 'code' : undefined);
}

// -- Labels ------------------------------------------------------------------------------------

/** Field labels of the lists (forms, XLSX headers and validation messages). */
export const CONFIG_FIELD_LABELS: Readonly<Record<string, Labels>> = {
  code: { zh: '编码', en: 'Code' },
  nameZh: { zh: '中文名称', en: 'Chinese name' },
  nameEn: { zh: '英文名称', en: 'English name' },
  active: { zh: '启用', en: 'Active' },
  valid: { zh: '有效', en: 'Valid' },
  sort: { zh: '排序', en: 'Sort' },
  remark: { zh: '备注', en: 'Remark' },
  keyword: { zh: '关键字', en: 'Keyword' },
  levelId: { zh: '抽样水平', en: 'Sampling level' },
  values: { zh: '批量区间', en: 'Lot bands' },
  minLot: { zh: '批量下限', en: 'Lot from' },
  maxLot: { zh: '批量上限', en: 'Lot to' },
  letter: { zh: '字码', en: 'Code letter' },
  countsAsWork: { zh: '计工时', en: 'Counts as work' },
  countrys: { zh: '成员国家', en: 'Member countries' },
  defaultClass: { zh: '默认缺陷等级', en: 'Default class' },
  sectionType: { zh: '报告部分', en: 'Report section' },
  partId: { zh: '部件', en: 'Part' },
  type: { zh: '类型', en: 'Type' },
  parentId: { zh: '上级', en: 'Parent' },
  managerId: { zh: '负责人', en: 'Manager' },
  trackingUrl: { zh: '查询网址', en: 'Tracking URL' },
  addressZh: { zh: '中文地址', en: 'Chinese address' },
  addressEn: { zh: '英文地址', en: 'English address' },
  locationId: { zh: '地区', en: 'Location' },
  supplierId: { zh: '供应商', en: 'Supplier' },
  factoryTypeId: { zh: '工厂类型', en: 'Factory type' },
  contacts: { zh: '联系人', en: 'Contacts' },
  name: { zh: '姓名', en: 'Name' },
  position: { zh: '职位', en: 'Position' },
  phone: { zh: '电话', en: 'Phone' },
  mobile: { zh: '手机', en: 'Mobile' },
  email: { zh: '邮箱', en: 'E-mail' },
  isDefault: { zh: '默认', en: 'Default' },
  level: { zh: '级别', en: 'Level' },
  serviceCode: { zh: '服务代码', en: 'Service code' },
  usesAql: { zh: '使用AQL', en: 'Uses AQL' },
  allowInterim: { zh: '允许中期报告', en: 'Allows interim reports' },
  baseScore: { zh: '基础分(×100)', en: 'Base score (×100)' },
  minProducedPct: { zh: '最低完成生产比例%', en: 'Min. produced %' },
  minPackedPct: { zh: '最低包装比例%', en: 'Min. packed %' },
  method: { zh: '方法', en: 'Method' },
  criterion: { zh: '判定标准', en: 'Criterion' },
  methodEn: { zh: '英文方法', en: 'Method (English)' },
  criterionEn: { zh: '英文判定标准', en: 'Criterion (English)' },
  safety: { zh: '安全测试', en: 'Safety test' },
  defaultSampleQty: { zh: '默认抽样数', en: 'Default sample qty' },
  tensionType: { zh: '拉力类型', en: 'Tension type' },
  defaultResult: { zh: '默认结论', en: 'Default result' },
  address: { zh: '地址', en: 'Address' },
  accreditation: { zh: '资质', en: 'Accreditation' },
  labId: { zh: '实验室', en: 'Lab' },
  labContactId: { zh: '实验室联系人', en: 'Lab contact' },
  departmentId: { zh: '部门', en: 'Department' },
  clientId: { zh: '客户', en: 'Client' },
  riskLevelId: { zh: '风险等级', en: 'Risk level' },
  riskTypeId: { zh: '风险类型', en: 'Risk type' },
  materialTypeId: { zh: '材料类型', en: 'Material type' },
  testItemIds: { zh: '测试项目', en: 'Test items' },
  rank: { zh: '等级', en: 'Rank' },
  highRisk: { zh: '高风险', en: 'High risk' },
  kind: { zh: '类别', en: 'Kind' },
  standardType: { zh: '标准类型', en: 'Standard type' },
  countryId: { zh: '国家', en: 'Country' },
  standardVersion: { zh: '版本', en: 'Version' },
  effectiveDate: { zh: '生效日期', en: 'Effective date' },
  suppliers: { zh: '关联供应商', en: 'Related suppliers' },
  ageGroup: { zh: '年龄组', en: 'Age group' },
  tensionForce: { zh: '拉力', en: 'Tension force' },
  forceUnit: { zh: '力单位', en: 'Force unit' },
  torque: { zh: '扭力', en: 'Torque' },
  latitude: { zh: '纬度', en: 'Latitude' },
  longitude: { zh: '经度', en: 'Longitude' },
  torqueUnit: { zh: '扭力单位', en: 'Torque unit' },
  holdSeconds: { zh: '保持秒数', en: 'Hold seconds' },
  standardId: { zh: '标准', en: 'Standard' },
  price: { zh: '价格', en: 'Price' },
  currency: { zh: '币种', en: 'Currency' },
  testTypeId: { zh: '测试类型', en: 'Test type' },
  leadDays: { zh: '周期(天)', en: 'Lead days' },
  sampleQty: { zh: '样品数量', en: 'Sample qty' },
  usage: { zh: '用途', en: 'Usage' },
  ratePerKm: { zh: '每公里费用', en: 'Rate per km' },
  feePerManDay: { zh: '人天费用', en: 'Fee per man-day' },
  weekendFactor: { zh: '周末系数', en: 'Weekend factor' },
  holidayFactor: { zh: '节假日系数', en: 'Holiday factor' },
  abortFactor: { zh: '中止系数', en: 'Abort factor' },
  mandatory: { zh: '必检', en: 'Mandatory' },
  photoRequired: { zh: '需拍照', en: 'Photo required' },
  inspectionTypeId: { zh: '验货类型', en: 'Inspection type' },
  factoryAuditTypeId: { zh: '验厂类型', en: 'Factory audit type' },
  fields: { zh: '预约字段', en: 'Booking fields' },
  key: { zh: '键', en: 'Key' },
  labelZh: { zh: '中文标签', en: 'Chinese label' },
  labelEn: { zh: '英文标签', en: 'English label' },
  fieldType: { zh: '字段类型', en: 'Field type' },
  required: { zh: '必填', en: 'Required' },
  options: { zh: '选项', en: 'Options' },
  manDays: { zh: '人天', en: 'Man-days' },
  mainFactoryId: { zh: '主工厂', en: 'Main factory' },
  date: { zh: '日期', en: 'Date' },
  dayType: { zh: '日期类型', en: 'Day type' },
  value: { zh: '值', en: 'Value' },
  valueType: { zh: '值类型', en: 'Value type' },
  event: { zh: '事件', en: 'Event' },
  roles: { zh: '角色', en: 'Roles' },
  userIds: { zh: '用户', en: 'Users' },
  emails: { zh: '邮箱', en: 'E-mails' },
  content: { zh: '文件内容', en: 'File content' },
  entity: { zh: '对象', en: 'Record type' },
  startDate: { zh: '开始日期', en: 'Start date' },
  endDate: { zh: '结束日期', en: 'End date' },
};

export function configFieldLabel(field: FieldDef, lang: Language): string {
  return field.label?.[lang] ?? CONFIG_FIELD_LABELS[field.name]?.[lang] ?? field.name;
}
