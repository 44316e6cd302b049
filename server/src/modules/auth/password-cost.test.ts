import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../platform/config.js';
import { hashPassword, verifyPassword } from './password.js';

/**
 * The tests hash staff passwords at a cheap cost (server/src/test/setup.ts); the portal must not.
 * A process of the portal's own, outside the test runner, hashes at N=2^17, r=8, p=1 and cannot be
 * talked into the cheap cost.
 */
describe('password hashing cost', () => {
  it('is the production cost (scrypt N=2^17, r=8, p=1) in a process outside the test runner, and cannot be lowered there', async () => {
    const env = { ...process.env };
    delete env.VITEST;
    delete env.VITEST_POOL_ID;
    delete env.VITEST_WORKER_ID;
    const script = `
      const m = await import('./server/src/modules/auth/password.ts');
      const hash = await m.hashPassword('a long enough pass phrase');
      let refused = false;
      try { m.useCheapCostInTests(); } catch { refused = true; }
      console.log(JSON.stringify({ hash, refused, ok: await m.verifyPassword('a long enough pass phrase', hash) }));`;
    const out = execFileSync('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    });
    const { hash, refused, ok } = JSON.parse(out.trim().split('\n').pop()!) as {
      hash: string;
      refused: boolean;
      ok: boolean;
    };
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(refused).toBe(true);
    expect(ok).toBe(true);
    // The parameters stored with a hash are the ones checked: the deployment's hash verifies here,
    // where new hashes are cheap.
    expect(await verifyPassword('a long enough pass phrase', hash)).toBe(true);
    expect(await verifyPassword('a long enough pass phrasE', hash)).toBe(false);
  });

  it('is cheap inside the test runner, and a cheap hash verifies only its own password', async () => {
    const stored = await hashPassword('another pass phrase here');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('another pass phrase here', stored)).toBe(true);
    expect(await verifyPassword('another pass phrase herE', stored)).toBe(false);
  });
});
