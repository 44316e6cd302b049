import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvText, neutraliseCell } from './csv.js';

/** Reads the file back the way a spreadsheet does: BOM dropped, a line break ends a row unless quoted. */
function readBack(text: string): string[][] {
  return parse(text, { bom: true, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true }) as string[][];
}

describe('CSV exports (decision 015)', () => {
  it('keeps a name with a line feed and a formula in ONE row, the formula line behind an apostrophe', async () => {
    const name = 'x\n=HYPERLINK("http://evil")';
    const text = await csvText(['name', 'phone'], [[name, '01711111111']]);
    const rows = readBack(text);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(['x\n\'=HYPERLINK("http://evil")', '01711111111']);
    // Also for a reader that splits on a bare line feed, no line starts with a formula character.
    for (const line of text.split(/\r?\n|\r/)) expect(line).not.toMatch(/^[=+\-@]/);
  });

  it('puts an apostrophe before every dangerous first character and quotes every cell', async () => {
    const dangerous = ['=1+1', '+8801711111111', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
    const text = await csvText(
      ['value'],
      dangerous.map((d) => [d]),
    );
    const rows = readBack(text).slice(1);
    expect(rows.map((r) => r[0])).toEqual(dangerous.map((d) => `'${d}`));
    for (const line of text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean))
      expect(line).toMatch(/^".*"$/s);
    expect(neutraliseCell('a - b = c')).toBe('a - b = c');
    expect(neutraliseCell('line one\r\n-two')).toBe("line one\r\n'-two");
  });

  it('starts with a UTF-8 byte-order mark, ends lines with CRLF and keeps Bangla, numbers and empty cells', async () => {
    const text = await csvText(['নাম', 'n', 'empty'], [['রহিমা বেগম, "জরুরি"', 42, null]]);
    expect(text.startsWith('\uFEFF"নাম","n","empty"\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(readBack(text)).toEqual([
      ['নাম', 'n', 'empty'],
      ['রহিমা বেগম, "জরুরি"', '42', ''],
    ]);
  });

  it('writes rows from an async source as they come, and fails the download when the source fails', async () => {
    async function* rows() {
      for (let i = 0; i < 3000; i++) yield [`সারি ${i}`];
    }
    const text = await csvText(['row'], rows());
    expect(readBack(text)).toHaveLength(3001);

    async function* broken() {
      yield ['one'];
      throw new Error('database went away');
    }
    await expect(csvText(['row'], broken())).rejects.toThrow('database went away');
  });
});
