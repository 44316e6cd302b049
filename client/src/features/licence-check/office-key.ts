import { api } from '../../api/client';
import { officeQuery } from './live-check';
import { fromBase64Url, keyIdOf } from './signed-licence';

/**
 * The office's published licence-signing key, kept on this device (localStorage) once fetched, so
 * a printout can be checked later with no network. Every key ever seen is kept by its id: a
 * printout signed before the office rotated its key still verifies here. Each office has keys of
 * its own, so keeping them by id keeps another office's apart too (docs/decisions/057-offices.md).
 */
export interface OfficeKey {
  keyId: string;
  /** base64url of the raw 32-byte Ed25519 public key, as published. */
  publicKey: string;
}

const STORE = 'licence-check-keys';

interface Stored {
  current: string | null;
  keys: Record<string, string>;
}

function readStore(): Stored {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORE) ?? 'null') as Stored | null;
    if (parsed && typeof parsed.keys === 'object' && parsed.keys) return parsed;
  } catch {
    /* unreadable: start again */
  }
  return { current: null, keys: {} };
}

/** The last key the portal published to this device, if any. */
export function keptCurrentKey(): OfficeKey | null {
  const { current, keys } = readStore();
  return current && keys[current] ? { keyId: current, publicKey: keys[current] } : null;
}

/** The raw key with this id, if this device has seen it. */
export function keptKey(keyId: string): Uint8Array | null {
  const stored = readStore().keys[keyId];
  return stored ? fromBase64Url(stored) : null;
}

/**
 * Fetches the published key and keeps it. A key whose id is not its own hash is refused (a broken
 * proxy or a mistake must not plant a key under another's id). Throws ApiError NETWORK offline,
 * and ApiError 404 for an office this portal does not know. `office`: the code a version-2 QR
 * names; that office's key is kept but does not become this site's current key.
 */
export async function fetchOfficeKey(office?: string | null): Promise<OfficeKey> {
  const key = await api<OfficeKey & { algorithm: string }>(`/api/public/licence-key${officeQuery(office)}`);
  const raw = fromBase64Url(key.publicKey);
  if (key.algorithm !== 'Ed25519' || !raw || raw.length !== 32 || keyIdOf(raw) !== key.keyId) {
    throw new Error('The published licence key is not a valid Ed25519 key');
  }
  const stored = readStore();
  stored.keys[key.keyId] = key.publicKey;
  if (!office) stored.current = key.keyId;
  try {
    localStorage.setItem(STORE, JSON.stringify(stored));
  } catch {
    /* storage full or blocked: the check still works while online */
  }
  return { keyId: key.keyId, publicKey: key.publicKey };
}
