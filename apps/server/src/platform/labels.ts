import { eq } from 'drizzle-orm';
import { clients } from '../db/schema/client';
import { departments, users } from '../db/schema/identity';
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

/**
 * The client and department a scoped record belongs to, as a list select reads them: spread into
 * a select that joins `clients` and `departments`, then `ownerLabels` in its row mapping.
 */
export const ownerColumns = {
  client: { code: clients.code, name: clients.name },
  department: { code: departments.code, nameZh: departments.nameZh, nameEn: departments.nameEn },
};

/** A list row's `client` and `department`: the record's ids with the names its select read (`ownerColumns`). */
export function ownerLabels<Code, Name>(
  record: { clientId: bigint; departmentId: bigint },
  names: { client: { code: Code; name: Name }; department: Omit<Label, 'id'> },
) {
  const { client, department } = names;
  return {
    client: { id: record.clientId, code: client.code, name: client.name },
    department: label(record.departmentId, department.code, department.nameZh, department.nameEn),
  };
}

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
