import { Readable, pipeline } from 'node:stream';
import type { Context } from 'hono';
import { stringify } from 'csv-stringify';

/**
 * The one way the portal writes CSV (docs/decisions/015-abuse-limits-and-exports.md). Every export
 * goes through here, so every export is safe to open in Excel:
 *
 * - every cell is quoted, so a line break inside a cell (a name or message the public typed) stays
 *   inside that cell and never starts a new spreadsheet row;
 * - a text that begins with = + - @, a tab or a carriage return would run as a formula (CSV
 *   injection, OWASP): it gets a leading apostrophe, and so does every line inside a cell that
 *   begins with one, for readers that split rows on a bare line feed;
 * - a UTF-8 byte-order mark first (without it Excel reads Bangla as mojibake) and CRLF line ends.
 *
 * Rows are pulled one at a time from an (async) iterable and written as the client reads, so an
 * export of 100,000 rows never holds them all in memory.
 */

/** What a cell may hold; numbers are written as they are (a number cannot carry a formula). */
export type CsvCell = string | number | null | undefined;
export type CsvRows = AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>;

/** The start of the text and of every line after a line break inside it. */
const LINE_FORMULA_START = /(^|\n|\r(?!\n))(?=[=+\-@\t\r])/g;

/** A text cell as it is written: a leading apostrophe wherever a line would start a formula. */
export function neutraliseCell(value: string): string {
  return value.replace(LINE_FORMULA_START, "$1'");
}

function cellOf(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? value : neutraliseCell(value);
}

async function* safeRows(rows: CsvRows): AsyncGenerator<(string | number)[]> {
  for await (const row of rows) yield row.map(cellOf);
}

/** The CSV bytes of a header row and the rows, as a Node stream (BOM, CRLF, every cell quoted). */
export function csvStream(columns: readonly string[], rows: CsvRows): Readable {
  const out = stringify({
    bom: true,
    header: true,
    columns: columns.map(neutraliseCell),
    record_delimiter: 'windows',
    quoted: true,
    quoted_empty: true,
  });
  // An error while reading the rows (the database went away) ends the download with that error
  // rather than with a file that looks complete.
  pipeline(Readable.from(safeRows(rows)), out, () => undefined);
  return out;
}

/** The whole CSV as one string; for tests and small exports. */
export async function csvText(columns: readonly string[], rows: CsvRows): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of csvStream(columns, rows)) chunks.push(Buffer.from(chunk as Buffer | string));
  return Buffer.concat(chunks).toString('utf8');
}

/** A streamed CSV download named `filename` (ASCII: it goes into a header as it is). */
export function csvResponse(
  c: Context,
  input: { filename: string; columns: readonly string[]; rows: CsvRows },
): Response {
  const body = Readable.toWeb(csvStream(input.columns, input.rows)) as ReadableStream<Uint8Array>;
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${input.filename}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
}
