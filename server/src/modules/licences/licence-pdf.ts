import 'regenerator-runtime/runtime.js';
import { PDFDocument, degrees, rgb, type PDFPage } from 'pdf-lib';
import {
  LICENCE_CONDITIONS_COUNT,
  LICENCE_VALIDITY_ROWS,
  bn as bnCatalogue,
  formatDateBn,
  toBanglaDigits,
  translate,
  type LicenceDocument,
  type MessageKey,
} from '@portal/shared';
import { embedFonts, type FontSet } from '../../platform/pdf/fonts.js';
import { qrPng } from '../../platform/pdf/qr.js';
import {
  drawCentered,
  drawLine,
  drawRight,
  drawRun,
  textWidth,
  wrap,
  type TextStyle,
} from '../../platform/pdf/text.js';

/**
 * The licence certificate as two one-page A4 PDFs (spec 3 §2 licensePrint: "license-front" and
 * "license-back"), in Bangla with Bangla digits. The same content as the HTML print page
 * (client/src/features/licence/LicenceCertificate.tsx); both come from one LicenceDocument.
 */
export type LicenceSide = 'front' | 'back';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 44;
const GREY = rgb(0.4, 0.4, 0.4);
const RED = rgb(0.75, 0.1, 0.1);
const GREEN = rgb(0.08, 0.4, 0.2);

function t(key: string, params?: Record<string, string | number>): string {
  return translate('bn', key as MessageKey, params);
}

/** A code value (deep, 0.5, electric) as its Bangla label; free text from old records as it is. */
function label(prefix: string, value: string): string {
  const key = `${prefix}.${value}`;
  return key in bnCatalogue ? t(key) : toBanglaDigits(value);
}

