// Formula injection (CSV/XLSX injection, issue 32; ADR 0024): a text a user typed that begins with
// `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel and LibreOffice once the cell
// is edited (F2, Enter), pasted or saved as CSV; `=HYPERLINK("http://evil","Click")` in a client's
// name would then run in the reader's spreadsheet. Every workbook the product writes passes its
// cells through `sheetCell`, which writes such a text with a leading apostrophe (OWASP's advice;
// exceljs 4.4 cannot write the `quotePrefix` style). The reader (xlsx-reader.ts) takes the one
// apostrophe off again with `unquoteSheetText`, so a workbook round-trips to the text typed.
// Numbers, booleans and dates are values, not texts: they are written as they are (-5 stays -5).

/** The characters a spreadsheet starts a formula with (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text we quote: one that begins with a formula character, or with apostrophes before one (those
 * are quoted too, so that reading back takes exactly one apostrophe off any text). A line feed
 * counts as well: XML turns a carriage return into a line feed on reading (exceljs writes it
 * unescaped), and a quoted `\r` must still be recognised as quoted when it comes back as `\n`.
 */
const QUOTED = /^'*[=+\-@\t\r\n]/;

/** The neutraliser: the character put before a dangerous text. */
export const FORMULA_QUOTE = "'";

/** Whether a spreadsheet would read `text` as the start of a formula. */
export const startsFormula = (text: string): boolean => FORMULA_START.test(text);

/** A text as a workbook's cell holds it: a leading apostrophe before a dangerous text. */
export function quoteSheetText(text: string): string {
  return QUOTED.test(text) ? `${FORMULA_QUOTE}${text}` : text;
}

/** A text read from a workbook: the apostrophe `quoteSheetText` put there taken off again. */
export function unquoteSheetText(text: string): string {
  return text.startsWith(FORMULA_QUOTE) && QUOTED.test(text.slice(1)) ? text.slice(1) : text;
}

/** A cell to write: texts quoted (`quoteSheetText`), everything else (numbers, dates…) as it is. */
export function sheetCell<T>(value: T): T | string {
  return typeof value === 'string' ? quoteSheetText(value) : value;
}

/** A row of cells to write (`sheetCell` of each). */
export const sheetCells = <T>(values: readonly T[]): (T | string)[] => values.map(sheetCell);
