import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, masterBlock, nameSortIndexes, ref, sortIndex } from '../columns';
import { clients } from './client';
import { departments } from './identity';
import { orderProducts } from './order';
import { bigrams, searchText } from './search-columns';

// The master-data lists of DOMAIN.md §2.10, one table each (the `department` list is the
// identity area's `departments` table). Property names are the field names of
// packages/contract/src/config-lists.ts, which the generic list service relies on.

/** Codes are unique among valid rows (DOMAIN.md §0), so a deleted code can be used again. */
const uniqueValid = (name: string, ...columns: [PgColumn | SQL, ...(PgColumn | SQL)[]]) =>
  uniqueIndex(name)
    .on(...columns)
    .where(sql`valid = 1`);

/** Lists whose rows need no typed code or names (lab contact, lab CS): the server gives the code. */
const masterAutoCode = () => ({ ...masterBlock(), nameZh: text('name_zh'), nameEn: text('name_en') });

/** Holidays: the date is the key, a code is optional. */
const masterOptionalCode = () => ({ ...masterBlock(), code: text('code') });

/** System parameters are keyed by their dotted `key` instead of a code. */
const masterWithoutCode = () => {
  const { code: _code, ...rest } = masterBlock();
  return rest;
};

const strings = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);
const rows = (name: string) => jsonb(name).$type<Record<string, unknown>[]>().notNull().default([]);
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const samplingLevels = pgTable(
  'sampling_levels',
  {
    id: idColumn(),
    ...masterBlock(),
    /** GENERAL (I, II, III) or SPECIAL (S1–S4). */
    kind: text('kind').notNull(),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('sampling_levels', t), uniqueValid('sampling_levels_code_uq', t.code)],
);

/** ISO 2859-1 Table 1 for one sampling level: the 15 lot bands and their code letters. */
export const aqlTables = pgTable(
  'aql_tables',
  {
    id: idColumn(),
    ...masterBlock(),
    levelId: ref('level_id')
      .notNull()
      .references(() => samplingLevels.id),
    values: rows('values'),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('aql_tables', t),
    uniqueValid('aql_tables_code_uq', t.code),
    uniqueValid('aql_tables_level_uq', t.levelId),
  ],
);

export const attendances = pgTable(
  'attendances',
  {
    id: idColumn(),
    ...masterBlock(),
    countsAsWork: boolean('counts_as_work').notNull().default(true),
    paid: boolean('paid').notNull().default(true),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('attendances', t), uniqueValid('attendances_code_uq', t.code)],
);

export const countries = pgTable(
  'countries',
  {
    id: idColumn(),
    ...masterBlock(),
    /** Member codes; non-empty makes the row a group such as EU (spec §3: defaults to empty). */
    countrys: strings('countrys'),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('countries', t), uniqueValid('countries_code_uq', t.code)],
);

export const parts = pgTable('parts', { id: idColumn(), ...masterBlock(), ...auditBlock() }, (t) => [
  ...nameSortIndexes('parts', t),
  uniqueValid('parts_code_uq', t.code),
]);

export const materialTypes = pgTable(
  'material_types',
  { id: idColumn(), ...masterBlock(), ...auditBlock() },
  (t) => [...nameSortIndexes('material_types', t), uniqueValid('material_types_code_uq', t.code)],
);

export const riskTypes = pgTable('risk_types', { id: idColumn(), ...masterBlock(), ...auditBlock() }, (t) => [
  ...nameSortIndexes('risk_types', t),
  uniqueValid('risk_types_code_uq', t.code),
]);

export const testTypes = pgTable('test_types', { id: idColumn(), ...masterBlock(), ...auditBlock() }, (t) => [
  ...nameSortIndexes('test_types', t),
  uniqueValid('test_types_code_uq', t.code),
]);

export const defects = pgTable(
  'defects',
  {
    id: idColumn(),
    ...masterBlock(),
    defaultClass: smallint('default_class').notNull(),
    sectionType: smallint('section_type'),
    partId: ref('part_id').references(() => parts.id),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('defects', t),
    uniqueValid('defects_code_uq', t.code),
    index('defects_part_idx').on(t.partId),
  ],
);

export const expresses = pgTable(
  'expresses',
  {
    id: idColumn(),
    ...masterBlock(),
    /** With a `{no}` placeholder for the tracking number. */
    trackingUrl: text('tracking_url'),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('expresses', t), uniqueValid('expresses_code_uq', t.code)],
);

