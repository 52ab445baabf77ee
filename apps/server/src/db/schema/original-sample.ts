import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex } from '../columns';
import { clients } from './client';
import { parts } from './config';
import { materials } from './material';
import { bigrams, reversed, searchText } from './search-columns';

// Original samples with their parts and the materials of each part (DOMAIN.md §2.3).

export const originalSamples = pgTable(
  'original_samples',
  {
    id: idColumn(),
    itemNo: text('item_no').notNull(),
    name: text('name').notNull(),
    clientId: ref('client_id').references(() => clients.id),
    /** Derived on every write: ≥ 1 part and every part has ≥ 1 material. */
    complete: boolean('complete').notNull().default(false),
    ...auditBlock(),
  },
  (t) => [
    // A sample without a client counts as one client (DOMAIN.md §2.3).
    uniqueIndex('original_samples_item_uq')
      .on(sql`lower(${t.itemNo})`, sql`coalesce(${t.clientId}, 0)`)
      .where(sql`valid = 1`),
    index('original_samples_item_rev_idx').using('btree', sql`${reversed(t.itemNo)} text_pattern_ops`),
    index('original_samples_name_trgm_idx').using('gin', sql`${searchText(t.name)} gin_trgm_ops`),
    index('original_samples_name_bigram_idx').using('gin', bigrams(searchText(t.name))),
    index('original_samples_client_idx').on(t.clientId),
    // The sorts of originalsample/search: itemNo by original_samples_item_uq, name and updatedAt here.
    sortIndex('original_samples_name_sort_idx', sql`lower(${t.name})`, t.id),
    sortIndex('original_samples_updated_sort_idx', t.updatedAt, t.id),
  ],
);

export const originalSampleParts = pgTable(
  'original_sample_parts',
  {
    id: idColumn(),
    originalSampleId: ref('original_sample_id')
      .notNull()
      .references(() => originalSamples.id),
    partId: ref('part_id')
      .notNull()
      .references(() => parts.id),
    sort: smallint('sort').notNull().default(0),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('original_sample_parts_uq').on(t.originalSampleId, t.partId).where(sql`valid = 1`),
    index('original_sample_parts_part_idx').on(t.partId),
  ],
);

export const originalSampleMaterials = pgTable(
  'original_sample_materials',
  {
    id: idColumn(),
    originalSamplePartId: ref('original_sample_part_id')
      .notNull()
      .references(() => originalSampleParts.id),
    /** The part's sample, so "samples using a material" needs no join through parts. */
    originalSampleId: ref('original_sample_id')
      .notNull()
      .references(() => originalSamples.id),
    materialId: ref('material_id')
      .notNull()
      .references(() => materials.id),
    percentage: numeric('percentage', { precision: 5, scale: 2 }),
    colour: text('colour'),
    sort: smallint('sort').notNull().default(0),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('original_sample_materials_uq')
      .on(t.originalSamplePartId, t.materialId)
      .where(sql`valid = 1`),
    index('original_sample_materials_sample_idx').on(t.originalSampleId),
    index('original_sample_materials_material_idx').on(t.materialId),
  ],
);
