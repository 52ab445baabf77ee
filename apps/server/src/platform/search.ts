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

/** "ends": `reversed` (a `reversed(col)` expression) starts with the reversed, lower-cased term. */
export function endsWith(reversedText: SQLWrapper, term: string): SQL {
  const prefix = `${escapeLike([...term.toLowerCase()].reverse().join(''))}%`;
  return sql`${reversedText} like ${prefix}`;
}

const factoryText = searchText(factories.code, factories.nameZh, factories.nameEn);

/** "factory has": the ids of the factories whose code or either name contains the term (their trigram and bigram indexes). */
export const factoriesMatching = (db: Db, term: string) =>
  db.select({ id: factories.id }).from(factories).where(contains(factoryText, term));
