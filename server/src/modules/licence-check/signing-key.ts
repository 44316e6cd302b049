import crypto, { type KeyObject } from 'node:crypto';
import type { Generated } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { placeOf } from '../../platform/db/office-scope.js';

/**
 * The office's Ed25519 licence-signing key (docs/decisions/024-signed-licence-qr.md). From
 * LICENCE_SIGNING_KEY (PKCS#8 PEM, or its DER in base64) when set; otherwise the one row of
 * licence_signing_key, made on first use. It is read on every use rather than kept in memory, so
 * two app instances on one database (or a restart) always sign with the same key, and the row one
 * instance wrote while another was making its own is the one both use. The private key is never
 * sent, logged or put in an error message.
 */
export interface SigningKey {
  privateKey: KeyObject;
  /** The raw 32-byte public key, as the browser's verifier takes it. */
  publicKey: Uint8Array;
  /** First 8 hex of SHA-256 of the raw public key: tells a rotated key apart on a printout. */
  keyId: string;
}

/** The key table, typed here: it belongs to this feature only (migrations/20261123-15-licence-signing-key.ts). */
type KeyTables = {
  licence_signing_key: { office_id: Generated<number>; id: number; private_key: string; created_at: Date };
};

export async function loadSigningKey(
  db: Database,
  configured: string | undefined = process.env.LICENCE_SIGNING_KEY,
): Promise<SigningKey> {
  if (configured && configured.trim() !== '') return fromPrivateKey(parseConfiguredKey(configured));
  const keys = db.withTables<KeyTables>();
  const stored = await keys
    .selectFrom('licence_signing_key')
    .select('private_key')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (stored) return fromPrivateKey(fromDer(stored.private_key));
  const fresh = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' });
  // Another instance may be making its key at the same moment: the first row wins, and both read it.
  await keys
    .insertInto('licence_signing_key')
    .values({ id: 1, private_key: fresh.toString('base64'), created_at: new Date() })
    .onConflict((oc) => oc.columns(['office_id', 'id']).doNothing())
    .execute();
  const row = await keys
    .selectFrom('licence_signing_key')
    .select('private_key')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return fromPrivateKey(fromDer(row.private_key));
}

/**
 * The office's key for this database, loaded (or made) once and then kept: every certificate and
 * every visit to the public check page needs it, and it only changes with a restart.
 */
const loaded = new WeakMap<object, Promise<SigningKey>>();
export function signingKey(db: Database): Promise<SigningKey> {
  const place = placeOf(db);
  let key = loaded.get(place);
  if (!key) {
    key = loadSigningKey(db);
    loaded.set(place, key);
    // A failed load (the database briefly away) is tried again next time.
    key.catch(() => loaded.delete(place));
  }
  return key;
}

/** LICENCE_SIGNING_KEY: a PEM block, or the DER bytes in base64; anything but an Ed25519 private key stops the start. */
export function parseConfiguredKey(value: string): KeyObject {
  let key: KeyObject;
  try {
    key = value.includes('-----BEGIN') ? crypto.createPrivateKey(value) : fromDer(value.trim());
  } catch {
    // The parser's own message may quote the input: say only what is wrong.
    throw new Error('LICENCE_SIGNING_KEY is not a PKCS#8 private key (PEM, or DER in base64)');
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`LICENCE_SIGNING_KEY must be an Ed25519 key, not ${key.asymmetricKeyType ?? 'unknown'}`);
  }
  return key;
}

function fromDer(base64: string): KeyObject {
  return crypto.createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });
}

/** The key's public half and id, from its private half (also how tests make a key of their own). */
export function fromPrivateKey(privateKey: KeyObject): SigningKey {
  const jwk = crypto.createPublicKey(privateKey).export({ format: 'jwk' });
  const publicKey = new Uint8Array(Buffer.from(jwk.x!, 'base64url'));
  const keyId = crypto.createHash('sha256').update(publicKey).digest('hex').slice(0, 8);
  return { privateKey, publicKey, keyId };
}
