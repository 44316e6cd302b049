import { rgb, type PDFPage, type RGB } from 'pdf-lib';
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

/** Draws one line with its left edge at x and its baseline at y; returns its width. */
export function drawLine(page: PDFPage, fonts: FontSet, text: string, x: number, y: number, style: TextStyle): number {
  let cursor = x;
  for (const r of runs(fonts, text, !!style.bold)) {
    page.drawText(r.text, { x: cursor, y, size: style.size, font: r.font, color: style.color ?? rgb(0, 0, 0) });
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
