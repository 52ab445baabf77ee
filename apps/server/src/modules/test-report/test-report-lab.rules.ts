import { formatMessage, type Reason } from '@qcdesk/contract';
import { enumerations } from '@qcdesk/contract/enumerations';
import { LAB_RESULT_COLUMNS, LAB_RESULT_LABELS, type LabResultColumn } from '@qcdesk/contract/test-report';

// A lab's result file (issue 25, faster lab entry): the rows (report no, item, result, remark) of
// one report checked against its items, every row's errors in one pass, in both languages. Pure:
// the service reads the file and the report.

/** A report item the file may name: by its test item's code, zh or en name. */
export interface LabItem {
  id: bigint;
  code: string;
  nameZh: string;
  nameEn: string | null;
}

export type LabCells = Partial<Record<LabResultColumn, string>>;

export interface LabError {
  row: number;
  column: string;
  value: string;
  reason: Reason;
  zh: string;
  en: string;
}

const VALUE_SHOWN = 200;
const REMARK_MAX = 500;
/** The message's field for a column (the item column names the test item). */
const FIELDS: Record<string, string> = { item: 'testItemId' };

export function labError(
  row: number,
  column: string,
  value: string,
  reason: Reason,
  params: Record<string, string | number> = {},
): LabError {
  const all = { field: FIELDS[column] ?? column, ...params };
  return {
    row,
    column,
    value: value.length > VALUE_SHOWN ? `${value.slice(0, VALUE_SHOWN)}…` : value,
    reason,
    zh: formatMessage(reason, 'zh', all),
    en: formatMessage(reason, 'en', all),
  };
}

const norm = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s*\/\s*/g, ' / ');

/** What a header cell names: a column key, or its zh, en or "zh / en" header. */
export function labColumnOf(text: string): LabResultColumn | undefined {
  const t = norm(text);
  return LAB_RESULT_COLUMNS.find((c) => {
    const { zh, en } = LAB_RESULT_LABELS[c];
    return [c.toLowerCase(), zh, en.toLowerCase(), `${zh} / ${en}`.toLowerCase()].includes(t);
  });
}

/** A result cell as a TestResult code: its code, zh or en label, or "zh / en". */
export function labResultOf(text: string): number | undefined {
  const t = norm(text);
  return enumerations.TestResult.find((e) =>
    [String(e.code), e.zh, e.en.toLowerCase(), `${e.zh} / ${e.en}`.toLowerCase()].includes(t),
  )?.code;
}

export interface LabCheck {
  reportNo: string | null;
  items: { itemId: bigint; result: number; remark: string | null }[];
  errors: LabError[];
}

/**
 * The rows of one report's result file checked against its items: a known result, an item on the
 * report (every report item of that test item takes it: one per product), the same item once, the
 * report's own report no and one per file. Items are answered only when no row has an error.
 */
export function checkLabRows(
  rows: readonly { row: number; cells: LabCells }[],
  items: readonly LabItem[],
  reportNo: string | null,
): LabCheck {
  const errors: LabError[] = [];
  const byName = new Map<string, LabItem[]>();
  for (const item of items) {
    for (const name of new Set([item.code, item.nameZh, item.nameEn ?? ''].filter(Boolean).map(norm)))
      byName.set(name, [...(byName.get(name) ?? []), item]);
  }
  let fileReportNo = reportNo;
  const seen = new Map<string, number>();
  const answered: LabCheck['items'] = [];
  for (const { row, cells } of rows) {
    const no = cells.reportNo?.trim();
    if (no) {
      if (fileReportNo === null) fileReportNo = no;
      else if (no.toLowerCase() !== fileReportNo.toLowerCase())
        errors.push(labError(row, 'reportNo', no, 'E_TR_OTHER_REPORT'));
    }
    const name = cells.item?.trim() ?? '';
    const matched = name ? byName.get(norm(name)) : undefined;
    if (!name) errors.push(labError(row, 'item', '', 'E_REQUIRED'));
    else if (!matched) errors.push(labError(row, 'item', name, 'E_REF_NOT_FOUND'));
    const text = cells.result?.trim() ?? '';
    const result = text ? labResultOf(text) : undefined;
    if (!text) errors.push(labError(row, 'result', '', 'E_REQUIRED'));
    else if (result === undefined) errors.push(labError(row, 'result', text, 'E_FORMAT'));
    const remark = cells.remark?.trim() || null;
    if (remark && remark.length > REMARK_MAX)
      errors.push(labError(row, 'remark', remark, 'E_TOO_LONG', { max: REMARK_MAX }));
    if (!matched) continue;
    const key = matched.map((i) => i.id).join();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push(labError(row, 'item', name, 'E_DUPLICATE'));
      continue;
    }
    seen.set(key, row);
    if (result === undefined) continue;
    for (const item of matched) answered.push({ itemId: item.id, result, remark });
  }
  return { reportNo: fileReportNo, items: errors.length > 0 ? [] : answered, errors };
}
