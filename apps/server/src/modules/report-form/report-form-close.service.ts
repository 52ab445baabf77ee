import type { Language } from '@qcdesk/contract';
import type { Principal } from '../../platform/auth';
import { businessDate } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  closedMonths,
  insertFrozenLines,
  isClosed,
  type NewFrozenLine,
  recordClose,
} from './report-form-close.queries';
import type { FormContext } from './report-form-context';
import { corrections, type FeeLine, monthLines, nextOpenMonth } from './report-form-fee';

// reportform/close-month (issue 30): an admin closes a month of the fee form. Its lines are frozen
// in both languages, and so are the corrections of earlier closed months whose next open month this
// was; from then on the fee form shows the month as frozen and later changes as corrections.

const context = (db: Db, lang: Language): FormContext => ({
  db,
  filters: { startTime: '', endTime: '' },
  scope: { kind: 'all' },
  lang,
  calendar: new Map(),
  standardHours: 0,
});

/** The same lines in both languages (computed in the same order) as rows to freeze. */
function frozen(period: string, source: string, zh: FeeLine[], en: FeeLine[], correction: boolean) {
  return zh.map(
    (l, i): NewFrozenLine => ({
      period,
      sourceMonth: source,
      correction,
      reportId: l.reportId,
      inspectorId: l.inspectorId,
      departmentId: l.departmentId,
      clientId: l.clientId,
      currency: l.currency,
      manDaysHundredths: l.amounts.manDaysHundredths,
      feeCents: l.amounts.feeCents,
      travelCents: l.amounts.travelCents,
      totalCents: l.amounts.totalCents,
      rowZh: l.row as NewFrozenLine['rowZh'],
      rowEn: en[i]!.row as NewFrozenLine['rowEn'],
    }),
  );
}

export async function closeFeeMonth(db: Db, input: { month: string }, user: Principal) {
  const { month } = input;
  if (month >= businessDate().slice(0, 7)) throw new AppError('E_RF_MONTH_OPEN', { month });
  if (await isClosed(db, month)) throw new AppError('E_RF_CLOSED', { month });
  const before = new Set(await closedMonths(db));
  // The key of the close: a second close of the month at the same time fails here.
  await recordClose(db, month, user.userId);
  const [zh, en] = [context(db, 'zh'), context(db, 'en')];

  const pending: NewFrozenLine[] = [];
  for (const source of before) {
    if (source > month || nextOpenMonth(source, before) !== month) continue;
    pending.push(
      ...frozen(
        month,
        source,
        await corrections(zh, source, month),
        await corrections(en, source, month),
        true,
      ),
    );
  }
  const own = frozen(month, month, await monthLines(zh, month), await monthLines(en, month), false);
  await insertFrozenLines(db, [...own, ...pending]);
  return { month, lines: own.length, corrections: pending.length };
}
