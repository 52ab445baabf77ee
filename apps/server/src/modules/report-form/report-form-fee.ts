import { enumLabel } from '@qcdesk/contract/enumerations';
import { dayTypeIn } from '../../domain/calendar';
import { chargeableReport, feeOf, payerOf } from '../../domain/report-fee';
import { labelIn, personIn } from '../../platform/list-export';
import { loadHolidays } from '../config/holiday.service';
import type { ReportRow } from './report-form.queries';
import { RF_BATCH, taskTravel, userNames } from './report-form.queries';
import {
  col,
  dayTypeText,
  type FormRow,
  hundredths,
  money,
  PAYERS,
  scaled,
  TOTAL,
} from './report-form.rules';
import { closedMonths, type FrozenLine, frozenLineBatch, frozenOfSource } from './report-form-close.queries';
import { type FormContext, type FormSheet, reportBatches } from './report-form-context';

// The fee form of DOMAIN.md §6.12: a line per inspector (lead and assistants) of each charged
// report. A closed month (issue 30, month close) shows its frozen lines; a change since to a report
// of a closed month (reopened, another result) shows as a correction line — the difference — in the
// next open month, and is frozen with that month's close.

const feeColumns = [
  col('date', '日期', 'Date', 12),
  col('reportNo', '报告号', 'Report no', 18),
  col('client', '客户', 'Client', 24),
  col('department', '部门', 'Department'),
  col('orderNo', '订单号', 'Order no', 18),
  col('factory', '工厂', 'Factory', 24),
  col('factoryType', '工厂类型', 'Factory type'),
  col('location', '地区', 'Location'),
  col('inspectionType', '验货类型', 'Inspection type'),
  col('applyType', '申请类型', 'Apply type'),
  col('inspector', '验货员', 'Inspector'),
  col('manDays', '人天', 'Man-days', 10),
  col('dayType', '日期类型', 'Day type', 10),
  col('feePerManDay', '人天费用', 'Fee per man-day', 12),
  col('factor', '系数', 'Factor', 8),
  col('fee', '费用', 'Fee', 12),
  col('travel', '交通费', 'Travel', 12),
  col('total', '合计', 'Total', 12),
  col('currency', '币种', 'Currency', 8),
  col('payer', '付款方', 'Payer', 10),
  col('corrects', '更正月份', 'Corrects month', 12),
];

export interface Amounts {
  manDaysHundredths: number;
  feeCents: bigint;
  travelCents: bigint;
  totalCents: bigint;
}

export interface FeeLine {
  reportId: bigint;
  inspectorId: bigint;
  departmentId: bigint;
  clientId: bigint;
  currency: string;
  amounts: Amounts;
  row: FormRow;
}

const monthOf = (date: string) => date.slice(0, 7);
const keyOf = (l: { reportId: bigint; inspectorId: bigint }) => `${l.reportId}:${l.inspectorId}`;

