import { pdfBytes, pngBytes, sha256 } from '../../server/src/modules/applications/intake-fixtures.js';

/** Files for the forms' document slots: the server tests' fixtures, as Buffers for setInputFiles. */
export const png = (seed: number): Buffer => Buffer.from(pngBytes(seed * 70, 64));
export const pdf = (seed: number): Buffer => Buffer.from(pdfBytes(seed));
export { sha256 };