export const locations = pgTable(
  'locations',
  {
    id: idColumn(),
    ...masterBlock(),
    parentId: ref('parent_id').references((): AnyPgColumn => locations.id),
    /** 1 province, 2 city, 3 district. */
    level: smallint('level').notNull(),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('locations', t),
    uniqueValid('locations_code_uq', t.code),
    index('locations_parent_idx').on(t.parentId),
  ],
);

/** Each row is one factory type with its inspection fee (DOMAIN.md §6.12 "Fee"). */
export const factoryTypeFees = pgTable(
  'factory_type_fees',
  {
    id: idColumn(),
    ...masterBlock(),
    feePerManDay: money('fee_per_man_day').notNull(),
    currency: text('currency').notNull(),
    weekendFactor: numeric('weekend_factor', { precision: 4, scale: 2 }).notNull().default('1.5'),
    holidayFactor: numeric('holiday_factor', { precision: 4, scale: 2 }).notNull().default('2.0'),
    abortFactor: numeric('abort_factor', { precision: 4, scale: 2 }).notNull().default('1.0'),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('factory_type_fees', t), uniqueValid('factory_type_fees_code_uq', t.code)],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: idColumn(),
    ...masterBlock(),
    address: text('address'),
    contacts: rows('contacts'),
    /** Codes of related or child suppliers (spec §3: defaults to empty). */
    suppliers: strings('suppliers'),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('suppliers', t), uniqueValid('suppliers_code_uq', t.code)],
);

export const factories = pgTable(
  'factories',
  {
    id: idColumn(),
    ...masterBlock(),
    addressZh: text('address_zh').notNull(),
    addressEn: text('address_en'),
    locationId: ref('location_id')
      .notNull()
      .references(() => locations.id),
    supplierId: ref('supplier_id').references(() => suppliers.id),
    factoryTypeId: ref('factory_type_id')
      .notNull()
      .references(() => factoryTypeFees.id),
    contacts: rows('contacts'),
    /** Where the factory is (WGS 84): inspection photos taken far from it are flagged. */
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('factories', t),
    uniqueValid('factories_code_uq', t.code),
    // "factory has" of the order list (issue 14): code or either name, 2-character terms too.
    index('factories_search_trgm_idx').using(
      'gin',
      sql`${searchText(t.code, t.nameZh, t.nameEn)} gin_trgm_ops`,
    ),
    index('factories_search_bigram_idx').using('gin', bigrams(searchText(t.code, t.nameZh, t.nameEn))),
    index('factories_location_idx').on(t.locationId),
    index('factories_supplier_idx').on(t.supplierId),
    index('factories_type_idx').on(t.factoryTypeId),
  ],
);

export const outsourceFactories = pgTable(
  'outsource_factories',
  {
    id: idColumn(),
    ...masterBlock(),
    mainFactoryId: ref('main_factory_id')
      .notNull()
      .references(() => factories.id),
    address: text('address'),
    contacts: rows('contacts'),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('outsource_factories', t),
    uniqueValid('outsource_factories_code_uq', t.code),
    index('outsource_factories_main_idx').on(t.mainFactoryId),
  ],
);

export const inspectionTypes = pgTable(
  'inspection_types',
  {
    id: idColumn(),
    ...masterBlock(),
    serviceCode: text('service_code').notNull(),
    usesAql: boolean('uses_aql').notNull().default(true),
    allowInterim: boolean('allow_interim').notNull().default(false),
    /** Points × 100 (DOMAIN.md §6.6). */
    baseScore: integer('base_score').notNull().default(0),
    minProducedPct: integer('min_produced_pct').notNull().default(0),
    minPackedPct: integer('min_packed_pct').notNull().default(0),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('inspection_types', t),
    uniqueValid('inspection_types_code_uq', t.code),
    uniqueValid('inspection_types_service_uq', t.serviceCode),
  ],
);

export const inspectionTests = pgTable(
  'inspection_tests',
  {
    id: idColumn(),
    ...masterBlock(),
    method: text('method'),
    methodEn: text('method_en'),
    criterion: text('criterion'),
    criterionEn: text('criterion_en'),
    safety: boolean('safety').notNull().default(false),
    defaultSampleQty: integer('default_sample_qty'),
    tensionType: smallint('tension_type'),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('inspection_tests', t), uniqueValid('inspection_tests_code_uq', t.code)],
);

