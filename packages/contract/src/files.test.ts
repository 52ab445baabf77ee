import { describe, expect, it } from 'vitest';
import {
  fileDisplayName,
  fileExtension,
  fileKindOf,
  storedFileName,
  stsUsable,
  UPLOAD_ACCEPT,
} from './files';
import { sharedMessages } from './messages';
import { RAW_AUTH } from './raw-route';

describe('file marker (DOMAIN.md §2.4)', () => {
  it('shows the text after the first marker', () => {
    expect(fileDisplayName('20260102030405Ab12Cd@@合同.pdf')).toBe('合同.pdf');
    expect(fileDisplayName('20260102030405Ab12Cd@@a@@b.pdf')).toBe('a@@b.pdf');
    expect(fileDisplayName('plain name.pdf')).toBe('plain name.pdf');
    expect(fileDisplayName('@@')).toBe('');
  });

  it('stores names with a business-time stamp and six random characters', () => {
    const stored = storedFileName('验货报告.pdf', new Date('2026-01-02T16:04:05Z'), 'xY12z9');
    expect(stored).toBe('20260103000405xY12z9@@验货报告.pdf');
    expect(fileDisplayName(stored)).toBe('验货报告.pdf');
  });
});

describe('upload types (spec §5)', () => {
  it.each([
    ['a.pdf', 'document'],
    ['A.PDF', 'document'],
    ['b.docx', 'document'],
    ['c.xls', 'document'],
    ['d.JPeG', 'image'],
    ['e.bmp', 'image'],
    ['f.exe', undefined],
    ['pdf', undefined],
    ['.pdf', undefined],
    ['archive.pdf.zip', undefined],
    ['dir.pdf/name', undefined],
  ])('%s → %s', (name, kind) => {
    expect(fileKindOf(name)).toBe(kind);
  });

  it('reads the extension of the last path segment', () => {
    expect(fileExtension('a/b.c/d')).toBe('');
    expect(fileExtension('C:\\x\\y.Png')).toBe('png');
    expect(UPLOAD_ACCEPT).toBe('.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png,.bmp');
  });
});

describe('sts reuse (spec §7)', () => {
  it('reuses credentials until 60 s before they expire', () => {
    expect(stsUsable(1000, 939)).toBe(true);
    expect(stsUsable(1000, 940)).toBe(false);
    expect(stsUsable(1000, 2000)).toBe(false);
  });
});

describe('raw routes', () => {
  it('refuse with shared message keys', () => {
    for (const { reason } of Object.values(RAW_AUTH)) {
      if (reason !== null) expect(Object.keys(sharedMessages)).toContain(reason);
    }
  });
});
