import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex } from '../columns';
import { countries, standards, testItems } from './config';
import { bigrams, searchText } from './search-columns';

// Common standards and country standards (country requirements), DOMAIN.md §2.8: the test items
// a product must pass, and the published norms (config list `standard`) they follow.

export const commonStandards = pgTable(
  'common_standards',
  {
    id: idColumn(),
    name: text('name').notNull(),
    productScope: text('product_scope'),
    description: text('description'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('common_standards_name_uq').on(sql`lower(${t.name})`).where(sql`valid = 1`),
    index('common_standards_name_trgm_idx').using('gin', sql`${searchText(t.name)} gin_trgm_ops`),
    index('common_standards_name_bigram_idx').using('gin', bigrams(searchText(t.name))),
    // The sorts of standard/search: name by common_standards_name_uq, updatedAt here.
    sortIndex('common_standards_updated_sort_idx', t.updatedAt, t.id),
  ],
);

export const commonStandardNorms = pgTable(
  'common_standard_norms',
  {
    commonStandardId: ref('common_standard_id')
      .notNull()
      .references(() => commonStandards.id),
    standardId: ref('standard_id')
      .notNull()
      .references(() => standards.id),
  },
  (t) => [
    primaryKey({ columns: [t.commonStandardId, t.standardId] }),
    index('common_standard_norms_standard_idx').on(t.standardId),
  ],
);

export const commonStandardTests = pgTable(
  'common_standard_tests',
  {
    id: idColumn(),
    commonStandardId: ref('common_standard_id')
      .notNull()
      .references(() => commonStandards.id),
    testItemId: ref('test_item_id')
      .notNull()
      .references(() => testItems.id),
    mandatory: boolean('mandatory').notNull().default(true),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('common_standard_tests_uq').on(t.commonStandardId, t.testItemId).where(sql`valid = 1`),
    index('common_standard_tests_item_idx').on(t.testItemId),
  ],
);

export const countryRequirements = pgTable(
  'country_requirements',
  {
    id: idColumn(),
    countryId: ref('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    productScope: text('product_scope'),
    description: text('description'),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('country_requirements_name_uq').on(t.countryId, sql`lower(${t.name})`).where(sql`valid = 1`),
    index('country_requirements_name_trgm_idx').using('gin', sql`${searchText(t.name)} gin_trgm_ops`),
    index('country_requirements_name_bigram_idx').using('gin', bigrams(searchText(t.name))),
    // The sorts of countryrequire/search (its unique index leads with the country).
    sortIndex('country_requirements_name_sort_idx', sql`lower(${t.name})`, t.id),
    sortIndex('country_requirements_updated_sort_idx', t.updatedAt, t.id),
  ],
);

export const countryRequirementNorms = pgTable(
  'country_requirement_norms',
  {
    countryRequirementId: ref('country_requirement_id')
      .notNull()
      .references(() => countryRequirements.id),
    standardId: ref('standard_id')
      .notNull()
      .references(() => standards.id),
  },
  (t) => [
    primaryKey({ columns: [t.countryRequirementId, t.standardId] }),
    index('country_requirement_norms_standard_idx').on(t.standardId),
  ],
);

export const countryRequirementTests = pgTable(
  'country_requirement_tests',
  {
    id: idColumn(),
    countryRequirementId: ref('country_requirement_id')
      .notNull()
      .references(() => countryRequirements.id),
    testItemId: ref('test_item_id')
      .notNull()
      .references(() => testItems.id),
    mandatory: boolean('mandatory').notNull().default(true),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('country_requirement_tests_uq')
      .on(t.countryRequirementId, t.testItemId)
      .where(sql`valid = 1`),
    index('country_requirement_tests_item_idx').on(t.testItemId),
  ],
);
