import { eq } from 'drizzle-orm';
import { userSettings, users } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createRecord, updateRecord } from '../../platform/records';
import type { IdentityDeps } from './session.service';
import { assertUnique, mapDuplicates, type UserRow } from './users.queries';
import { defined, settingOf } from './users.rules';

export interface AccountUpdate {
  version: number;
  name?: string | undefined;
  englishName?: string | null | undefined;
  email?: string | undefined;
  phone?: string | null | undefined;
  mobile?: string | null | undefined;
}

/** account/update: the own record; a new e-mail address must be verified again (-1002). */
export async function updateAccount(db: Db, deps: IdentityDeps, input: AccountUpdate, user: Principal) {
  const [before] = await db.select().from(users).where(eq(users.id, user.userId));
  if (!before) throw new AppError('E_NOT_FOUND');
  const { version, ...fields } = input;
  if (input.email !== undefined) await assertUnique(db, { email: input.email }, user.userId);
  const values: Partial<UserRow> = defined(fields);
  if (input.email !== undefined && input.email !== before.email) values.verified = false;
  const after = await mapDuplicates(() =>
    updateRecord(db, {
      table: users,
      entity: 'user',
      id: user.userId,
      version,
      values,
      actor: actorOf(user),
    }),
  );
  deps.principals.forgetUser(user.userId);
  return { version: after.version, verified: after.verified };
}

/** user/setting: defaults until the user saves a setting. */
export async function getSetting(db: Db, user: Principal) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, user.userId));
  return settingOf(row);
}

/** user/setting/update: the first save creates the row (its version 0 is the defaults' version). */
export async function updateSetting(
  db: Db,
  input: { version: number; language?: 'zh' | 'en' | null | undefined; notifyByMail?: boolean | undefined },
  user: Principal,
) {
  const { version, ...fields } = input;
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, user.userId));
  if (!row) {
    if (version !== 0) throw new AppError('E_VERSION');
    const created = await createRecord(db, {
      table: userSettings,
      entity: 'user_setting',
      actor: actorOf(user),
      values: { userId: user.userId, ...defined(fields) },
    });
    return settingOf(created);
  }
  const updated = await updateRecord(db, {
    table: userSettings,
    entity: 'user_setting',
    id: row.id,
    version,
    values: defined(fields),
    actor: actorOf(user),
  });
  return settingOf(updated);
}
