import crypto from 'node:crypto';

/**
 * Staff password hashing (docs/decisions/018-service-targets.md, OWASP ASVS 5.0 level 2): scrypt with N=2^17, r=8, p=1.
 * That needs 128·N·r = 128 MiB of memory, above Node's 32 MiB default, hence the raised maxmem.
 * Stored as `scrypt$N$r$p$salt$hash` (base64url) so the parameters can be raised later and old
 * hashes still verify.
 */
const PRODUCTION_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
let cost: { N: number; r: number; p: number } = PRODUCTION_COST;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * Tests only (server/src/test/setup.ts): a cheap cost (N=2^10) so that the suites' hundreds of
 * sign-ins take milliseconds instead of 0.4 s of CPU each (docs/decisions/049-test-databases.md).
 * Refused outside the test runner, so no setting or mistake can weaken a deployment's hashes; a
 * test proves the portal's own processes hash at the production cost.
 */
export function useCheapCostInTests(): void {
  if (!process.env.VITEST) throw new Error('The cheap password cost exists for the test runner only.');
  cost = { N: 2 ** 10, r: 8, p: 1 };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, cost.N, cost.r, cost.p);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

let dummyHash: Promise<string> | null = null;
/**
 * For a sign-in with an unknown e-mail: the same scrypt work as a real check, so the answer's
 * timing does not tell whether the account exists.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
