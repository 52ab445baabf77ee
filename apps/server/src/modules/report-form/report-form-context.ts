import type { Language } from '@qcdesk/contract';
import type { HolidayCalendar } from '../../domain/calendar';
import type { Db } from '../../platform/db';
import type { ExportColumn } from '../../platform/list-export';
import type { Scope } from '../../platform/scope';
import { type FormFilters, type ReportRow, RF_BATCH, reportBatch } from './report-form.queries';
import type { FormRow } from './report-form.rules';

// What every form of report-form.sheets.ts is written from: the filters, scope, language and
// calendar of the export, and the approved reports of the range a batch at a time.

export interface FormContext {
  db: Db;
  filters: FormFilters;
  scope: Scope;
  lang: Language;
  calendar: HolidayCalendar;
  standardHours: number;
}

export interface FormSheet {
  columns: readonly ExportColumn<FormRow>[];
  rows(ctx: FormContext): AsyncGenerator<FormRow[]>;
}

export async function* reportBatches(ctx: FormContext): AsyncGenerator<ReportRow[]> {
  let after: bigint | null = null;
  for (;;) {
    const batch = await reportBatch(ctx.db, ctx.filters, ctx.scope, after);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < RF_BATCH) return;
    after = batch.at(-1)?.id ?? null;
  }
}
