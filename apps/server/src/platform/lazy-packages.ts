import type ExcelJS from 'exceljs';
import type exifr from 'exifr';
import type nodemailer from 'nodemailer';
import type PDFDocument from 'pdfkit';
import type QRCode from 'qrcode';
import type { SaxesParser } from 'saxes';
import type sharp from 'sharp';
import type phash from 'sharp-phash';
import type { Parse } from 'unzipper';

// The heavy packages, loaded on first use instead of at start-up (issue 33): together they add
// ~17.5 MB of V8 heap, 50+ MB of RSS (sharp maps libvips) and ~0.4 s of start CPU to a server that,
// at rest, uses none of them. Each loader imports its package once (the promise is kept) and gives
// what the static `import x from 'x'` gave under esModuleInterop: a CommonJS package's
// `module.exports` (Node's `default` of an imported CommonJS module), pdfkit's ES default export.
// Every value import of these packages goes through here (tests may import them directly); the
// types come from `import type`, which is erased.

/** One import of a package, on the first call; the same promise after that. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined; // A failed import (a missing native addon, say) is tried again next time.
      throw error;
    });
    return loaded;
  };
}

export const loadExcelJS = once(async () => (await import('exceljs')).default as typeof ExcelJS);
export const loadSharp = once(async () => (await import('sharp')).default as typeof sharp);
export const loadPhash = once(async () => (await import('sharp-phash')).default as typeof phash);
export const loadExifr = once(async () => (await import('exifr')).default as typeof exifr);
export const loadPdfKit = once(async () => (await import('pdfkit')).default as typeof PDFDocument);
export const loadQRCode = once(async () => (await import('qrcode')).default as typeof QRCode);
export const loadNodemailer = once(async () => (await import('nodemailer')).default as typeof nodemailer);
/** saxes's parser class and unzipper's streaming `Parse`, for platform/xlsx-reader.ts. */
export const loadSaxes = once(async () => (await import('saxes')).SaxesParser as typeof SaxesParser);
export const loadUnzipperParse = once(async () => (await import('unzipper')).Parse as typeof Parse);
