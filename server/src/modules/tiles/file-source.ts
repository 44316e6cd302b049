import fs from 'node:fs/promises';
import type { RangeResponse, Source } from 'pmtiles';

/**
 * A PMTiles `Source` that reads byte ranges of an archive on this disk (docs/decisions/033-tile-archive.md).
 * The library's own sources fetch over HTTP or read a browser `File`; an upazila's archive can be
 * hundreds of megabytes, so it is never read whole: each call reads just the range asked for, at
 * its position, through one open handle.
 */
export class FileRangeSource implements Source {
  private handle: Promise<fs.FileHandle> | null = null;

  constructor(readonly file: string) {}

  getKey(): string {
    return this.file;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    if (!this.handle) {
      const opening = fs.open(this.file, 'r');
      this.handle = opening;
      // A file that could not be opened (moved away) is tried again on the next read.
      opening.catch(() => {
        if (this.handle === opening) this.handle = null;
      });
    }
    const handle = await this.handle;
    const buffer = Buffer.alloc(length);
    // A read may return fewer bytes than asked: the library's first read asks 16 KiB of what may be a smaller file.
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, offset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + filled) as ArrayBuffer };
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    if (handle) await (await handle).close();
  }
}
