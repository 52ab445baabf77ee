/** Pure parts of the user records (no database): names by language, the client link, partial updates, settings. */
import type { Language } from '@qcdesk/contract';
import type { userSettings } from '../../db/schema/identity';
import { AppError } from '../../platform/errors';

export const nameOf = (lang: Language, zh: string, en: string) => (lang === 'en' ? en : zh);

/** DOMAIN.md §2.1: clientId is required iff the role is CLIENT. */
export function checkClientLink(roleCode: string, clientId: bigint | null | undefined): void {
  if (roleCode === 'CLIENT' && clientId == null)
    throw new AppError('E_REQUIRED', { field: 'clientId' }, { field: 'clientId' });
  if (roleCode !== 'CLIENT' && clientId != null)
    throw new AppError('E_FORMAT', { field: 'clientId' }, { field: 'clientId' });
}

export const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export const settingOf = (row: typeof userSettings.$inferSelect | undefined) => ({
  language: row?.language === 'en' || row?.language === 'zh' ? row.language : null,
  notifyByMail: row?.notifyByMail ?? true,
  version: row?.version ?? 0,
});

/** The change-log action of user/update: a change of validity, else of state, else a plain update. */
export function updateAction(
  input: { state?: 0 | 1 | undefined; valid?: 0 | 1 | undefined },
  before: { state: number; valid: number },
): 'delete' | 'undelete' | 'lock' | 'unlock' | 'update' {
  return input.valid !== undefined && input.valid !== before.valid
    ? input.valid === 0
      ? 'delete'
      : 'undelete'
    : input.state !== undefined && input.state !== before.state
      ? input.state === 0
        ? 'lock'
        : 'unlock'
      : 'update';
}
