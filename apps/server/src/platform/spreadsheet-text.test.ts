import { describe, expect, it } from 'vitest';
import { FORMULA_TEXTS } from '../../test/support/formula-texts';
import {
  FORMULA_QUOTE,
  quoteSheetText,
  sheetCell,
  sheetCells,
  startsFormula,
  unquoteSheetText,
} from './spreadsheet-text';

// The one rule of formula injection (ADR 0024): a text a spreadsheet would take for a formula is
// written with a leading apostrophe, and read back without it.

const DANGEROUS = [...FORMULA_TEXTS, '=1+1'];

describe('quoteSheetText', () => {
  it('puts the apostrophe before each dangerous start, and the reader takes it off', () => {
    expect(FORMULA_QUOTE).toBe("'");
    for (const text of DANGEROUS) {
      expect(startsFormula(text), JSON.stringify(text)).toBe(true);
      expect(quoteSheetText(text)).toBe(`'${text}`);
      expect(startsFormula(quoteSheetText(text))).toBe(false);
      expect(unquoteSheetText(quoteSheetText(text))).toBe(text);
    }
  });

  it('leaves ordinary texts alone, leading spaces and inner formula characters too', () => {
    for (const text of ['', 'ABC-1', 'a=b', ' =1+1', 'x@y.com', "O'Brien", '50%', '中文=1', "'quoted"]) {
      expect(quoteSheetText(text)).toBe(text);
      expect(unquoteSheetText(text)).toBe(text);
    }
  });

  it('round-trips texts that already begin with apostrophes before a formula character', () => {
    for (const text of ["'=1+1", "''-2", "'@x"]) {
      expect(quoteSheetText(text)).toBe(`'${text}`);
      expect(unquoteSheetText(quoteSheetText(text))).toBe(text);
    }
    // A text typed with one apostrophe before a formula reads as the formula's text: only a text
    // the writer quoted comes back with its apostrophe.
    expect(unquoteSheetText("'=1+1")).toBe('=1+1');
  });

  it('quotes a leading line feed too, so a carriage return XML turned into one still reads back', () => {
    expect(quoteSheetText('\nline')).toBe("'\nline");
    expect(unquoteSheetText("'\nline")).toBe('\nline');
  });
});

describe('sheetCell', () => {
  it('quotes texts only: numbers (negative too), booleans, dates and empties are values', () => {
    const day = new Date('2026-01-02T00:00:00Z');
    expect(sheetCells(['-2+3', -5, 0, true, null, undefined, day, 'plain'])).toEqual([
      "'-2+3",
      -5,
      0,
      true,
      null,
      undefined,
      day,
      'plain',
    ]);
    expect(sheetCell(-1.5)).toBe(-1.5);
    expect(sheetCell('-1.5')).toBe("'-1.5");
  });
});
