// @vitest-environment node
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from './hash';
import { newId } from './ids';

/**
 * A page served over plain http on an office LAN has crypto.getRandomValues but neither
 * crypto.randomUUID nor crypto.subtle (docs/decisions/012-offline-queue-truth.md): ids and file
 * hashes must still work there, and give what the secure-context APIs give.
 */
function insecureContext() {
  vi.stubGlobal('crypto', { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ids and hashes outside a secure context', () => {
  it('makes distinct version-4 UUIDs without crypto.randomUUID', () => {
    insecureContext();
    expect('randomUUID' in globalThis.crypto).toBe(false);
    const ids = Array.from({ length: 200 }, newId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('hashes a file without crypto.subtle, exactly as crypto.subtle does', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    const secure = await sha256Hex(new Blob([bytes]));
    insecureContext();
    expect('subtle' in globalThis.crypto).toBe(false);
    expect(await sha256Hex(new Blob([new TextEncoder().encode('abc')]))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256Hex(new Blob([bytes]))).toBe(secure);
  });
});
