import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditBlock, idColumn, ref, sortIndex } from '../columns';
import { materialTypes, riskLevels, suppliers } from './config';
import { bigrams, reversed, searchText } from './search-columns';

// Materials (DOMAIN.md §2.3).

export const materials = pgTable(
  'materials',
  {
    id: idColumn(),
    upc: text('upc').notNull(),
    name: text('name').notNull(),
    technicalName: text('technical_name'),
    /** Customs declaration name (报关品名). */
    customName: text('custom_name'),
    riskLevelId: ref('risk_level_id')
      .notNull()
      .references(() => riskLevels.id),
    materialTypeId: ref('material_type_id')
      .notNull()
      .references(() => materialTypes.id),
    supplierId: ref('supplier_id').references(() => suppliers.id),
    ...auditBlock(),
  },
  (t) => [
    uniqueIndex('materials_upc_uq').on(sql`lower(${t.upc})`).where(sql`valid = 1`),
    // "upc ends": a prefix search on the reversed value.
    index('materials_upc_rev_idx').using('btree', sql`${reversed(t.upc)} text_pattern_ops`),
    // "name has" over name, technical and customs name.
    index('materials_name_trgm_idx').using(
      'gin',
      sql`${searchText(t.name, t.technicalName, t.customName)} gin_trgm_ops`,
    ),
    index('materials_name_bigram_idx').using(
      'gin',
      bigrams(searchText(t.name, t.technicalName, t.customName)),
    ),
    index('materials_type_idx').on(t.materialTypeId),
    index('materials_risk_level_idx').on(t.riskLevelId),
    index('materials_supplier_idx').on(t.supplierId),
    // The sorts of material/search: upc by materials_upc_uq, name and updatedAt here.
    sortIndex('materials_name_sort_idx', sql`lower(${t.name})`, t.id),
    sortIndex('materials_updated_sort_idx', t.updatedAt, t.id),
  ],
);
