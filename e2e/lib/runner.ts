import fs from 'node:fs';
import path from 'node:path';

/**
 * A tiny runner for browser scenarios: each step is named, failures keep a screenshot, and the
 * result is written as test-results/e2e.json in the same shape as vitest's JSON report.
 */
export const artifactsDir = path.resolve(import.meta.dirname, '..', 'artifacts');
fs.mkdirSync(artifactsDir, { recursive: true });

interface Result {
  name: string;
  ok: boolean;
  error?: string;
  ms: number;
}
const results: Result[] = [];

export async function scenario(name: string, fn: () => Promise<void>): Promise<void> {
  const start = Date.now();
  process.stdout.write(`▶ ${name}\n`);
  try {
    await fn();
    results.push({ name, ok: true, ms: Date.now() - start });
    process.stdout.write(`  ✓ ${name} (${Date.now() - start} ms)\n`);
  } catch (err) {
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    results.push({ name, ok: false, error: message, ms: Date.now() - start });
    process.stdout.write(`  ✗ ${name}\n${message}\n`);
  }
}

export function writeReport(): boolean {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  const out = path.resolve(import.meta.dirname, '..', '..', 'test-results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, 'e2e.json'),
    JSON.stringify({ numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, results }, null, 2),
  );
  console.log(`Browser scenarios: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0;
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
