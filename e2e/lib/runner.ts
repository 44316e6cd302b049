import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

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

/**
 * Runs every check even when an earlier one fails, then fails with all their messages: after a
 * kill each check tells something different about what the person would meet.
 */
export async function checkAll(checks: Record<string, () => Promise<unknown>>): Promise<void> {
  const failed: string[] = [];
  for (const [what, check] of Object.entries(checks)) {
    try {
      await check();
    } catch (err) {
      failed.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (failed.length > 0) throw new Error(failed.join('\n'));
}

/** A screenshot into e2e/artifacts/<name>.png (phone width): the whole page, or only the screen in view. */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: opts.fullPage ?? true });
}

/** Polls until fn gives a value; the message says what never came. */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