/** The lines of a batch of reports in the context's language. */
export async function feeLines(ctx: FormContext, reports: readonly ReportRow[]): Promise<FeeLine[]> {
  const { lang } = ctx;
  const batch = reports.filter((r) => chargeableReport(r));
  const travel = await taskTravel(ctx.db, [...new Set(batch.map((r) => r.taskId))]);
  const names = await userNames(ctx.db, [...new Set(batch.flatMap((r) => r.assistantIds))]);
  const lines: FeeLine[] = [];
  for (const r of batch) {
    const dayType = dayTypeIn(ctx.calendar, r.inspectionDate);
    const inspectors: [bigint, { name: string; englishName: string | null } | undefined][] = [
      [r.inspectorId, r.lead],
      ...r.assistantIds.map((id): [bigint, ReturnType<typeof names.get>] => [id, names.get(id)]),
    ];
    for (const [inspectorId, person] of inspectors) {
      if (ctx.filters.inspectorId !== undefined && ctx.filters.inspectorId !== inspectorId) continue;
      const amounts = feeOf({
        planManDaysTenths: scaled(r.planManDays, 10),
        shares: r.planTasks,
        dayType,
        result: r.result,
        feePerManDayCents: BigInt(scaled(r.feePerManDay, 100)),
        factors: {
          weekend: scaled(r.weekendFactor ?? '1.5', 100),
          holiday: scaled(r.holidayFactor ?? '2.0', 100),
          abort: scaled(r.abortFactor ?? '1.0', 100),
        },
        travel: travel
          .filter((t) => t.taskId === r.taskId && t.inspectorId === inspectorId)
          .map((t) => ({ mileageTenths: t.mileageTenths, ratePerKmCents: BigInt(scaled(t.ratePerKm, 100)) })),
      });
      const currency = r.currency ?? '';
      lines.push({
        reportId: r.id,
        inspectorId,
        departmentId: r.departmentId,
        clientId: r.clientId,
        currency,
        amounts,
        row: {
          date: r.inspectionDate,
          reportNo: r.reportNo,
          client: `${r.client.code} ${r.client.name}`,
          department: labelIn(r.department, lang),
          orderNo: r.orderNo,
          factory: labelIn(r.factory, lang),
          factoryType: labelIn(r.factoryType, lang),
          location: labelIn(r.location, lang),
          inspectionType: labelIn(r.inspectionType, lang),
          applyType: r.applyType === null ? '' : enumLabel('ApplyType', r.applyType, lang),
          inspector: personIn(person, lang),
          manDays: hundredths(amounts.manDaysHundredths),
          dayType: dayTypeText(dayType, lang),
          feePerManDay: Number(r.feePerManDay ?? 0),
          factor: hundredths(amounts.factorHundredths),
          fee: money(amounts.feeCents),
          travel: money(amounts.travelCents),
          total: money(amounts.totalCents),
          currency,
          payer: PAYERS[payerOf(r.applyType, false)][lang],
          corrects: '',
        },
      });
    }
  }
  return lines;
}

/** Today's lines of the reports of a month (the context's filters and scope). */
export async function monthLines(ctx: FormContext, month: string): Promise<FeeLine[]> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const inMonth: FormContext = {
    ...ctx,
    filters: { ...ctx.filters, startTime: `${month}-01`, endTime: last },
    calendar: await loadHolidays(ctx.db, `${month}-01`, last),
  };
  const lines: FeeLine[] = [];
  for await (const reports of reportBatches(inMonth)) lines.push(...(await feeLines(inMonth, reports)));
  return lines;
}

const amountsOf = (l: FrozenLine): Amounts => ({
  manDaysHundredths: l.manDaysHundredths,
  feeCents: l.feeCents,
  travelCents: l.travelCents,
  totalCents: l.totalCents,
});

/**
 * The correction lines of a closed source month: per report and inspector, today's amounts less
 * what its closed months froze (a reopened report: all of it back; a changed one: the difference),
 * dated the first day of `inMonth` (the next open month) and marked with the month they correct.
 */
export async function corrections(
  ctx: FormContext,
  source: string,
  inMonth: string,
  live?: FeeLine[],
): Promise<FeeLine[]> {
  const now = live ?? (await monthLines(ctx, source));
  const frozen = await frozenOfSource(ctx.db, source, ctx.filters, ctx.scope);
  const byKey = new Map<string, { line?: FeeLine; frozen: Amounts; last?: FrozenLine }>();
  const zero = (): Amounts => ({ manDaysHundredths: 0, feeCents: 0n, travelCents: 0n, totalCents: 0n });
  for (const l of now) byKey.set(keyOf(l), { line: l, frozen: zero() });
  for (const f of frozen) {
    const entry = byKey.get(keyOf(f)) ?? { frozen: zero() };
    const a = amountsOf(f);
    entry.frozen = {
      manDaysHundredths: entry.frozen.manDaysHundredths + a.manDaysHundredths,
      feeCents: entry.frozen.feeCents + a.feeCents,
      travelCents: entry.frozen.travelCents + a.travelCents,
      totalCents: entry.frozen.totalCents + a.totalCents,
    };
    entry.last = f;
    byKey.set(keyOf(f), entry);
  }
  const out: FeeLine[] = [];
  for (const { line, frozen: was, last } of byKey.values()) {
    const is = line?.amounts ?? zero();
    const diff: Amounts = {
      manDaysHundredths: is.manDaysHundredths - was.manDaysHundredths,
      feeCents: is.feeCents - was.feeCents,
      travelCents: is.travelCents - was.travelCents,
      totalCents: is.totalCents - was.totalCents,
    };
    if (diff.manDaysHundredths === 0 && diff.feeCents === 0n && diff.travelCents === 0n) continue;
    const base = line?.row ?? ((ctx.lang === 'zh' ? last?.rowZh : last?.rowEn) as FormRow);
    const ref = line ?? { ...last!, amounts: diff };
    out.push({
      reportId: ref.reportId,
      inspectorId: ref.inspectorId,
      departmentId: ref.departmentId,
      clientId: ref.clientId,
      currency: ref.currency,
      amounts: diff,
      row: {
        ...base,
        date: `${inMonth}-01`,
        manDays: hundredths(diff.manDaysHundredths),
        fee: money(diff.feeCents),
        travel: money(diff.travelCents),
        total: money(diff.totalCents),
        corrects: source,
      },
    });
  }
  return out;
}

