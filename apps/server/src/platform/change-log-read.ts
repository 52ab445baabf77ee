import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/identity';
import { changeLog } from '../db/schema/platform';
import type { Principal } from './auth';
import { nameChanges } from './change-log-names';
import type { Db } from './db';
import { AppError } from './errors';
import type { Capabilities } from './module';
import { cappedTotal, onePage } from './paging';
import { scopeOf } from './scope';

// The change log of one record (DOMAIN.md §6.11): shown to users who may read the record — the
// permission its area declared and the area's record scope (DOMAIN.md §5.4) — never to CLIENT users.
// An entity no area declared is read by nobody.

async function assertMayRead(
  db: Db,
  capabilities: Capabilities,
  entity: string,
  id: bigint,
  user: Principal,
): Promise<void> {
  if (user.roleCode === 'CLIENT') throw new AppError('E_PERMISSION');
  const source = capabilities.changeLogs.get(entity);
  if (!source) throw new AppError('E_PERMISSION');
  if (source.permission !== 'signed-in' && !user.permissions.has(source.permission)) {
    throw new AppError('E_PERMISSION');
  }
  if (source.readable === 'unscoped') return;
  if (!(await source.readable(db, id, user, await scopeOf(db, user)))) throw new AppError('E_SCOPE');
}

export async function readChangeLogPage(
  db: Db,
  capabilities: Capabilities,
  input: { entity: string; id: bigint; page: number; pageSize: number },
  user: Principal,
) {
  await assertMayRead(db, capabilities, input.entity, input.id, user);
  const actor = alias(users, 'actor');
  const impersonator = alias(users, 'impersonator');
  const where: SQL = and(eq(changeLog.entity, input.entity), eq(changeLog.entityId, input.id))!;
  const list = await onePage(
    db
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
      .orderBy(desc(changeLog.at), desc(changeLog.id)),
    input,
  );
  return {
    list: await nameChanges(db, capabilities, input.entity, list),
    page: input.page,
    pageSize: input.pageSize,
    ...(await cappedTotal(db, changeLog, where)),
  };
}
