import type { Language } from '@qcdesk/contract';
import { personName } from '@qcdesk/contract/person-name';
import { eq, inArray } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { userSettings, users } from '../../db/schema/identity';
import type { Db } from '../db';
import { enqueueMail } from './mail-outbox';
import type { MailTemplate, ParamsOf } from './mail-templates';

// Who a record's mail goes to: an address, the name it greets and the language it is written in.

export interface Recipient {
  email: string;
  name: string;
  lang: Language;
}

/** Each address once (case-insensitive), the first one kept. */
export function onceEach<R extends { email: string }>(recipients: readonly R[]): R[] {
  const seen = new Set<string>();
  return recipients.filter((r) => {
    const key = r.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A factory's contacts as stored (JSON): those with an e-mail, in Chinese, by name or else the address. */
export function contactRecipients(contacts: readonly { name?: unknown; email?: unknown }[]): Recipient[] {
  return contacts.flatMap((c) => {
    const email = typeof c.email === 'string' ? c.email.trim() : '';
    return email ? [{ email, name: typeof c.name === 'string' ? c.name : email, lang: 'zh' as const }] : [];
  });
}

/** The client's sales owner and the factory's contacts (a sample's result or audit), each address once. */
export function salesAndContacts(
  sales: Recipient | null,
  contacts: readonly { name?: unknown; email?: unknown }[],
): Recipient[] {
  return onceEach([...(sales ? [sales] : []), ...contactRecipients(contacts)]);
}

/** The client's sales owner, if active: in their language (else Chinese), by the name it reads. */
export async function salesRecipient(db: Db, clientId: bigint): Promise<Recipient | null> {
  const [sales] = await db
    .select({
      email: users.email,
      name: users.name,
      englishName: users.englishName,
      language: userSettings.language,
      state: users.state,
    })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.salesId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(clients.id, clientId));
  if (sales?.state !== 1) return null;
  const lang = sales.language ?? 'zh';
  return { email: sales.email, name: personName(sales, lang), lang };
}

/** Active users with an address as recipients (in their language, else Chinese), in the order their ids come. */
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
    const email = r?.email.trim();
    if (!r || !email) return [];
    const lang = r.language ?? 'zh';
    return [{ email, name: personName(r, lang), lang }];
  });
}

/** One active user as a recipient, or undefined. */
export async function userRecipient(db: Db, userId: bigint | null): Promise<Recipient | undefined> {
  return (await userRecipients(db, [userId]))[0];
}

/**
 * Queues `template` to each recipient in their language (`enqueueMail`, in the caller's
 * transaction), `params(r)` filling its placeholders for that recipient; `entity` and `entityId`
 * name the record it is about (the mail-error list).
 */
export async function mailEach<P extends string>(
  db: Db,
  recipients: readonly Recipient[],
  mail: {
    template: MailTemplate<P>;
    params(recipient: Recipient): ParamsOf<NoInfer<P>>;
    entity: string;
    entityId: bigint;
    createdBy: bigint;
  },
): Promise<void> {
  const { template, entity, entityId, createdBy } = mail;
  for (const r of recipients) {
    await enqueueMail(db, {
      to: r.email,
      template,
      lang: r.lang,
      params: mail.params(r),
      entity,
      entityId,
      createdBy,
    });
  }
}
