import { isConfigListName } from '@qcdesk/contract/config-lists';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/identity';
import { changeLog } from '../../db/schema/platform';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { cappedTotal } from '../../platform/paging';
import { nameChangeLogFields, nameChanges } from './changelog-names';

// The change log of one record (DOMAIN.md §6.11): shown to users with read access to the record,
// never to CLIENT users.

/** Entity → the permission that reads its records; master-data lists are read by every user. */
const readers = new Map<string, string>();

/**
 * Lets holders of `permission` read the change log of `entity` (the name the area writes its
 * change-log rows under, by default its table name), and names its reference fields so the log
 * shows the names of the rows they point at. Areas call this from their register function.
 */
export function allowChangeLogReads(
  entity: string,
  permission: string,
  references: Parameters<typeof nameChangeLogFields>[1] = {},
): void {
  readers.set(entity, permission);
  nameChangeLogFields(entity, references);
}

function assertMayRead(entity: string, user: Principal): void {
  if (user.roleCode === 'CLIENT') throw new AppError('E_PERMISSION');
  if (isConfigListName(entity)) return;
  const permission = readers.get(entity);
  if (permission === undefined || (permission !== 'signed-in' && !user.permissions.has(permission))) {
    throw new AppError('E_PERMISSION');
  }
}

export async function readChangeLogPage(
  db: Db,
  input: { entity: string; id: bigint; page: number; pageSize: number },
  user: Principal,
) {
  assertMayRead(input.entity, user);
  const actor = alias(users, 'actor');
  const impersonator = alias(users, 'impersonator');
  const where: SQL = and(eq(changeLog.entity, input.entity), eq(changeLog.entityId, input.id))!;
  const list = await db
    .select({
      id: changeLog.id,
      action: changeLog.action,
      at: changeLog.at,
      actorId: changeLog.actorId,
      actorName: actor.name,
      actorEnglishName: actor.englishName,
      impersonatorId: changeLog.impersonatorId,
      impersonatorName: impersonator.name,
      impersonatorEnglishName: impersonator.englishName,
      reason: changeLog.reason,
      changes: changeLog.changes,
    })
    .from(changeLog)
    .leftJoin(actor, eq(actor.id, changeLog.actorId))
    .leftJoin(impersonator, eq(impersonator.id, changeLog.impersonatorId))
    .where(where)
    .orderBy(desc(changeLog.at), desc(changeLog.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    list: await nameChanges(db, input.entity, list),
    page: input.page,
    pageSize: input.pageSize,
    ...(await cappedTotal(db, changeLog, where)),
  };
}
