/**
 * SHA-256 of a file, as lower-case hex (the manifest's `sha256`, docs/decisions/005). The one
 * hash helper of the client (docs/decisions/012-offline-queue-truth.md): crypto.subtle exists only
 * in secure contexts (https, localhost), and an office LAN may serve the portal over plain http,
 * where every file hash would fail. There the small audited @noble/hashes does the same work; it
 * is fetched only on such a page, so the usual https visit does not download it.
 */
export async function sha256Hex(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return toHex(sha256(bytes));
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
