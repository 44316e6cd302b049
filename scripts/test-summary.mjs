// Prints one closing line for CI ("N passed, N failed, N skipped") over DISTINCT tests: the server
// suite runs twice (PGlite and PostgreSQL), and those are two runs of the same tests, not twice as
// many tests (issue 7, "Honest figures"). A test counts as failed when it failed in any run, as
// skipped when no run executed it. Exits non-zero when anything failed or nothing ran.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
const root = process.cwd();

/** test id → { tier, outcomes: Set<'passed'|'failed'|'skipped'> } */
const tests = new Map();
/** report file → { tier, run, count } for the runs line */
const runs = [];

function record(tier, id, outcome) {
  const entry = tests.get(id) ?? { tier, outcomes: new Set() };
  entry.outcomes.add(outcome);
  tests.set(id, entry);
}

const OUTCOME = { passed: 'passed', failed: 'failed', pending: 'skipped', skipped: 'skipped', todo: 'skipped' };

for (const name of fs.readdirSync(dir).sort()) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  const run = name.replace(/\.json$/, '');
  if (Array.isArray(report.testResults)) {
    // A vitest JSON report: one entry per file, one assertion result per test.
    let count = 0;
    for (const file of report.testResults) {
      const rel = path.relative(root, file.name);
      const tier = rel.split(path.sep)[0];
      for (const t of file.assertionResults ?? []) {
        record(tier, `${rel} › ${t.fullName}`, OUTCOME[t.status] ?? 'failed');
        count += 1;
      }
      // A file that failed to load has no assertion results: count it as one failed test.
      if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') record(tier, rel, 'failed');
    }
    runs.push({ run, count });
  } else if (Array.isArray(report.results)) {
    // The browser scenarios' report (e2e/lib/runner.ts).
    for (const r of report.results) record('e2e', `e2e › ${r.name}`, r.ok ? 'passed' : 'failed');
    runs.push({ run, count: report.results.length });
  }
}

const byTier = new Map();
let passed = 0;
let failed = 0;
let skipped = 0;
for (const { tier, outcomes } of tests.values()) {
  const outcome = outcomes.has('failed') ? 'failed' : outcomes.has('passed') ? 'passed' : 'skipped';
  if (outcome === 'failed') failed += 1;
  else if (outcome === 'passed') passed += 1;
  else skipped += 1;
  byTier.set(tier, (byTier.get(tier) ?? 0) + 1);
}

console.log(`Distinct tests by tier: ${[...byTier].map(([tier, n]) => `${tier} ${n}`).join(', ')}`);
console.log(`Runs: ${runs.map((r) => `${r.run} ${r.count}`).join(', ')} (the server tests run once per database)`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
