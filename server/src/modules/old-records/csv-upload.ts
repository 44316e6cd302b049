import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { CsvError, parse } from 'csv-parse';
import { toBanglaDigits, translate } from '@portal/shared';
import { OLD_IMPORT_MAX_RECORD_CHARS } from '@portal/shared/schemas/old-records';
import { Problem } from '../../platform/http/problem.js';

/**
 * Reads a CSV request body row by row as it arrives (docs/decisions/039-old-records-import.md): the
 * bytes are counted on the stream and cut off past `maxBytes` (a chunked body or a lying
 * Content-Length too, as for file uploads, http/upload.ts), decoded as strict UTF-8 (a file Excel
 * saved in the Windows code page has lost its Bangla already: say so rather than import "?"), and
 * parsed by csv-parse; past `maxRows` data rows the reading stops. Nothing but the current row is
 * held here, so the caller decides what to keep.
 *
 * Only `text/csv` (or `application/csv`) is read: a type a page on another site cannot send without
 * a CORS preflight, like the raw uploads (docs/decisions/013-request-hardening.md).
 */
const CSV_MEDIA_TYPES = ['text/csv', 'application/csv'];

export interface CsvRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: string[];
}

const unreadable = (
  key: 'oldRecords.csv.encoding' | 'oldRecords.csv.malformed' | 'oldRecords.csv.rowTooLong',
  line?: number,
) =>
  new Problem('CSV_UNREADABLE', {
    fields: {
      file: translate('bn', key, {
        line: toBanglaDigits(line ?? 0),
        max: toBanglaDigits(OLD_IMPORT_MAX_RECORD_CHARS.toLocaleString('en-IN')),
      }),
    },
  });

async function* decoded(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw new Problem('IMPORT_TOO_MANY_ROWS');
      yield decode(decoder, value);
    }
    yield decode(decoder);
  } finally {
    // An early stop (too many rows, a bad file) leaves the rest of the body unread.
    await reader.cancel().catch(() => undefined);
  }
}

function decode(decoder: TextDecoder, bytes?: Uint8Array): string {
  try {
    return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
  } catch {
    throw unreadable('oldRecords.csv.encoding');
  }
}

/**
 * The header (row 1), then every data row; rows whose cells are all empty (Excel keeps some at the
 * end of a sheet) are skipped but still counted, so the row numbers are the spreadsheet's.
 */
export async function* csvRows(
  body: ReadableStream<Uint8Array> | null,
  opts: { contentType: string | undefined; maxBytes: number; maxRows: number; maxRecordChars: number },
): AsyncGenerator<CsvRow> {
  const mediaType = (opts.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CSV_MEDIA_TYPES.includes(mediaType)) {
    await body?.cancel().catch(() => undefined);
    throw new Problem('UNSUPPORTED_MEDIA_TYPE', { fields: { file: translate('bn', 'oldRecords.csv.mediaType') } });
  }
  if (!body) throw new Problem('CSV_UNREADABLE', { fields: { file: translate('bn', 'oldRecords.csv.empty') } });
  const source = Readable.from(decoded(body, opts.maxBytes));
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: opts.maxRecordChars,
  });
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  let row = 0;
  let dataRows = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      if (row > 1 && cells.every((c) => c.trim() === '')) continue;
      if (row > 1 && ++dataRows > opts.maxRows) throw new Problem('IMPORT_TOO_MANY_ROWS');
      yield { row, cells };
    }
  } catch (e) {
    if (e instanceof CsvError && e.code === 'CSV_MAX_RECORD_SIZE')
      throw unreadable('oldRecords.csv.rowTooLong', Number(e.lines ?? row + 1));
    if (e instanceof CsvError) throw unreadable('oldRecords.csv.malformed', Number(e.lines ?? row + 1));
    throw e;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
