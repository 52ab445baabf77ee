import { constants, crc32, deflateRawSync } from 'node:zlib';

// XLSX files written byte by byte for the reader's tests (issue 23): ordinary ones in any part
// order, and bombs, small on disk, whose parts unzip to hundreds of megabytes. A bomb part is a
// deflate stream of independent segments (each flushed with Z_FULL_FLUSH, so they concatenate):
// its head, one deflated megabyte of filler repeated, its tail; the file never holds the megabytes.

const MB = 1024 * 1024;
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A part that unzips to `head`, `mb` megabytes of `fill` repeated, then `tail`. */
export interface Bomb {
  head: string;
  fill: string;
  mb: number;
  tail: string;
}

export interface Part {
  name: string;
  content: string | Bomb;
  /** The uncompressed size its local header declares (the true one unless given: it may lie). */
  declaredSize?: number;
}

interface Deflated {
  data: Buffer;
  size: number;
  crc: number;
}

const flushed = (text: Buffer | string) =>
  deflateRawSync(text, { level: 9, finishFlush: constants.Z_FULL_FLUSH });

function deflatePart(content: string | Bomb): Deflated {
  if (typeof content === 'string') {
    const bytes = Buffer.from(content, 'utf8');
    return { data: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
  }
  const head = Buffer.from(content.head, 'utf8');
  const tail = Buffer.from(content.tail, 'utf8');
  const megabyte = Buffer.alloc(MB, content.fill, 'utf8');
  const block = flushed(megabyte);
  const blockCrc = (crc: number) => crc32(megabyte, crc);
  let crc = crc32(head);
  for (let i = 0; i < content.mb; i++) crc = blockCrc(crc);
  crc = crc32(tail, crc);
  const data = Buffer.concat([
    flushed(head),
    ...Array.from({ length: content.mb }, () => block),
    deflateRawSync(tail),
  ]);
  return { data, size: head.length + content.mb * MB + tail.length, crc };
}

/** A zip archive of the parts, deflated, in the order given (local headers carry the sizes). */
export function zipOf(parts: readonly Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const { data, size, crc } = deflatePart(part.content);
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(declared, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(header, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Column letters of a 0-based index (A, B, …, Z, AA, …). */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A row of inline-string cells. */
export const inlineRow = (row: number, cells: readonly string[]) =>
  `<row r="${row}">${cells
    .map((text, i) => `<c r="${columnName(i)}${row}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`)
    .join('')}</row>`;

/** A worksheet part of these rows' XML. */
export const sheetXml = (rows: string) =>
  xml(`<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`);

/** A shared-string table of these entries' XML (`<si>…</si>` each). */
export const sharedXml = (entries: string) => xml(`<sst xmlns="${MAIN}">${entries}</sst>`);

/**
 * The parts of a one-sheet workbook around its sheet (and shared strings), in Excel's order: the
 * sheet before the shared strings.
 */
export function workbookParts(sheet: string | Bomb, shared?: string | Bomb): Part[] {
  return [
    {
      name: '[Content_Types].xml',
      content: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      content: xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: xml(
        `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="orders" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheet },
    ...(shared === undefined ? [] : [{ name: 'xl/sharedStrings.xml', content: shared }]),
  ];
}

/** A workbook of one sheet, in Excel's part order. */
export const xlsxOf = (sheet: string | Bomb, shared?: string | Bomb) => zipOf(workbookParts(sheet, shared));
