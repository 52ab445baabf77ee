import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex } from '../columns';
import { countries, inspectionTests, samplingLevels, tensionLevels, testItems } from './config';
import { departments, users } from './identity';
import { bigrams, searchText } from './search-columns';

// Clients and their requirements (DOMAIN.md §2.2). Uniqueness holds among valid rows (§0).

export const clients = pgTable(
  'clients',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    countryId: ref('country_id')
      .notNull()
      .references(() => countries.id),
    /** enum ClientType */
    type: smallint('type').notNull(),
    salesId: ref('sales_id')
      .notNull()
      .references(() => users.id),
    /** The sales owner's department: the record scope of DOMAIN.md §5.4. */
    departmentId: ref('department_id')
      .notNull()
      .references(() => departments.id),
    samplingLevelId: ref('sampling_level_id')
      .notNull()
      .references(() => samplingLevels.id),
    tensionLevelId: ref('tension_level_id').references(() => tensionLevels.id),
    majorAql: numeric('major_aql', { precision: 5, scale: 3 }).notNull().default('2.5'),
    minorAql: numeric('minor_aql', { precision: 5, scale: 3 }).notNull().default('4.0'),
    /** Working days (DOMAIN.md §6.7). */
    advanceDays: smallint('advance_days').notNull().default(2),
    /** Country codes; a group code (EU) stands for its members. */
    destinationCountries: text('destination_countries').array().notNull().default(sql`'{}'::text[]`),
    inspectionRequirement: text('inspection_requirement'),
    safetyRequirement: text('safety_requirement'),
    reportEmails: text('report_emails').array().notNull().default(sql`'{}'::text[]`),
    sharePassword: boolean('share_password').notNull().default(false),
    /** ActiveFlag: 0 frozen. */
    state: smallint('state').notNull().default(1),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('clients_code_uq').on(t.code).where(sql`valid = 1`),
    uniqueIndex('clients_name_uq').on(sql`lower(${t.name})`).where(sql`valid = 1`),
    // "name has": trigrams for terms of 3+ characters, bigrams for 2-character Chinese terms.
    index('clients_name_trgm_idx').using('gin', sql`${searchText(t.name)} gin_trgm_ops`),
    index('clients_name_bigram_idx').using('gin', bigrams(searchText(t.name))),
    index('clients_country_idx').on(t.countryId),
    index('clients_sales_idx').on(t.salesId),
    index('clients_department_idx').on(t.departmentId),
    // The sorts of client/search: code and name by the unique indexes above, updatedAt here.
    sortIndex('clients_updated_sort_idx', t.updatedAt, t.id),
  ],
);

/** ClientTestRequirement: a test item the client requires, per destination (null: all). */
export const clientTestRequirements = pgTable(
  'client_test_requirements',
  {
    id: idColumn(),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    testItemId: ref('test_item_id')
      .notNull()
      .references(() => testItems.id),
    countryCode: text('country_code'),
    /** enum ProductType[] */
    productTypes: smallint('product_types').array().notNull().default(sql`'{1,2,3}'::smallint[]`),
    mandatory: boolean('mandatory').notNull().default(true),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('client_test_requirements_uq')
      .on(t.clientId, t.testItemId, sql`coalesce(${t.countryCode}, '')`)
      .where(sql`valid = 1`),
    index('client_test_requirements_item_idx').on(t.testItemId),
  ],
);

/** ClientSafetyTest: an on-site safety test the client demands in every inspection. */
export const clientSafetyTests = pgTable(
  'client_safety_tests',
  {
    id: idColumn(),
    clientId: ref('client_id')
      .notNull()
      .references(() => clients.id),
    inspectionTestId: ref('inspection_test_id')
      .notNull()
      .references(() => inspectionTests.id),
    sampleQty: integer('sample_qty').notNull(),
    criterion: text('criterion'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('client_safety_tests_uq').on(t.clientId, t.inspectionTestId).where(sql`valid = 1`),
    index('client_safety_tests_test_idx').on(t.inspectionTestId),
  ],
);
