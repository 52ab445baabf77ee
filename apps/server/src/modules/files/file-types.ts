import { FILE_NAME_MAX, type FileKind, fileExtension, fileKindOf } from '@qcdesk/contract/files';
import type { Reason } from '@qcdesk/contract/messages';

// What an upload may be (spec §5, DOMAIN.md §7.1): the name decides the kind, and the first bytes
// must be the format that name promises, so a renamed executable is refused whatever it is called.

export type NameCheck =
  | { ok: true; name: string; ext: string; kind: FileKind }
  | { ok: false; reason: Extract<Reason, 'E_FILE_TYPE' | 'E_FORMAT' | 'E_TOO_LONG' | 'E_REQUIRED'> };

/**
 * Control characters, and the bidirectional marks that make a name such as "invoice<U+202E>fdp.exe"
 * display as "invoiceexe.pdf".
 */
function hasForbiddenCharacter(name: string): boolean {
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
    if (c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
      return true;
  }
  return false;
}

/**
 * The original file name as sent, checked: no path (`/`, `\`), no control or direction characters,
 * at most FILE_NAME_MAX characters, and one of the spec's extensions. Nothing is silently cut or
 * rewritten; a name that needs it is refused.
 */
export function checkUploadName(raw: string | undefined): NameCheck {
  const name = (raw ?? '').trim();
  if (name === '') return { ok: false, reason: 'E_REQUIRED' };
  if (hasForbiddenCharacter(name) || name.includes('/') || name.includes('\\'))
    return { ok: false, reason: 'E_FORMAT' };
  if ([...name].length > FILE_NAME_MAX) return { ok: false, reason: 'E_TOO_LONG' };
  const kind = fileKindOf(name);
  if (!kind) return { ok: false, reason: 'E_FILE_TYPE' };
  return { ok: true, name, ext: fileExtension(name), kind };
}

type Format = 'pdf' | 'ole' | 'zip' | 'jpeg' | 'png' | 'bmp';

const MAGIC: Record<Format, readonly number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46], // %PDF
  ole: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // OLE2 compound file: .doc, .xls
  zip: [0x50, 0x4b, 0x03, 0x04], // PK: Office Open XML (.docx, .xlsx)
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  bmp: [0x42, 0x4d], // BM
};

/** Bytes needed to recognise every format above. */
export const SIGNATURE_BYTES = 8;

const IMAGE_TYPES: Partial<Record<Format, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
};

/** Per extension: the formats its content may have and the content type stored. */
const EXPECTED: Record<string, { formats: readonly Format[]; contentType?: string }> = {
  pdf: { formats: ['pdf'], contentType: 'application/pdf' },
  doc: { formats: ['ole'], contentType: 'application/msword' },
  xls: { formats: ['ole'], contentType: 'application/vnd.ms-excel' },
  docx: {
    formats: ['zip'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: {
    formats: ['zip'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  // A PNG saved as .jpg is still a picture people mean to upload; its type follows its content.
  jpg: { formats: ['jpeg', 'png', 'bmp'] },
  jpeg: { formats: ['jpeg', 'png', 'bmp'] },
  png: { formats: ['jpeg', 'png', 'bmp'] },
  bmp: { formats: ['jpeg', 'png', 'bmp'] },
};

function detect(head: Uint8Array): Format | undefined {
  return (Object.keys(MAGIC) as Format[]).find((format) => {
    const magic = MAGIC[format];
    return head.length >= magic.length && magic.every((byte, i) => head[i] === byte);
  });
}

/** The content type to store for a file of extension `ext` starting with `head`; undefined when they disagree. */
export function contentTypeFor(ext: string, head: Uint8Array): string | undefined {
  const expected = EXPECTED[ext];
  const format = detect(head);
  if (!expected || !format || !expected.formats.includes(format)) return undefined;
  return expected.contentType ?? IMAGE_TYPES[format];
}
