import type { Language } from '@qcdesk/contract';
import { eq, inArray } from 'drizzle-orm';
import { userSettings, users } from '../../db/schema/identity';
import type { Db } from '../db';

// Users as mail recipients: an active user's address, the name they go by in their language, and
// that language (Chinese unless they chose English). Inactive users get no mail.

export interface Recipient {
  email: string;
  name: string;
  lang: Language;
}

/** Active users as recipients, in the order their ids come. */
export async function userRecipients(db: Db, userIds: readonly (bigint | null)[]): Promise<Recipient[]> {
  const ids = [...new Set(userIds.filter((id): id is bigint => id !== null))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      englishName: users.englishName,
      state: users.state,
      language: userSettings.language,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(inArray(users.id, ids));
  const byId = new Map(rows.filter((r) => r.state === 1).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const lang: Language = r.language === 'en' ? 'en' : 'zh';
    return [{ email: r.email, name: lang === 'en' ? (r.englishName ?? r.name) : r.name, lang }];
  });
}

/** One active user as a recipient, or undefined. */
export async function userRecipient(db: Db, userId: bigint | null): Promise<Recipient | undefined> {
  return (await userRecipients(db, [userId]))[0];
}
