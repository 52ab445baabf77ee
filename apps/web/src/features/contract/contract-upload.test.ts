import { describe, expect, it } from 'vitest';
import { pickProblem, UPLOAD_MB } from './contract-upload';

// What the contract upload refuses before sending (the server checks both again).
const MB = 1024 * 1024;
const tooBig = (mb: number) => `too big: ${mb}`;

describe('pickProblem', () => {
  it('lets documents and images within their limits through', () => {
    expect(pickProblem({ name: 'Contract A.pdf', size: UPLOAD_MB.document * MB }, 'en', tooBig)).toBeNull();
    expect(pickProblem({ name: 'scan.JPG', size: UPLOAD_MB.image * MB }, 'en', tooBig)).toBeNull();
  });

  it('refuses a type the spec does not accept, in the language asked', () => {
    expect(pickProblem({ name: 'setup.exe', size: 10 }, 'en', tooBig)).toBe(
      'setup.exe: Only pdf, doc, docx, xls, xlsx, jpg, jpeg, png and bmp files are accepted',
    );
    expect(pickProblem({ name: 'notes', size: 10 }, 'zh', tooBig)).toBe(
      'notes: 仅支持pdf、doc、docx、xls、xlsx、jpg、jpeg、png、bmp文件',
    );
  });

  it('refuses a file over the limit of its kind', () => {
    expect(pickProblem({ name: 'big.pdf', size: UPLOAD_MB.document * MB + 1 }, 'en', tooBig)).toBe(
      `too big: ${UPLOAD_MB.document}`,
    );
    // An image's limit is smaller than a document's.
    expect(pickProblem({ name: 'photo.png', size: UPLOAD_MB.image * MB + 1 }, 'en', tooBig)).toBe(
      `too big: ${UPLOAD_MB.image}`,
    );
  });
});
