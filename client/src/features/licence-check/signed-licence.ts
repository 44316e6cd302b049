import { hashes, verify } from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { decodeFacts, type SignedFacts } from '@portal/shared/licence-facts';

/**
 * Reads and checks the signed facts in a licence QR's link (docs/decisions/024-signed-licence-qr.md),
 * with no network: `#<payload>.<signature>`, both base64url; the payload's format is
 * shared/src/licence-facts.ts. Pure JavaScript hashing, so it also
 * works on an office LAN page served over plain http, where WebCrypto is missing.
 */
hashes.sha512 = sha512;

export type { SignedFacts };

export interface SignedLicence {
  facts: SignedFacts;
  payload: Uint8Array;
  signature: Uint8Array;
}

/** The fragment (with or without '#') as a signed licence; null when it is not one (cut, altered, not ours). */
export function readSignedLicence(fragment: string): SignedLicence | null {
  const [payloadPart, signaturePart, extra] = fragment.replace(/^#/, '').split('.');
  if (!payloadPart || !signaturePart || extra !== undefined) return null;
  const payload = fromBase64Url(payloadPart);
  const signature = fromBase64Url(signaturePart);
  if (!payload || !signature || signature.length !== 64) return null;
  const facts = decodeFacts(payload);
  return facts ? { facts, payload, signature } : null;
}

/** Strict RFC 8032 verification, as the server's node:crypto signs. */
export function signatureValid(licence: SignedLicence, publicKey: Uint8Array): boolean {
  try {
    return verify(licence.signature, licence.payload, publicKey, { zip215: false });
  } catch {
    return false;
  }
}

/** The key id the server gives a public key: the first 8 hex of its SHA-256. */
export function keyIdOf(publicKey: Uint8Array): string {
  return Array.from(sha256(publicKey).slice(0, 4), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
