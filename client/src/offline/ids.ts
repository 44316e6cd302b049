/**
 * A random UUID (v4) made on the phone: the one id helper of the client (outbox items, officer
 * decisions, idempotent staff writes; docs/decisions/012-offline-queue-truth.md). crypto.randomUUID
 * exists only in secure contexts (https, localhost); an office may serve the portal over plain http
 * on its LAN, where getRandomValues (available everywhere) makes the same kind of id.
 */
export function newId(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
