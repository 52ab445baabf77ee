import { eq } from 'drizzle-orm';
import { users } from '../db/schema/identity';
import type { Db } from './db';

/** A reference shown by its code and names (`{id, code, nameZh, nameEn}`), as every list row shows it. */
export interface Label {
  id: bigint;
  code: string | null;
  nameZh: string | null;
  nameEn: string | null;
}
export const label = (
  id: bigint,
  code: string | null,
  nameZh: string | null,
  nameEn: string | null,
): Label => ({ id, code, nameZh, nameEn });

type Names = { name: string; englishName: string | null };

/** A user a row names (`checkedBy`, `verifiedBy`): null when the id is, else the names its join read. */
export const personLabel = (id: bigint | null, names: Names | null) =>
  id === null ? null : { id, name: names?.name ?? '', englishName: names?.englishName ?? null };

/** A user as a detail shows it (`createdBy`): id and names, null when there is none. */
export async function userLabel(db: Db, id: bigint | null) {
  if (!id) return null;
  const [user] = await db
    .select({ id: users.id, name: users.name, englishName: users.englishName })
    .from(users)
    .where(eq(users.id, id));
  return user ?? null;
}