export const inspectionResultRemarks = pgTable(
  'inspection_result_remarks',
  {
    id: idColumn(),
    ...masterBlock(),
    sectionType: smallint('section_type').notNull(),
    defaultResult: smallint('default_result'),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('inspection_result_remarks', t),
    uniqueValid('inspection_result_remarks_code_uq', t.code),
  ],
);

export const labs = pgTable(
  'labs',
  {
    id: idColumn(),
    ...masterBlock(),
    address: text('address'),
    email: text('email').notNull(),
    phone: text('phone'),
    accreditation: text('accreditation'),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('labs', t), uniqueValid('labs_code_uq', t.code)],
);

export const labContacts = pgTable(
  'lab_contacts',
  {
    id: idColumn(),
    ...masterAutoCode(),
    labId: ref('lab_id')
      .notNull()
      .references(() => labs.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    position: text('position'),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('lab_contacts', t),
    uniqueValid('lab_contacts_code_uq', t.code),
    index('lab_contacts_lab_idx').on(t.labId),
  ],
);

/** Which lab contact serves which department (and client; none = every client). */
export const labCs = pgTable(
  'lab_cs',
  {
    id: idColumn(),
    ...masterAutoCode(),
    labId: ref('lab_id')
      .notNull()
      .references(() => labs.id),
    labContactId: ref('lab_contact_id')
      .notNull()
      .references(() => labContacts.id),
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    /** fk:Client; none = every client of the department. */
    clientId: ref('client_id').references((): AnyPgColumn => clients.id),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('lab_cs', t),
    uniqueValid('lab_cs_code_uq', t.code),
    uniqueValid('lab_cs_scope_uq', t.labId, t.departmentId, sql`coalesce(${t.clientId}, 0)`),
    index('lab_cs_contact_idx').on(t.labContactId),
    index('lab_cs_department_idx').on(t.departmentId),
  ],
);

export const riskLevels = pgTable(
  'risk_levels',
  {
    id: idColumn(),
    ...masterBlock(),
    rank: smallint('rank').notNull(),
    highRisk: boolean('high_risk').notNull().default(false),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('risk_levels', t), uniqueValid('risk_levels_code_uq', t.code)],
);

export const standards = pgTable(
  'standards',
  {
    id: idColumn(),
    ...masterBlock(),
    standardType: smallint('standard_type').notNull(),
    countryId: ref('country_id').references(() => countries.id),
    standardVersion: text('standard_version'),
    effectiveDate: date('effective_date', { mode: 'string' }),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('standards', t),
    uniqueValid('standards_code_uq', t.code),
    index('standards_country_idx').on(t.countryId),
    sortIndex('standards_effective_sort_idx', t.effectiveDate, t.id),
  ],
);

export const testItems = pgTable(
  'test_items',
  {
    id: idColumn(),
    ...masterBlock(),
    standardId: ref('standard_id').references(() => standards.id),
    method: text('method'),
    price: money('price').notNull(),
    currency: text('currency').notNull(),
    testTypeId: ref('test_type_id')
      .notNull()
      .references(() => testTypes.id),
    leadDays: integer('lead_days'),
    sampleQty: integer('sample_qty'),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('test_items', t),
    uniqueValid('test_items_code_uq', t.code),
    index('test_items_standard_idx').on(t.standardId),
    index('test_items_type_idx').on(t.testTypeId),
  ],
);

export const risks = pgTable(
  'risks',
  {
    id: idColumn(),
    ...masterBlock(),
    riskLevelId: ref('risk_level_id')
      .notNull()
      .references(() => riskLevels.id),
    riskTypeId: ref('risk_type_id')
      .notNull()
      .references(() => riskTypes.id),
    materialTypeId: ref('material_type_id').references(() => materialTypes.id),
    /** Test item ids (as strings); checked against test_items on every write. */
    testItemIds: strings('test_item_ids'),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('risks', t),
    uniqueValid('risks_code_uq', t.code),
    index('risks_level_idx').on(t.riskLevelId),
  ],
);

export const sampleCheckItems = pgTable(
  'sample_check_items',
  {
    id: idColumn(),
    ...masterBlock(),
    partId: ref('part_id').references(() => parts.id),
    method: text('method'),
    methodEn: text('method_en'),
    criterion: text('criterion'),
    criterionEn: text('criterion_en'),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('sample_check_items', t), uniqueValid('sample_check_items_code_uq', t.code)],
);

export const tensionLevels = pgTable(
  'tension_levels',
  {
    id: idColumn(),
    ...masterBlock(),
    ageGroup: text('age_group').notNull(),
    tensionForce: numeric('tension_force', { precision: 8, scale: 2 }).notNull(),
    forceUnit: text('force_unit').notNull().default('N'),
    torque: numeric('torque', { precision: 8, scale: 3 }),
    torqueUnit: text('torque_unit'),
    holdSeconds: integer('hold_seconds').notNull().default(10),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('tension_levels', t), uniqueValid('tension_levels_code_uq', t.code)],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: idColumn(),
    ...masterBlock(),
    usage: text('usage').notNull().default('BOTH'),
    ratePerKm: money('rate_per_km'),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('vehicles', t), uniqueValid('vehicles_code_uq', t.code)],
);

