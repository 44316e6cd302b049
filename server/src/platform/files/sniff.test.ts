import { describe, expect, it } from 'vitest';
import { jpegBytes, pdfBytes, pngBytes, webpBytes } from '../../modules/applications/intake-fixtures.js';
import { sniffType } from './sniff.js';

describe('sniffType (the type comes from the bytes, not the name)', () => {
  it('recognises the four accepted types', async () => {
    expect(await sniffType(jpegBytes())).toBe('image/jpeg');
    expect(await sniffType(pngBytes())).toBe('image/png');
    expect(await sniffType(webpBytes())).toBe('image/webp');
    expect(await sniffType(pdfBytes())).toBe('application/pdf');
  });

  it('refuses text, HTML and other real formats that are not accepted', async () => {
    expect(await sniffType(new TextEncoder().encode('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(await sniffType(new TextEncoder().encode('just text'))).toBeNull();
    // A GIF and a ZIP are real files, but not ones the office accepts.
    expect(await sniffType(new Uint8Array([...Buffer.from('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x3b]))).toBeNull();
    expect(await sniffType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(40).fill(0)]))).toBeNull();
  });
});
