import type { areas, Language, ParsedInputOf } from '@qcdesk/contract';
import { scoreText } from '@qcdesk/contract/daily-work-report';
import { enumLabel } from '@qcdesk/contract/enumerations';
import { personName } from '@qcdesk/contract/person-name';
import { eq } from 'drizzle-orm';
import { attendances } from '../../db/schema/config';
import { dailyWorkReports } from '../../db/schema/daily-work-report';
import { departments, users } from '../../db/schema/identity';
import { tenthsText } from '../../domain/daily-score';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import {
  mailEach,
  onceEach,
  type Recipient,
  salesRecipient,
  userRecipients,
} from '../../platform/mail/recipients';
import { lockVersion } from '../../platform/records';
import { transition } from '../../platform/transition';
import { saved, warning, warnOrProceed } from '../../platform/warnings';
import { reportsAwaitingApproval, reportsById } from '../inspection-report/inspection-report-scores.service';
import { DAILY_REPORT_SENT_MAIL } from './daily-work-report.mails';
import { tasksById } from './daily-work-report.queries';
import {
  assertNotOwner,
  assertOwn,
  assertWorksLinked,
  DAILY_REPORT_ENTITY,
  dailyReportMachine,
} from './daily-work-report.rules';
import { liveScore, reportDetail } from './daily-work-report.service';

// The moves of a daily report (DOMAIN.md §4.12): submit by its inspector, check (scores frozen) or
// reject by a QC manager, send by mail to the department manager and the sales of the worked orders.

type Ops = typeof areas.dailyWorkReport;
type IdVersion = { id: bigint; version: number };

const move = (db: Db, input: IdVersion, user: Principal, action: string, more: object = {}) =>
  transition(db, {
    machine: dailyReportMachine,
    table: dailyWorkReports,
    id: input.id,
    version: input.version,
    action,
    user,
    ...more,
  });

/** dailyworkreport/submit: 10/80 → 20 by the owner, complete (§7.3). */
export async function submitDailyReport(db: Db, input: IdVersion, user: Principal) {
  const r = await lockVersion(db, dailyWorkReports, input.id, input.version);
  assertOwn(r.inspectorId, user);
  assertWorksLinked(r.works);
  await move(db, input, user, 'submit', { set: { rejectReason: null } });
  return reportDetail(db, input.id, user);
}

/** dailyworkreport/reject: 20 → 80 with a reason. */
export async function rejectDailyReport(
  db: Db,
  input: ParsedInputOf<Ops['rejectDailyReport']>,
  user: Principal,
) {
  const r = await lockVersion(db, dailyWorkReports, input.id, input.version);
  assertNotOwner(r.inspectorId, user);
  await move(db, input, user, 'reject', { reason: input.reason, set: { rejectReason: input.reason } });
  return reportDetail(db, input.id, user);
}

/**
 * dailyworkreport/check: 20 → 30 with score and assistScore frozen (§6.6). While an inspection report
 * of that inspector and day awaits approval it warns, and checks only when the checker confirms.
 */
export async function checkDailyReport(
  db: Db,
  input: ParsedInputOf<Ops['checkDailyReport']>,
  user: Principal,
) {
  const r = await lockVersion(db, dailyWorkReports, input.id, input.version);
  assertNotOwner(r.inspectorId, user);
  const pending = await reportsAwaitingApproval(db, r.inspectorId, r.workDate);
  const warnings = pending > 0 ? [warning('W_DAILY_REPORTS_PENDING', { n: pending })] : [];
  const stop = warnOrProceed<Awaited<ReturnType<typeof reportDetail>>>(warnings, input.confirm);
  if (stop) return stop;
  const scores = await liveScore(db, r.inspectorId, r.workDate);
  await move(db, input, user, 'check', { set: { ...scores, checkedBy: user.userId, checkedAt: new Date() } });
  return saved(warnings, await reportDetail(db, input.id, user));
}

/** The department manager of the inspector and the sales of the clients the works served. */
async function sendRecipients(db: Db, r: typeof dailyWorkReports.$inferSelect): Promise<Recipient[]> {
  const [dept] = await db
    .select({ managerId: departments.managerId })
    .from(users)
    .innerJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.id, r.inspectorId));
  const ids = (pick: (w: (typeof r.works)[number]) => string | null) =>
    r.works.flatMap((w) => (pick(w) === null ? [] : [BigInt(pick(w)!)]));
  const clientIds = new Set<bigint>();
  for (const t of await tasksById(
    db,
    ids((w) => w.taskId),
  ))
    if (t.clientId !== null) clientIds.add(t.clientId);
  for (const rep of await reportsById(
    db,
    ids((w) => w.reportId),
  ))
    clientIds.add(rep.clientId);
  const sales: Recipient[] = [];
  for (const id of clientIds) {
    const s = await salesRecipient(db, id);
    if (s) sales.push(s);
  }
  return onceEach([...(await userRecipients(db, [dept?.managerId ?? null])), ...sales]);
}

function workLines(detail: Awaited<ReturnType<typeof reportDetail>>, lang: Language): string {
  return detail.works
    .map((w) => {
      const what = enumLabel('WorkType', w.workType, lang);
      const link = [w.taskNo, w.reportNo, w.orderNo].filter(Boolean).join(' / ');
      const factory = w.factory ? (lang === 'zh' ? w.factory.nameZh : w.factory.nameEn) : null;
      return [what, link, factory, `${w.hours.toFixed(1)} h`].filter(Boolean).join(' · ');
    })
    .join('\n');
}

/** dailyworkreport/send: 30 → 40, mailed in each recipient's language. */
export async function sendDailyReport(db: Db, input: IdVersion, user: Principal) {
  const r = await lockVersion(db, dailyWorkReports, input.id, input.version);
  const detail = await reportDetail(db, input.id, user);
  const [att] = await db.select().from(attendances).where(eq(attendances.id, r.attendanceId));
  const recipients = await sendRecipients(db, r);
  await mailEach(db, recipients, {
    template: DAILY_REPORT_SENT_MAIL,
    params: (to) => ({
      name: to.name,
      inspector: personName(detail.inspector, to.lang),
      workDate: r.workDate,
      attendance: (to.lang === 'zh' ? att?.nameZh : att?.nameEn) ?? '',
      hours: tenthsText(r.hoursTenths),
      score: scoreText(r.score),
      assistScore: scoreText(r.assistScore),
      lines: workLines(detail, to.lang) || (to.lang === 'zh' ? '（无）' : '(none)'),
      sender: user.displayName,
    }),
    entity: DAILY_REPORT_ENTITY,
    entityId: r.id,
    createdBy: user.userId,
  });
  await move(db, input, user, 'send', { set: { sentAt: new Date() } });
  return reportDetail(db, input.id, user);
}