export const superviseCheckpoints = pgTable(
  'supervise_checkpoints',
  {
    id: idColumn(),
    ...masterBlock(),
    mandatory: boolean('mandatory').notNull().default(false),
    photoRequired: boolean('photo_required').notNull().default(false),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('supervise_checkpoints', t),
    uniqueValid('supervise_checkpoints_code_uq', t.code),
  ],
);

export const factoryAuditTypes = pgTable(
  'factory_audit_types',
  {
    id: idColumn(),
    ...masterBlock(),
    manDays: numeric('man_days', { precision: 4, scale: 1 }),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('factory_audit_types', t), uniqueValid('factory_audit_types_code_uq', t.code)],
);

export const bookingTypes = pgTable(
  'booking_types',
  {
    id: idColumn(),
    ...masterBlock(),
    inspectionTypeId: ref('inspection_type_id')
      .notNull()
      .references(() => inspectionTypes.id),
    factoryAuditTypeId: ref('factory_audit_type_id').references(() => factoryAuditTypes.id),
    /** The extra fields a booking of this type asks for. */
    fields: rows('fields'),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('booking_types', t), uniqueValid('booking_types_code_uq', t.code)],
);

export const holidays = pgTable(
  'holidays',
  {
    id: idColumn(),
    ...masterOptionalCode(),
    date: date('date', { mode: 'string' }).notNull(),
    /** enum HolidayType: 1 statutory holiday, 2 rest day (adjusted), 3 working day (adjusted). */
    dayType: smallint('day_type').notNull(),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('holidays', t),
    uniqueValid('holidays_code_uq', t.code),
    uniqueValid('holidays_date_uq', t.date),
  ],
);

/** DOMAIN.md §6.13; the server falls back to the defaults of the contract for missing keys. */
export const systemParams = pgTable(
  'system_params',
  {
    id: idColumn(),
    ...masterWithoutCode(),
    key: text('key').notNull(),
    value: text('value'),
    valueType: text('value_type').notNull(),
    ...auditBlock(),
  },
  (t) => [...nameSortIndexes('system_params', t), uniqueValid('system_params_key_uq', t.key)],
);

export const notifyProductTracks = pgTable(
  'notify_product_tracks',
  {
    id: idColumn(),
    ...masterBlock(),
    event: text('event').notNull(),
    /** Role codes whose active users are told. */
    roles: strings('roles'),
    /** User ids (as strings). */
    userIds: strings('user_ids'),
    emails: strings('emails'),
    ...auditBlock(),
  },
  (t) => [
    ...nameSortIndexes('notify_product_tracks', t),
    uniqueValid('notify_product_tracks_code_uq', t.code),
  ],
);

/** DOMAIN.md §2.9 ProductTrack: one row per order product and milestone. */
export const productTracks = pgTable(
  'product_tracks',
  {
    id: idColumn(),
    orderProductId: ref('order_product_id')
      .notNull()
      .references((): AnyPgColumn => orderProducts.id),
    milestone: text('milestone').notNull(),
    plannedDate: date('planned_date', { mode: 'string' }),
    actualDate: date('actual_date', { mode: 'string' }),
    remark: text('remark'),
    ...auditBlock(),
  },
  (t) => [uniqueValid('product_tracks_milestone_uq', t.orderProductId, t.milestone)],
);
