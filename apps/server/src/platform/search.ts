import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { factories } from '../db/schema/config';
import { bigrams, searchText } from '../db/schema/search-columns';
import type { Db } from './db';

// Search predicates written exactly as the indexes of db/schema are built (ARCHITECTURE.md "Data"):
// a "has" filter over `searchText(...)` (trigram GIN, bigram GIN), an "ends with" filter over
// `reversed(col)` (B-tree text_pattern_ops). Terms are matched case-insensitively and literally.

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A 2-character term (华美, PP): pg_trgm has no trigram for it, the bigram index has its gram. */
const needsBigram = (term: string) => [...term].length === 2 && !term.includes(' ');

/**
 * "has": `text` (a `searchText(...)` expression, already lower-cased) contains `term`. Terms of 3+
 * characters use the trigram index; 2-character terms the bigram index, rechecked by LIKE. A single
 * character has neither, and scans.
 */
export function contains(text: SQLWrapper, term: string): SQL {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const like = sql`${text} like ${pattern}`;
  if (!needsBigram(term)) return like;
  // LIKE first: inside an OR (home search) the conditions run as written, and where rows are
  // read one by one (a scan, a recheck) the cheap LIKE spares computing each row's grams.
  return sql`(${like} and ${bigrams(text)} @> ${sql`qc_bigrams(lower(${term}))`})`;
}

/**
 * "has, or else": `contains(text, term) OR other` (a client's name has the term or its code is it),
 * the same rows. For a 2-character term it is written `(grams OR other) AND (LIKE OR other)`: the
 * first clause is then exactly what the planner's BitmapOr of the bigram index and `other`'s index
 * finds, so it is not rechecked row by row, and each candidate row costs one LIKE instead of its
 * grams (qc_bigrams, ~45 µs a row: 华美 over 100k clients, 1,680 candidates, 76 ms → 2 ms; ADR 0022).
 * Written as `contains(…) OR other`, the planner rechecks the whole OR on every candidate row.
 */
export function containsOr(text: SQLWrapper, term: string, other: SQL): SQL {
  const like = sql`${text} like ${`%${escapeLike(term.toLowerCase())}%`}`;
  if (!needsBigram(term)) return sql`(${like} or ${other})`;
  return sql`((${bigrams(text)} @> ${sql`qc_bigrams(lower(${term}))`} or ${other}) and (${like} or ${other}))`;
}

/** "ends": `reversed` (a `reversed(col)` expression) starts with the reversed, lower-cased term. */
export function endsWith(reversedText: SQLWrapper, term: string): SQL {
  const prefix = `${escapeLike([...term.toLowerCase()].reverse().join(''))}%`;
  return sql`${reversedText} like ${prefix}`;
}

const factoryText = searchText(factories.code, factories.nameZh, factories.nameEn);

/** "factory has": the ids of the factories whose code or either name contains the term (their trigram and bigram indexes). */
export const factoriesMatching = (db: Db, term: string) =>
  db.select({ id: factories.id }).from(factories).where(contains(factoryText, term));
