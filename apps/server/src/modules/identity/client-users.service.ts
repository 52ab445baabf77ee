import { and, eq, isNull } from 'drizzle-orm';
import { roles, users } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { updateRecord } from '../../platform/records';
import { demoUsername } from './identity.seed';

/**
 * The demo seed gives the demo CLIENT user (`demo.client`) the client of the demo orders, so it sees
 * records (issue 25: it belonged to none and saw empty lists), logged as `actor`'s change. A user
 * already linked keeps its client; answers whether it linked.
 */
export async function linkDemoClientUser(
  db: Db,
  clientId: bigint,
  actor: Principal | null,
): Promise<boolean> {
  const username = demoUsername('CLIENT');
  const [row] = await db
    .select({ id: users.id, version: users.version })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(eq(users.username, username), eq(users.valid, 1), eq(roles.code, 'CLIENT'), isNull(users.clientId)),
    );
  if (!row) return false;
  await updateRecord(db, {
    table: users,
    entity: 'user',
    id: row.id,
    version: row.version,
    values: { clientId },
    actor: actorOf(actor),
  });
  return true;
}
