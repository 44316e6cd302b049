import 'regenerator-runtime/runtime.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The fonts shipped under server/assets/fonts (OFL, see OFL.txt there): Noto Sans Bengali for
 * Bangla, Noto Sans for Latin letters (Noto Sans Bengali has none; names may be in English).
 * The bytes are read once; every PDF embeds them as a subset, which is what makes fontkit shape
 * conjuncts and vowel signs correctly (docs/decisions/018-service-targets.md).
 */
const fontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/fonts');
const FILES = {
  bn: 'NotoSansBengali-Regular.ttf',
  bnBold: 'NotoSansBengali-Bold.ttf',
  latin: 'NotoSans-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
} as const;
type FontName = keyof typeof FILES;

let bytesCache: Record<FontName, Uint8Array> | null = null;
let coverage: { hasGlyphForCodePoint(cp: number): boolean } | null = null;

function fontBytes(): Record<FontName, Uint8Array> {
  if (!bytesCache) {
    const read = (name: FontName) => new Uint8Array(fs.readFileSync(path.join(fontDir, FILES[name])));
    bytesCache = { bn: read('bn'), bnBold: read('bnBold'), latin: read('latin'), latinBold: read('latinBold') };
  }
  return bytesCache;
}

/** Whether the Bangla font draws this character; the rest goes to the Latin font. */
export function bnFontHas(codePoint: number): boolean {
  coverage ??= fontkit.create(Buffer.from(fontBytes().bn)) as unknown as typeof coverage;
  return coverage!.hasGlyphForCodePoint(codePoint);
}

export interface FontSet {
  regular: { bn: PDFFont; latin: PDFFont };
  bold: { bn: PDFFont; latin: PDFFont };
}

export async function embedFonts(pdf: PDFDocument): Promise<FontSet> {
  pdf.registerFontkit(fontkit);
  const bytes = fontBytes();
  const [bn, bnBold, latin, latinBold] = await Promise.all(
    (['bn', 'bnBold', 'latin', 'latinBold'] as const).map((n) => pdf.embedFont(bytes[n], { subset: true })),
  );
  return { regular: { bn: bn!, latin: latin! }, bold: { bn: bnBold!, latin: latinBold! } };
}
