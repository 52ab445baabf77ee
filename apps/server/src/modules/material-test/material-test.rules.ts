import type { Language } from '@qcdesk/contract';
import { TEST_RESULT } from '@qcdesk/contract/enumerations';
import { MATERIAL_TEST_STATUS } from '@qcdesk/contract/material-test';
import { personName } from '@qcdesk/contract/person-name';
import type { Principal } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { onceEach, type Recipient } from '../../platform/mail/recipients';
import { availableActions, defineStateMachine } from '../../platform/transition';

// The rules of material tests (DOMAIN.md §2.3, §4.13) that need no database: recorded as a draft
// (10), completed (20) once they carry a result and a report file, pushed by e-mail (30);
// correcting a pushed test returns it to 20.

export const MATERIAL_TEST_ENTITY = 'material_tests';

export type Status = (typeof MATERIAL_TEST_STATUS)[keyof typeof MATERIAL_TEST_STATUS];

const { draft, completed, pushed } = MATERIAL_TEST_STATUS;

/** DOMAIN.md §4.13 as data: the only way a material test's status changes. */
export const materialTestMachine = defineStateMachine<Status>(MATERIAL_TEST_ENTITY, [
  { from: [draft], action: 'complete', to: completed, permission: 'materialtest.edit' },
  { from: [pushed], action: 'correct', to: completed, permission: 'materialtest.edit' },
  { from: [completed, pushed], action: 'push', to: pushed, permission: 'materialtest.push' },
]);

/** Material tests have no record scope (DOMAIN.md §5.4); every status is edited (§4.13). */
export const EDIT_PERMISSION = 'materialtest.edit';

/** Deleted tests are shown only to materialtest.edit (to undelete them), in search and details. */
export const readsDeleted = (user: Principal): boolean => user.permissions.has(EDIT_PERMISSION);

export const mayRead = (test: { valid: number }, user: Principal): boolean =>
  test.valid === 1 || readsDeleted(user);

/**
 * The actions a caller starts from the detail (the others follow from an update): `push`, which
 * needs a report file to send (assertPushable).
 */
export function userActions(
  test: { status: number; valid: number },
  user: Principal,
  reportCount: number,
): string[] {
  if (test.valid !== 1 || reportCount === 0) return [];
  return availableActions(materialTestMachine, test.status as Status, user).filter((a) => a === 'push');
}

/**
 * Whether a test may be pushed: in a status the push leaves from (E_STATUS), with a report file to
 * send (E_NO_REPORT) — a push mails a share link of the reports, and a test completed without one
 * (the demo's, or one from before this rule) has nothing to send.
 */
export function assertPushable(status: number, reportCount: number): void {
  const leaves = materialTestMachine.rules.some(
    (r) => r.action === 'push' && r.from.includes(status as Status),
  );
  if (!leaves) throw new AppError('E_STATUS');
  if (reportCount === 0) throw new AppError('E_NO_REPORT', {}, { field: 'reportFileIds' });
}

/** §4.13: a test with a result and a report file is complete. */
export const isComplete = (result: number, fileCount: number): boolean =>
  result !== TEST_RESULT.notOut && fileCount > 0;

/** Whether a new id list differs from the current one; test items are a set, report files are ordered. */
export function listChanged(
  current: readonly bigint[],
  next: readonly bigint[] | undefined,
  ordered: boolean,
): boolean {
  if (next === undefined) return false;
  const [a, b] = ordered ? [current, next] : [[...current].sort(), [...next].sort()];
  return a.length !== b.length || a.some((v, i) => v !== b[i]);
}

/** §4.13: delete and undelete only in 10 and 20. */
export function assertValidityMayChange(status: number, changesValid: boolean): void {
  if (changesValid && status === pushed) throw new AppError('E_STATUS');
}

/** The validity range ends on or after its start. */
export function assertDateRange(start: string, end: string): void {
  if (end < start) throw new AppError('E_DATE_RANGE', {}, { field: 'endDate' });
}

/** A completed or pushed test keeps what made it complete: a result and a report file. */
export function assertKeepsComplete(status: number, result: number, fileCount: number): void {
  if (status === draft || isComplete(result, fileCount)) return;
  const field = result === TEST_RESULT.notOut ? 'result' : 'reportFileIds';
  throw new AppError('E_REQUIRED', { field }, { field });
}

/** The transition an update implies (§4.13): a complete draft completes, a pushed test is corrected. */
export function followingAction(
  status: number,
  result: number,
  fileCount: number,
): 'complete' | 'correct' | null {
  if (status === draft && isComplete(result, fileCount)) return 'complete';
  return status === pushed ? 'correct' : null;
}

export interface RecipientSources {
  /** The supplier's contacts, as stored (either part may be missing). */
  contacts: readonly { name?: string; email?: string }[];
  /** Clients whose valid original samples use the material, with their report e-mails. */
  buyers: readonly { name: string; emails: readonly string[] }[];
  pusher: { email: string; name: string; englishName?: string | null; language: Language | null } | undefined;
}

/** The pusher as a recipient: greeted in their own language, by their English name in English. */
const pusherRecipient = (pusher: NonNullable<RecipientSources['pusher']>, lang: Language): Recipient => ({
  email: pusher.email,
  name: personName(pusher, lang),
  lang,
});

/**
 * §4.13 push recipients: the supplier's contacts (zh), the buyers' report e-mails (en: overseas
 * buyers) and the pusher (own language, else the call's); each address once (case-insensitive), the
 * first one kept.
 */
export function pushRecipients(sources: RecipientSources, lang: Language): Recipient[] {
  const { contacts, buyers, pusher } = sources;
  const all: Recipient[] = [
    ...contacts.flatMap((c) =>
      c.email ? [{ email: c.email, name: c.name ?? c.email, lang: 'zh' as const }] : [],
    ),
    ...buyers.flatMap((b) => b.emails.map((email) => ({ email, name: b.name, lang: 'en' as const }))),
    ...(pusher ? [pusherRecipient(pusher, pusher.language ?? lang)] : []),
  ];
  return onceEach(all);
}
