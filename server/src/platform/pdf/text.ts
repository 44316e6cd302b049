import {
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  beginText,
  degrees,
  endText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  rotateAndSkewTextRadiansAndTranslate,
  setFillingColor,
  setFontAndSize,
  setGraphicsState,
  showText,
  toRadians,
  type PDFFont,
  type PDFPage,
  type RGB,
  type Rotation,
} from 'pdf-lib';
import { bnFontHas, type FontSet } from './fonts.js';

/**
 * Drawing text that mixes Bangla and Latin letters: the text is cut into runs by which font has
 * the glyphs, so each Bangla run is shaped whole (conjuncts and vowel signs need their neighbours).
 */
export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: RGB;
}

const ZW = new Set([0x200c, 0x200d]);

function runs(fonts: FontSet, text: string, bold: boolean) {
  const set = bold ? fonts.bold : fonts.regular;
  const out: { font: typeof set.bn; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const font = ZW.has(cp) || ch === ' ' || bnFontHas(cp) ? set.bn : set.latin;
    const last = out[out.length - 1];
    if (last && (last.font === font || ch === ' ')) last.text += ch;
    else out.push({ font, text: ch });
  }
  return out;
}

export function textWidth(fonts: FontSet, text: string, style: TextStyle): number {
  return runs(fonts, text, !!style.bold).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, style.size), 0);
}

export interface RunOptions {
  x: number;
  y: number;
  size: number;
  font: PDFFont;
  color: RGB;
  opacity?: number;
  rotate?: Rotation;
}

/** One font resource name per font and page (pdf-lib's drawText adds a new one for every call). */
const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(font);
  if (!key) keys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
  return key;
}

/** The glyph ids of a shaped text, as the 4-hex-digit codes pdf-lib writes (Identity-H). */
const glyphCodes = (font: PDFFont, text: string) =>
  font
    .encodeText(text)
    .asString()
    .match(/[0-9a-f]{4}/gi) ?? [];

/**
 * Draws one run of text exactly as pdf-lib shapes it, each word inside a marked-content span whose
 * /ActualText is the word itself (docs/decisions/054-licence-pdf-text.md). The shaped glyphs are
 * not in reading order (a pre-base vowel sign is drawn before its consonant) and a conjunct is one
 * glyph for several letters, which the font's ToUnicode map cannot say: pdftotext, a viewer's
 * search and copy read the span's ActualText instead of the glyphs.
 *
 * The run is shaped once, whole, and its glyphs are only cut at the space glyphs, so the page shows
 * the same glyphs at the same places as one drawText. The spaces stay real glyphs outside the spans
 * (their ToUnicode entry is U+0020), which is what separates the words in extraction. The spans sit
 * inside BT…ET: poppler reads the text state at EMC, and after pdf-lib's Q it has no font size,
 * which turned every span into vertical text in its reading order.
 */
export function drawRun(page: PDFPage, text: string, options: RunOptions): void {
  // pdf-lib's drawText turned tabs and line breaks into spaces (one line per run here): so do we.
  const line = text.replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ');
  const { font, size } = options;
  const glyphs = glyphCodes(font, line);
  const space = glyphCodes(font, ' ');
  const words = line.split(' ');
  const groups: string[][] = [[]];
  for (const g of glyphs) {
    if (space.length === 1 && g === space[0]) groups.push([]);
    else groups[groups.length - 1]!.push(g);
  }
  const show = (codes: string[]) => (codes.length ? [showText(PDFHexString.of(codes.join('')))] : []);
  const span = (actual: string, codes: string[]) =>
    actual
      ? [
          // The property list inline, in ASCII (UTF-16BE with its BOM, in hex).
          PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
            PDFName.of('Span'),
            `<</ActualText ${PDFHexString.fromText(actual).toString()}>>`,
          ]),
          ...show(codes),
          PDFOperator.of(PDFOperatorNames.EndMarkedContent),
        ]
      : show(codes);
  const shown =
    // A space glyph per space of the text: word i is glyph group i. Otherwise (a font that shapes
    // across a space) the whole run is one span, still right in extraction, without word boundaries.
    groups.length === words.length
      ? words.flatMap((word, i) => [...(i > 0 ? show(space) : []), ...span(word, groups[i]!)])
      : span(line, glyphs);
  const rotate = toRadians(options.rotate ?? degrees(0));
  const opacity =
    options.opacity === undefined
      ? []
      : [
          setGraphicsState(
            page.node.newExtGState('GS', page.doc.context.obj({ Type: 'ExtGState', ca: options.opacity })),
          ),
        ];
  page.pushOperators(
    pushGraphicsState(),
    ...opacity,
    beginText(),
    setFillingColor(options.color),
    setFontAndSize(fontKey(page, font), size),
    rotateAndSkewTextRadiansAndTranslate(rotate, 0, 0, options.x, options.y),
    ...shown,
    endText(),
    popGraphicsState(),
  );
}

/** Draws one line with its left edge at x and its baseline at y; returns its width. */
export function drawLine(page: PDFPage, fonts: FontSet, text: string, x: number, y: number, style: TextStyle): number {
  let cursor = x;
  for (const r of runs(fonts, text, !!style.bold)) {
    drawRun(page, r.text, { x: cursor, y, size: style.size, font: r.font, color: style.color ?? rgb(0, 0, 0) });
    cursor += r.font.widthOfTextAtSize(r.text, style.size);
  }
  return cursor - x;
}

export function drawCentered(
  page: PDFPage,
  fonts: FontSet,
  text: string,
  cx: number,
  y: number,
  style: TextStyle,
): void {
  drawLine(page, fonts, text, cx - textWidth(fonts, text, style) / 2, y, style);
}

export function drawRight(
  page: PDFPage,
  fonts: FontSet,
  text: string,
  right: number,
  y: number,
  style: TextStyle,
): void {
  drawLine(page, fonts, text, right - textWidth(fonts, text, style), y, style);
}

/** Splits text into lines no wider than maxWidth, breaking at spaces (a long word gets its own line). */
export function wrap(fonts: FontSet, text: string, maxWidth: number, style: TextStyle): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(fonts, candidate, style) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}
