import { randomInt } from 'node:crypto';
import type { Language } from '@qcdesk/contract';
import { REPORT_ATTACH_MAX_BYTES, REPORT_SHARE_DAYS } from '@qcdesk/contract/inspection-report';
import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema/client';
import { factories } from '../../db/schema/config';
import type { ReportSendRecord } from '../../db/schema/inspection-report';
import { actorOf, type Principal } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { contactRecipients, onceEach, salesRecipient } from '../../platform/mail/recipients';
import { updateRecord } from '../../platform/records';
import type { FilesContext } from '../../platform/storage/files-context';
import { type StateMachine, type StatusTable, transition } from '../../platform/transition';
import { createShortLink } from '../files/short-links.service';
import { SENT_MAIL_PARTS } from './inspection-report.mails';
import { userLabels } from './inspection-report.queries';

// What every report send shares (DOMAIN.md §6.10; issue 28 for inspection reports, issue 29 for
// supervise reports): the default recipients (the client's report e-mails, its sales, the factory's
// contacts; each once), the chosen ones, the share link (`/s/{code}`, 30 days, a random 6-character
// password when the client wants one), whether the PDF goes attached or as the link only (over 20
// MB), and the sentences the sent mails say of these in each language.

export interface SendDeps {
  config: Config;
  files: FilesContext;
}

export interface SendRecipient {
  email: string;
  name: string | null;
  role: 'client' | 'sales' | 'factory' | 'other';
  lang: Language;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The client's report e-mails (English: the overseas buyer), its sales, the factory's contacts; each once. */
export async function reportRecipients(
  db: Db,
  r: { clientId: bigint; factoryId: bigint },
): Promise<SendRecipient[]> {
  const [client] = await db.select().from(clients).where(eq(clients.id, r.clientId));
  const [factory] = await db.select().from(factories).where(eq(factories.id, r.factoryId));
  const sales = await salesRecipient(db, r.clientId);
  return onceEach<SendRecipient>([
    ...(client?.reportEmails ?? []).map((email) => ({
      email,
      name: null,
      role: 'client' as const,
      lang: 'en' as const,
    })),
    ...(sales ? [{ ...sales, role: 'sales' as const }] : []),
    ...contactRecipients(factory?.contacts ?? []).map((c) => ({ ...c, role: 'factory' as const })),
  ]);
}

/** Whether the client wants a password on its share links (`client.sharePassword`). */
export async function sharePasswordWanted(db: Db, clientId: bigint): Promise<boolean> {
  const [client] = await db
    .select({ p: clients.sharePassword })
    .from(clients)
    .where(eq(clients.id, clientId));
  return client?.p ?? false;
}

/**
 * The send's recipients: the addresses given (a default recipient keeps its name, role and
 * language; another is "other", English), else the defaults; none: E_NO_RECIPIENTS.
 */
export function chosenRecipients(
  proposed: readonly SendRecipient[],
  to: readonly string[] | undefined,
): SendRecipient[] {
  const byEmail = new Map(proposed.map((p) => [p.email.toLowerCase(), p]));
  const chosen = to
    ? onceEach(
        to.map(
          (email) =>
            byEmail.get(email.toLowerCase()) ?? {
              email,
              name: null,
              role: 'other' as const,
              lang: 'en' as const,
            },
        ),
      )
    : [...proposed];
  if (chosen.length === 0) throw new AppError('E_NO_RECIPIENTS', {}, { field: 'to' });
  return chosen;
}

const newPassword = () =>
  Array.from({ length: 6 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

export interface ReportShare {
  link: { id: bigint; code: string };
  url: string;
  expiresAt: Date;
  password: string | undefined;
  linkOnly: boolean;
  /** The mail attachment: the PDF, or none over 20 MB. */
  attachments: { fileId: string; name: string; contentType: string }[];
  /** What the sent mail says of the attachment and the link's access, in `lang`. */
  parts: (lang: Language) => { attachment: string; access: string };
}

/** The share link of a report's PDF (30 days; a password when the client wants one). */
export async function shareReportPdf(
  db: Db,
  deps: Pick<SendDeps, 'config'>,
  pdf: { file: { id: bigint; name: string }; size: number; clientId: bigint },
  user: Principal,
): Promise<ReportShare> {
  const { file } = pdf;
  const linkOnly = pdf.size > REPORT_ATTACH_MAX_BYTES;
  const password = (await sharePasswordWanted(db, pdf.clientId)) ? newPassword() : undefined;
  const expiresAt = new Date(Date.now() + REPORT_SHARE_DAYS * 86_400_000);
  const link = await createShortLink(
    db,
    { fileIds: [file.id], expiresAt, limit: null, password, direct: false, sub: file.name },
    actorOf(user),
  );
  const p = SENT_MAIL_PARTS;
  return {
    link,
    url: `${deps.config.publicUrl}/s/${link.code}`,
    expiresAt,
    password,
    linkOnly,
    attachments: linkOnly
      ? []
      : [{ fileId: String(file.id), name: file.name, contentType: 'application/pdf' }],
    parts: (lang) => ({
      attachment: linkOnly ? p.linkOnly[lang] : p.attached[lang],
      access: password ? p.password[lang].replace('{password}', password) : p.noPassword[lang],
    }),
  };
}

/**
 * Records a report's send: an approved report moves by its machine's `send` action; one already sent
 * keeps its status and logs a `resend`. Both bump the version the caller read.
 */
export async function recordReportSend<T extends StatusTable>(
  db: Db,
  args: {
    machine: StateMachine;
    table: T;
    entity: string;
    report: { id: bigint; version: number; status: number };
    approved: number;
    user: Principal;
    reason: string;
    set: Partial<T['$inferInsert']>;
  },
): Promise<void> {
  const { machine, table, entity, report, user, reason, set } = args;
  if (report.status === args.approved) {
    await transition(db, {
      machine,
      table,
      id: report.id,
      version: report.version,
      action: 'send',
      user,
      reason,
      set,
    });
    return;
  }
  await updateRecord(db, {
    table,
    entity,
    id: report.id,
    version: report.version,
    values: set,
    actor: actorOf(user),
    action: 'resend',
    reason,
  });
}

/** What a send keeps on its report (`sends`): who, when, to whom, the revision and the share link. */
export function reportSendRecord(
  user: Principal,
  to: readonly SendRecipient[],
  share: ReportShare,
  revision: number,
): ReportSendRecord {
  return {
    at: new Date().toISOString(),
    by: String(user.userId),
    to: to.map((p) => p.email),
    revision,
    linkOnly: share.linkOnly,
    shareLinkId: String(share.link.id),
    code: share.link.code,
    expiresAt: share.expiresAt.toISOString(),
    password: share.password !== undefined,
  };
}

/** A report's sends as its detail answers them (`reportSend` of the contract), newest first. */
export async function reportSendsOf(db: Db, sends: readonly ReportSendRecord[], publicUrl = '') {
  const people = await userLabels(
    db,
    sends.map((s) => BigInt(s.by)),
  );
  return [...sends].reverse().map((s) => ({
    at: new Date(s.at),
    by: people.get(BigInt(s.by)) ?? { id: BigInt(s.by), name: '', englishName: null },
    to: s.to,
    revision: s.revision,
    revised: s.revision > 0,
    linkOnly: s.linkOnly,
    share: {
      code: s.code,
      url: `${publicUrl}/s/${s.code}`,
      expiresAt: new Date(s.expiresAt),
      password: s.password,
    },
  }));
}
