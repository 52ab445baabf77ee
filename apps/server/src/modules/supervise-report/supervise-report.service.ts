import type { areas, ParsedInputOf } from '@qcdesk/contract';
import { SUPERVISE_REPORT_STATUS } from '@qcdesk/contract/supervise-report';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { reversed } from '../../db/schema/search-columns';
import { superviseReports } from '../../db/schema/supervise-report';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordFlags } from '../../platform/flags';
import { cappedTotal, searchPage } from '../../platform/paging';
import { scopeOf } from '../../platform/scope';
import { endsWith } from '../../platform/search';
import { reportSendsOf } from '../inspection-report/inspection-report-share.service';
import {
  type SuperviseSearch,
  superviseCheckpointRows,
  superviseInScope,
  supervisePage,
  superviseProducts,
  superviseScope,
  superviseSearchWhere,
  superviseWithLabels,
  toSuperviseRow,
} from './supervise-report.queries';
import { EDIT, liveHolder, superviseActions } from './supervise-report.rules';

// Supervise (loading) reports (DOMAIN.md §2.7, §4.5): search, list, details and the read checks
// every write shares. Create, checkout, update and submit are supervise-report-write.service.ts.

export { SUPERVISE_REPORT_ENTITY } from './supervise-report.rules';

type Ops = typeof areas.superviseReport;

/** supervisereport/search (and the pre-supervise list with `pre`). */
export async function searchSuperviseReports(db: Db, input: SuperviseSearch, user: Principal) {
  const where = superviseSearchWhere(db, input, await scopeOf(db, user));
  return searchPage(db, {
    table: superviseReports,
    where,
    input,
    list: () => supervisePage(db, input, where),
  });
}

/** The dashboard's count (issue 30): this list's search WHERE in the caller's scope, capped like its total. */
export async function countSuperviseReports(db: Db, filters: Partial<SuperviseSearch>, user: Principal) {
  return cappedTotal(db, superviseReports, superviseSearchWhere(db, filters, await scopeOf(db, user)));
}

/** supervisereport/list: the auto-complete. */
export async function listSuperviseReports(
  db: Db,
  input: ParsedInputOf<Ops['listSuperviseReports']>,
  user: Principal,
) {
  const where = and(
    eq(superviseReports.valid, 1),
    ne(superviseReports.status, SUPERVISE_REPORT_STATUS.cancelled),
    superviseScope(await scopeOf(db, user)),
    input.shippingId === undefined ? undefined : eq(superviseReports.shippingId, input.shippingId),
    input.keyword ? endsWith(reversed(superviseReports.reportNo), input.keyword) : undefined,
  );
  const list = await db
    .select()
    .from(superviseReports)
    .where(where)
    .orderBy(desc(superviseReports.id))
    .limit(input.limit);
  return { list };
}

async function labelsOf(db: Db, ids: readonly (bigint | null)[]) {
  const wanted = ids.filter((id): id is bigint => id !== null);
  if (wanted.length === 0) return new Map<bigint, { id: bigint; name: string; englishName: string | null }>();
  const rows = await db
    .select({ id: users.id, name: users.name, englishName: users.englishName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The detail every read and write answers, with the actions the caller may take now. */
export async function superviseDetail(db: Db, id: bigint, user: Principal, now = new Date()) {
  const x = await superviseWithLabels(db, id);
  if (!x) throw new AppError('E_NOT_FOUND');
  const r = x.r;
  const holder = liveHolder(r, now);
  const people = await labelsOf(db, [...r.assistantIds, holder, r.approvedBy, r.createdBy]);
  const person = (pid: bigint | null) => (pid === null ? null : (people.get(pid) ?? null));
  const client = (await scopeOf(db, user)).kind === 'client';
  return {
    ...toSuperviseRow(x),
    assistants: r.assistantIds.map((a) => people.get(a)).filter((p) => p !== undefined),
    products: await superviseProducts(db, id),
    checkpoints: await superviseCheckpointRows(db, id),
    arrivalTime: r.arrivalTime,
    startTime: r.startTime,
    finishTime: r.finishTime,
    remark: client ? null : r.remark,
    reasonText: client ? null : r.reasonText,
    submittedAt: r.submittedAt,
    approvedBy: person(r.approvedBy),
    approvedAt: r.approvedAt,
    checkedOutBy: person(holder),
    checkoutExpiresAt: holder ? r.checkoutExpiresAt : null,
    createdBy: person(r.createdBy),
    createdAt: r.createdAt,
    actions: client ? [] : superviseActions(r, user, now),
    sends: await reportSendsOf(db, r.sends),
  };
}

/** Refuses a report outside the caller's read scope (E_SCOPE), or absent (E_NOT_FOUND). */
export async function assertReadable(db: Db, id: bigint, user: Principal) {
  if (await superviseInScope(db, id, await scopeOf(db, user))) return;
  const [row] = await db
    .select({ id: superviseReports.id, valid: superviseReports.valid })
    .from(superviseReports)
    .where(eq(superviseReports.id, id));
  throw new AppError(row && row.valid === 1 ? 'E_SCOPE' : 'E_NOT_FOUND');
}

/** supervisereport/details: E_SCOPE outside the caller's scope (another inspector's, an unsent one for a client). */
export async function getSuperviseReport(db: Db, id: bigint, user: Principal) {
  await assertReadable(db, id, user);
  const now = new Date();
  const detail = await superviseDetail(db, id, user, now);
  const [row] = await db.select().from(superviseReports).where(eq(superviseReports.id, id));
  const holder = row ? liveHolder(row, now) : null;
  const flags = recordFlags({
    user,
    record: { createdBy: row?.createdBy ?? null, valid: detail.valid },
    editPermission: detail.actions.includes('update') || detail.actions.includes('checkout') ? EDIT : null,
    inScope: detail.actions.length > 0,
    authorId: row?.inspectorId ?? null,
    checkout: holder && row?.checkoutExpiresAt ? { userId: holder, expiresAt: row.checkoutExpiresAt } : null,
    now,
  });
  return { detail, flags };
}
