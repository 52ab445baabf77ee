import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// Search expressions shared by the index definitions and the queries that must match them
// (ARCHITECTURE.md "Data"): an index is used only when the query spells the same expression.

/** `lower(a || ' ' || coalesce(b, '') …)`: one searchable text over several columns. */
export function searchText(first: SQLWrapper, ...rest: SQLWrapper[]): SQL {
  const parts = [sql`${first}`, ...rest.map((c) => sql`coalesce(${c}, '')`)];
  return sql`lower(${sql.join(parts, sql` || ' ' || `)})`;
}

/**
 * The 2-character grams of a text (pairs holding a space left out): `qc_bigrams`, created by the
 * business-areas migration. A 2-character term (华美, PP) has no trigram; its gram is indexed.
 */
export function bigrams(text: SQLWrapper): SQL {
  return sql`qc_bigrams(${text})`;
}

/** `reverse(lower(col))`: "ends with" becomes a prefix search a B-tree (text_pattern_ops) serves. */
export function reversed(column: SQLWrapper): SQL {
  return sql`reverse(lower(${column}))`;
}