/** The first month after `month` that is not closed. */
export function nextOpenMonth(month: string, closed: ReadonlySet<string>): string {
  let [y, m] = month.split('-').map(Number) as [number, number];
  for (;;) {
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
    const next = `${y}-${String(m).padStart(2, '0')}`;
    if (!closed.has(next)) return next;
  }
}

/** The frozen lines of closed months, a batch at a time. */
async function* frozenBatches(ctx: FormContext, periods: readonly string[]): AsyncGenerator<FrozenLine[]> {
  if (periods.length === 0) return;
  let after: { period: string; id: bigint } | null = null;
  for (;;) {
    const batch = await frozenLineBatch(ctx.db, periods, ctx.filters, ctx.scope, after);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < RF_BATCH || !last) return;
    after = { period: last.period, id: last.id };
  }
}

export const feeForm: FormSheet = {
  columns: feeColumns,
  async *rows(ctx) {
    const { lang } = ctx;
    const closed = new Set(await closedMonths(ctx.db));
    // One total per currency: fees of different currencies are never added up.
    const totals = new Map<string, { manDays: number; fee: bigint; travel: bigint; total: bigint }>();
    const add = (currency: string, a: Amounts) => {
      const sum = totals.get(currency) ?? { manDays: 0, fee: 0n, travel: 0n, total: 0n };
      sum.manDays += a.manDaysHundredths;
      sum.fee += a.feeCents;
      sum.travel += a.travelCents;
      sum.total += a.totalCents;
      totals.set(currency, sum);
    };
    for await (const reports of reportBatches(ctx)) {
      // Reports of closed months are shown as frozen, below.
      const open = reports.filter((r) => !closed.has(monthOf(r.inspectionDate)));
      const lines = await feeLines(ctx, open);
      for (const l of lines) add(l.currency, l.amounts);
      yield lines.map((l) => l.row);
    }
    const first = monthOf(ctx.filters.startTime);
    const last = monthOf(ctx.filters.endTime);
    const inRange = (month: string) => month >= first && month <= last;
    for await (const frozen of frozenBatches(ctx, [...closed].filter(inRange))) {
      for (const f of frozen) add(f.currency, amountsOf(f));
      yield frozen.map((f) => (lang === 'zh' ? f.rowZh : f.rowEn) as FormRow);
    }
    // Changes since a close, in the next open month when the range shows it.
    for (const source of closed) {
      const target = nextOpenMonth(source, closed);
      if (!inRange(target)) continue;
      const lines = await corrections(ctx, source, target);
      for (const l of lines) add(l.currency, l.amounts);
      yield lines.map((l) => l.row);
    }
    yield [...totals].map(([currency, t]) => ({
      date: TOTAL[lang],
      manDays: hundredths(t.manDays),
      fee: money(t.fee),
      travel: money(t.travel),
      total: money(t.total),
      currency,
    }));
  },
};