export async function renderLicencePdf(doc: LicenceDocument, side: LicenceSide): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t('licence.title')} — ${toBanglaDigits(doc.licenceNumber)}`);
  pdf.setLanguage('bn-BD');
  pdf.setProducer('Upazila irrigation licensing portal');
  pdf.setCreator('Upazila irrigation licensing portal');
  // A fixed date keeps the bytes a function of the licence alone (no clock in the output).
  const stamp = new Date(`${doc.issuedOn}T00:00:00Z`);
  pdf.setCreationDate(stamp);
  pdf.setModificationDate(stamp);
  const fonts = await embedFonts(pdf);
  const page = pdf.addPage([A4.width, A4.height]);
  drawBorder(page);
  if (side === 'front') await drawFront(pdf, page, fonts, doc);
  else drawBack(page, fonts, doc);
  const mark = stampOf(doc);
  if (mark) drawStamp(page, fonts, mark);
  return pdf.save();
}

/** Two thin frames, like the printed gazette forms. */
function drawBorder(page: PDFPage) {
  const frame = (inset: number, thickness: number) =>
    page.drawRectangle({
      x: inset,
      y: inset,
      width: A4.width - 2 * inset,
      height: A4.height - 2 * inset,
      borderColor: GREEN,
      borderWidth: thickness,
    });
  frame(22, 1.6);
  frame(27, 0.5);
}

/** Top-down cursor: pdf-lib measures y from the bottom of the page. */
const fromTop = (y: number) => A4.height - y;

function drawHeading(page: PDFPage, fonts: FontSet, doc: LicenceDocument, top: number): number {
  const cx = A4.width / 2;
  let y = top;
  drawCentered(page, fonts, t('licence.heading.government'), cx, fromTop(y), { size: 15, bold: true });
  y += 21;
  drawCentered(page, fonts, t('licence.heading.committee'), cx, fromTop(y), { size: 13, bold: true });
  y += 18;
  drawCentered(page, fonts, t('licence.heading.office'), cx, fromTop(y), { size: 12 });
  if (doc.officeAddress) {
    y += 17;
    drawCentered(page, fonts, doc.officeAddress, cx, fromTop(y), { size: 11 });
  }
  y += 12;
  page.drawLine({
    start: { x: MARGIN, y: fromTop(y) },
    end: { x: A4.width - MARGIN, y: fromTop(y) },
    thickness: 0.8,
    color: GREEN,
  });
  return y;
}

async function drawFront(pdf: PDFDocument, page: PDFPage, fonts: FontSet, doc: LicenceDocument) {
  const left = MARGIN;
  const right = A4.width - MARGIN;
  let y = drawHeading(page, fonts, doc, 62);

  y += 30;
  const title = t('licence.title');
  const titleStyle: TextStyle = { size: 17, bold: true };
  const titleWidth = textWidth(fonts, title, titleStyle);
  drawCentered(page, fonts, title, A4.width / 2, fromTop(y), titleStyle);
  page.drawLine({
    start: { x: (A4.width - titleWidth) / 2, y: fromTop(y + 5) },
    end: { x: (A4.width + titleWidth) / 2, y: fromTop(y + 5) },
    thickness: 0.8,
  });
  if (doc.isTesting) {
    y += 20;
    drawCentered(page, fonts, t('licence.testing'), A4.width / 2, fromTop(y), { size: 12, bold: true, color: RED });
  }
  if (noticeOf(doc)) y = drawStatusNotice(page, fonts, doc, y + 12);

  // Licence number and approval date on one line.
  y += 28;
  const strong: TextStyle = { size: 12, bold: true };
  drawLine(
    page,
    fonts,
    `${t('licence.label.licenceNumber')}: ${toBanglaDigits(doc.licenceNumber)}`,
    left,
    fromTop(y),
    strong,
  );
  drawRight(
    page,
    fonts,
    `${t('licence.label.approvalDate')}: ${formatDateBn(doc.approvalDate)}`,
    right,
    fromTop(y),
    strong,
  );

  // The details table on the left, the two QR codes on the right.
  const qrSize = 104;
  const tableRight = right - qrSize - 18;
  const tableTop = y + 12;
  y = drawDetailsTable(page, fonts, doc, left, tableRight, tableTop);
  await drawQrCodes(pdf, page, fonts, doc, right - qrSize, tableTop, qrSize);

  // Intro and the five conditions (spec 1 §2; condition 1 names the licence's real term).
  const body: TextStyle = { size: 11 };
  y += 22;
  for (const line of wrap(fonts, t('licence.intro'), right - left, body)) {
    drawLine(page, fonts, line, left, fromTop(y), body);
    y += 16;
  }
  y += 6;
  drawLine(page, fonts, `${t('licence.conditionsTitle')}:`, left, fromTop(y), { size: 12, bold: true });
  y += 18;
  for (let i = 1; i <= LICENCE_CONDITIONS_COUNT; i++) {
    const text = t(`licence.condition.${i}`, { years: toBanglaDigits(doc.termYears) });
    const number = `${toBanglaDigits(i)}।`;
    drawLine(page, fonts, number, left + 4, fromTop(y), body);
    for (const line of wrap(fonts, text, right - left - 24, body)) {
      drawLine(page, fonts, line, left + 24, fromTop(y), body);
      y += 16;
    }
    y += 2;
  }

  drawSignature(page, fonts, doc, Math.max(y + 24, A4.height - 170));
  drawLine(
    page,
    fonts,
    `${t('licence.label.applicationNumber')}: ${toBanglaDigits(doc.applicationNumber)}`,
    left,
    fromTop(A4.height - 48),
    { size: 9, color: GREY },
  );
}

/** Label | value rows with thin rules; long values wrap inside their cell. Returns the bottom y. */
function drawDetailsTable(
  page: PDFPage,
  fonts: FontSet,
  doc: LicenceDocument,
  x0: number,
  x1: number,
  top: number,
): number {
  const location =
    doc.latitude !== null && doc.longitude !== null
      ? `${toBanglaDigits(doc.latitude)}, ${toBanglaDigits(doc.longitude)}`
      : t('licence.noLocation');
  const rows: [string, string][] = [
    [t('licence.label.upazila'), doc.upazila],
    [t('licence.label.wellClass'), label('common.wellClass', doc.wellClass)],
    [t('licence.label.wellSize'), label('common.wellSize', doc.wellSize)],
    [t('licence.label.pumpType'), label('common.pumpType', doc.pumpType)],
    [t('licence.label.name'), doc.applicantName],
    [t('licence.label.father'), doc.fatherName],
    [t('licence.label.village'), doc.village],
    [t('licence.label.union'), doc.union],
    [t('licence.label.post'), doc.postOffice],
    [t('licence.label.mouza'), doc.mouza],
    [t('licence.label.jlNumber'), toBanglaDigits(doc.jlNumber)],
    [t('licence.label.khotian'), toBanglaDigits(doc.khotian)],
    [t('licence.label.dagNumber'), toBanglaDigits(doc.dagNumber)],
    [t('licence.label.location'), location],
    [
      t('licence.label.validity'),
      t('licence.validRange', { from: formatDateBn(doc.validFrom), to: formatDateBn(doc.validTo) }),
    ],
  ];
  const labelWidth = 150;
  const style: TextStyle = { size: 10.5 };
  const labelStyle: TextStyle = { size: 10.5, bold: true };
  const lineHeight = 14;
  let y = top;
  const rule = (at: number) =>
    page.drawLine({ start: { x: x0, y: fromTop(at) }, end: { x: x1, y: fromTop(at) }, thickness: 0.4, color: GREY });
  rule(y);
  for (const [name, value] of rows) {
    const labelLines = wrap(fonts, name, labelWidth - 8, labelStyle);
    const valueLines = wrap(fonts, toBanglaDigits(value || '—'), x1 - x0 - labelWidth - 8, style);
    const lines = Math.max(labelLines.length, valueLines.length);
    labelLines.forEach((l, i) => drawLine(page, fonts, l, x0 + 4, fromTop(y + 14 + i * lineHeight), labelStyle));
    valueLines.forEach((l, i) =>
      drawLine(page, fonts, l, x0 + labelWidth + 4, fromTop(y + 14 + i * lineHeight), style),
    );
    y += 6 + lines * lineHeight;
    rule(y);
  }
  const side = (x: number) =>
    page.drawLine({ start: { x, y: fromTop(top) }, end: { x, y: fromTop(y) }, thickness: 0.4, color: GREY });
  side(x0);
  side(x0 + labelWidth);
  side(x1);
  return y;
}

async function drawQrCodes(
  pdf: PDFDocument,
  page: PDFPage,
  fonts: FontSet,
  doc: LicenceDocument,
  x: number,
  top: number,
  size: number,
) {
  const codes: [string, string][] = [[t('licence.qr.details'), doc.qr.details]];
  if (doc.qr.location) codes.push([t('licence.qr.location'), doc.qr.location]);
  let y = top;
  for (const [caption, text] of codes) {
    const image = await pdf.embedPng(await qrPng(text));
    page.drawImage(image, { x, y: fromTop(y + size), width: size, height: size });
    drawCentered(page, fonts, caption, x + size / 2, fromTop(y + size + 14), { size: 9.5 });
    y += size + 30;
  }
}

/** Approver lines when the approver set custom text, else the UNO block with the office address (spec 3 §4). */
function drawSignature(page: PDFPage, fonts: FontSet, doc: LicenceDocument, top: number) {
  const lines = doc.approver.custom
    ? doc.approver.lines
    : [t('licence.sign.default.1'), t('licence.sign.default.2'), doc.officeAddress].filter(Boolean);
  const width = 220;
  const cx = A4.width - MARGIN - width / 2;
  page.drawLine({
    start: { x: cx - width / 2 + 20, y: fromTop(top) },
    end: { x: cx + width / 2 - 20, y: fromTop(top) },
    thickness: 0.6,
  });
  drawCentered(page, fonts, `(${t('licence.sign.line')})`, cx, fromTop(top + 13), { size: 9, color: GREY });
  let y = top + 30;
  lines.forEach((line, i) => {
    for (const part of wrap(fonts, toBanglaDigits(line), width, { size: 11, bold: i === 0 })) {
      drawCentered(page, fonts, part, cx, fromTop(y), { size: 11, bold: i === 0 });
      y += 15;
    }
  });
}

/** The word across a licence that is not in force: suspended, or past its validity (decision 022). */
function stampOf(doc: LicenceDocument): string | null {
  if (doc.status === 'suspended') return t('licence.suspendedStamp');
  if (doc.status === 'expired') return t('licence.expiredStamp');
  return null;
}

/** The red box under the title of a licence not in force: why, and (suspended) the officer's note. */
function noticeOf(doc: LicenceDocument): string[] | null {
  if (doc.status === 'suspended') return [t('licence.suspended')];
  if (doc.status === 'expired') return [t('licence.expiredPdf', { date: formatDateBn(doc.validTo) })];
  return null;
}

/** A red box with the licence's status and the suspension's note, under the title (decisions 006, 022). */
function drawStatusNotice(page: PDFPage, fonts: FontSet, doc: LicenceDocument, top: number): number {
  const left = MARGIN;
  const width = A4.width - 2 * MARGIN;
  const style: TextStyle = { size: 11, bold: true, color: RED };
  const lines = [...(noticeOf(doc) ?? [])];
  if (doc.status === 'suspended' && doc.suspendNote)
    lines.push(...wrap(fonts, t('licence.suspendNote', { note: doc.suspendNote }), width - 16, { size: 10.5 }));
  const height = 10 + lines.length * 15;
  page.drawRectangle({ x: left, y: fromTop(top + height), width, height, borderColor: RED, borderWidth: 1 });
  lines.forEach((line, i) =>
    drawLine(page, fonts, line, left + 8, fromTop(top + 16 + i * 15), i === 0 ? style : { size: 10.5, color: RED }),
  );
  return top + height;
}

function drawStamp(page: PDFPage, fonts: FontSet, word: string) {
  const style: TextStyle = { size: word.length > 6 ? 80 : 110, bold: true, color: RED };
  const width = textWidth(fonts, word, style);
  const angle = 35;
  const rad = (angle * Math.PI) / 180;
  // Centre the rotated word on the page.
  const x = A4.width / 2 - (width / 2) * Math.cos(rad);
  const y = A4.height / 2 - (width / 2) * Math.sin(rad);
  drawRun(page, word, {
    x,
    y,
    size: style.size,
    font: fonts.bold.bn,
    color: RED,
    opacity: 0.18,
    rotate: degrees(angle),
  });
}

/** The back page: the validity table, always six rows; unused rows stay empty for renewals by hand. */
function drawBack(page: PDFPage, fonts: FontSet, doc: LicenceDocument) {
  const left = MARGIN;
  const right = A4.width - MARGIN;
  let y = drawHeading(page, fonts, doc, 62);
  y += 32;
  drawCentered(page, fonts, t('licence.back.title'), A4.width / 2, fromTop(y), { size: 16, bold: true });
  y += 28;
  const strong: TextStyle = { size: 12, bold: true };
  const numberWidth = drawLine(
    page,
    fonts,
    `${t('licence.label.licenceNumber')}: ${toBanglaDigits(doc.licenceNumber)}`,
    left,
    fromTop(y),
    strong,
  );
  const nameLines = wrap(fonts, `${t('licence.label.name')}: ${doc.applicantName}`, right - left - numberWidth - 24, {
    size: 12,
  });
  nameLines.forEach((line, i) => drawRight(page, fonts, line, right, fromTop(y + i * 16), { size: 12 }));
  y += (nameLines.length - 1) * 16;
  if (noticeOf(doc)) y = drawStatusNotice(page, fonts, doc, y + 12);

  y += 18;
  const columns = [
    { key: 'licence.back.serial', width: 62 },
    { key: 'licence.back.from', width: 120 },
    { key: 'licence.back.to', width: 120 },
    { key: 'licence.back.signature', width: right - left - 62 - 240 },
  ];
  const headerHeight = 34;
  const rowHeight = 72;
  const tableTop = y;
  const tableBottom = tableTop + headerHeight + LICENCE_VALIDITY_ROWS * rowHeight;
  page.drawRectangle({
    x: left,
    y: fromTop(tableTop + headerHeight),
    width: right - left,
    height: headerHeight,
    color: rgb(0.93, 0.97, 0.94),
  });
  let x = left;
  const header: TextStyle = { size: 10.5, bold: true };
  for (const col of columns) {
    const lines = wrap(fonts, t(col.key), col.width - 8, header);
    lines.forEach((line, i) =>
      drawCentered(
        page,
        fonts,
        line,
        x + col.width / 2,
        fromTop(tableTop + headerHeight / 2 + 4 + (i - (lines.length - 1) / 2) * 13),
        header,
      ),
    );
    x += col.width;
  }
  const periods = doc.periods.slice(-LICENCE_VALIDITY_ROWS);
  const cell: TextStyle = { size: 11.5 };
  for (let i = 0; i < LICENCE_VALIDITY_ROWS; i++) {
    const rowTop = tableTop + headerHeight + i * rowHeight;
    const mid = fromTop(rowTop + rowHeight / 2 + 4);
    drawCentered(page, fonts, toBanglaDigits(i + 1), left + columns[0]!.width / 2, mid, cell);
    const period = periods[i];
    if (period) {
      drawCentered(page, fonts, formatDateBn(period.validFrom), left + 62 + 60, mid, cell);
      drawCentered(page, fonts, formatDateBn(period.validTo), left + 182 + 60, mid, cell);
    }
  }
  // Grid lines.
  const hRule = (at: number) =>
    page.drawLine({ start: { x: left, y: fromTop(at) }, end: { x: right, y: fromTop(at) }, thickness: 0.6 });
  hRule(tableTop);
  hRule(tableTop + headerHeight);
  for (let i = 1; i <= LICENCE_VALIDITY_ROWS; i++) hRule(tableTop + headerHeight + i * rowHeight);
  x = left;
  for (const col of [...columns, null]) {
    page.drawLine({ start: { x, y: fromTop(tableTop) }, end: { x, y: fromTop(tableBottom) }, thickness: 0.6 });
    if (col) x += col.width;
  }

  y = tableBottom + 26;
  for (const line of wrap(fonts, t('licence.back.note'), right - left, { size: 11 })) {
    drawLine(page, fonts, line, left, fromTop(y), { size: 11 });
    y += 16;
  }
  drawChangeHistory(page, fonts, doc, y + 8);
}

/**
 * The name and plot changes approved on this licence, oldest first, as the HTML back page lists
 * them (decision 022): the holder's old name stays on the printout after a name change.
 */
function drawChangeHistory(page: PDFPage, fonts: FontSet, doc: LicenceDocument, top: number) {
  if (doc.changes.length === 0) return;
  const left = MARGIN;
  const width = A4.width - 2 * MARGIN;
  const body: TextStyle = { size: 10.5 };
  let y = top;
  drawLine(page, fonts, t('licence.history.title'), left, fromTop(y), { size: 11, bold: true });
  y += 16;
  // The newest changes matter most when a long history would run off the page: keep the last ones.
  for (const c of doc.changes.slice(-6)) {
    // A plot's number and a moved licence's old and new numbers (issue 22) print in Bangla digits.
    const digits = c.field === 'holderName' ? (v: string) => v : toBanglaDigits;
    const text = t(`licence.history.${c.field}`, { from: digits(c.from), to: digits(c.to), on: formatDateBn(c.on) });
    for (const line of wrap(fonts, `• ${text}`, width - 8, body)) {
      if (y > A4.height - 40) return;
      drawLine(page, fonts, line, left + 4, fromTop(y), body);
      y += 15;
    }
  }
}
