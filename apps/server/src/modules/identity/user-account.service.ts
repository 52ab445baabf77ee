import { SIGNATURE_MAX_MB } from '@qcdesk/contract/identity';
import { eq, inArray } from 'drizzle-orm';
import { userSettings, users } from '../../db/schema/identity';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createRecord, updateRecord } from '../../platform/records';
import { type FileUrlSigning, findFiles, ownFiles, signedFileUrl } from '../files/files.service';
import { photoFiles } from '../files/photo-files.service';
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

/** The signature image of a setting, with its signed URL (issue 28). */
async function withSignature(
  db: Db,
  signing: FileUrlSigning,
  setting: ReturnType<typeof settingOf>,
  fileId: bigint | null | undefined,
) {
  if (!fileId) return { ...setting, signature: null };
  const [file] = await findFiles(db, [fileId]);
  if (!file) return { ...setting, signature: null };
  const url = signedFileUrl(signing.signer, file.id, signing.tokenSeconds, {
    basePath: signing.basePath,
    disposition: 'inline',
  });
  return { ...setting, signature: { fileId: file.id, name: file.name, url } };
}

/** user/setting: defaults until the user saves a setting. */
export async function getSetting(db: Db, signing: FileUrlSigning, user: Principal) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, user.userId));
  return withSignature(db, signing, settingOf(row), row?.signatureFileId);
}

export interface SettingUpdate {
  version: number;
  language?: 'zh' | 'en' | null | undefined;
  notifyByMail?: boolean | undefined;
  signatureFileId?: bigint | null | undefined;
}

/**
 * The signature image a setting takes: the caller's own upload (E_REF_NOT_FOUND otherwise), an
 * image (E_IMAGE_ONLY) of at most SIGNATURE_MAX_MB (E_FILE_TOO_BIG), on `signatureFileId`.
 */
async function assertSignature(db: Db, fileId: bigint, user: Principal): Promise<void> {
  const field = 'signatureFileId';
  const [own] = await ownFiles(db, [fileId], user.userId);
  if (!own) throw new AppError('E_REF_NOT_FOUND', { field }, { field });
  await photoFiles(db, [own.id], SIGNATURE_MAX_MB, field);
}

/** user/setting/update: the first save creates the row (its version 0 is the defaults' version). */
export async function updateSetting(db: Db, signing: FileUrlSigning, input: SettingUpdate, user: Principal) {
  const { version, ...fields } = input;
  if (fields.signatureFileId) await assertSignature(db, fields.signatureFileId, user);
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, user.userId));
  if (!row) {
    if (version !== 0) throw new AppError('E_VERSION');
    const created = await createRecord(db, {
      table: userSettings,
      entity: 'user_setting',
      actor: actorOf(user),
      values: { userId: user.userId, ...defined(fields) },
    });
    return withSignature(db, signing, settingOf(created), created.signatureFileId);
  }
  const updated = await updateRecord(db, {
    table: userSettings,
    entity: 'user_setting',
    id: row.id,
    version,
    values: defined(fields),
    actor: actorOf(user),
  });
  return withSignature(db, signing, settingOf(updated), updated.signatureFileId);
}

/** The signature images of users (issue 28: the reports they sign), by user id; users without one are absent. */
export async function signatureFileIds(db: Db, userIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userSettings.userId, fileId: userSettings.signatureFileId })
    .from(userSettings)
    .where(inArray(userSettings.userId, [...new Set(userIds)]));
  return new Map(rows.flatMap((r) => (r.fileId === null ? [] : [[r.userId, r.fileId] as const])));
}
