import { type EnumItem, enumerations } from '@qcdesk/contract/enumerations';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { roles, users } from '../../db/schema/identity';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { partialDepartments, scopeOf } from '../../platform/scope';

// One answer with every enumeration of DOMAIN.md §3, cached by the web per session. The dynamic
// lists use the user id (as a string) as their code.

/** Active users holding one of the roles, as enumeration items (name / English name). */
export async function usersWithRoles(db: Db, roleCodes: readonly string[]): Promise<EnumItem[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, englishName: users.englishName })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(roles.code, [...roleCodes]), eq(users.state, 1), eq(users.valid, 1)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((u) => ({ code: u.id.toString(), zh: u.name, en: u.englishName || u.name }));
}

export async function enumerationLists(db: Db, user: Principal) {
  const departments = await partialDepartments(db, await scopeOf(db, user));
  return {
    enumerations: {
      ...(enumerations as Record<string, readonly EnumItem[]>),
      // DOMAIN.md §3: sales = SALES and SALES_MGR users, inspector = INSPECTOR users.
      Sales: await usersWithRoles(db, ['SALES', 'SALES_MGR']),
      Inspector: await usersWithRoles(db, ['INSPECTOR']),
      PartialDepartment: departments.map((d) => ({ code: d.id.toString(), zh: d.nameZh, en: d.nameEn })),
    },
  };
}
