import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The one CJK font of every PDF (ADR 0021): Noto Sans SC as whole TrueType files from the npm
// package @expo-google-fonts/noto-sans-sc (installed with `npm install`, never read from outside
// node_modules). pdfkit embeds only the glyphs a document uses (a CID subset with a ToUnicode map),
// so Chinese and English stay selectable and searchable. Each file is ~10 MB: read once per
// process, on the first PDF.

export type PdfFontWeight = 'regular' | 'bold';

const FILES: Record<PdfFontWeight, string> = {
  regular: '400Regular/NotoSansSC_400Regular.ttf',
  bold: '700Bold/NotoSansSC_700Bold.ttf',
};

const loaded = new Map<PdfFontWeight, Buffer>();

function packageDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
}

/** The font file's bytes (cached for the process). */
export function pdfFont(weight: PdfFontWeight): Buffer {
  let font = loaded.get(weight);
  if (!font) {
    font = readFileSync(join(packageDir(), FILES[weight]));
    loaded.set(weight, font);
  }
  return font;
}
