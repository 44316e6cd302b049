import crypto, { type KeyObject } from 'node:crypto';
import { decodeFacts, encodeFacts, type LicenceFacts } from '@portal/shared/licence-facts';
import type { SigningKey } from './signing-key.js';

/**
 * Signing the facts a licence's QR carries, and checking them in the server's own tests (their
 * format: shared/src/licence-facts.ts; docs/decisions/024-signed-licence-qr.md).
 */

export type { LicenceFacts };

/** `<origin>/licence-check#<payload>.<signature>`: the fragment never reaches a server's logs. */
export function signedCheckUrl(origin: string, facts: LicenceFacts, key: SigningKey): string {
  const payload = encodeFacts(facts, key.keyId);
  const signature = crypto.sign(null, payload, key.privateKey);
  return `${origin.replace(/\/+$/, '')}/licence-check#${b64url(payload)}.${b64url(signature)}`;
}

/** Whether a signed URL's fragment verifies with this raw public key (the server's tests; the browser has its own). */
export function verifyCheckUrl(url: string, publicKey: Uint8Array): LicenceFacts | null {
  const fragment = url.slice(url.indexOf('#') + 1);
  const [payloadPart, signaturePart, extra] = fragment.split('.');
  if (!payloadPart || !signaturePart || extra !== undefined) return null;
  const payload = Buffer.from(payloadPart, 'base64url');
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== 64 || !crypto.verify(null, payload, rawPublicKey(publicKey), signature)) return null;
  return decodeFacts(payload);
}

function rawPublicKey(raw: Uint8Array): KeyObject {
  return crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: b64url(raw) }, format: 'jwk' });
}

export function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}
