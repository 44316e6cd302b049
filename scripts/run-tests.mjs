// `npm test`: every test tier in turn, one line per tier with its wall time as it ends, a table of
// them all at the close, then the distinct-test summary (scripts/test-summary.mjs). A failing tier
// does not stop the later ones, so one run shows every failure and every tier's time; the run
// fails when any tier or the summary does. Where the time goes: docs/BENCHMARKS.md, "The test suite".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const TIERS = [
  ['unit: shared and client', 'test:unit'],
  ['server on PGlite', 'test:server'],
  ['server on PostgreSQL', 'test:server:pg'],
  ['build', 'build'],
  ['browser scenarios', 'test:e2e'],
  ['benchmarks at a tiny size', 'bench:smoke'],
];

fs.rmSync('test-results', { recursive: true, force: true });
const done = [];
const started = Date.now();
for (const [name, script] of TIERS) {
  const t0 = Date.now();
  const r = spawnSync('npm', ['run', '-s', script], { stdio: 'inherit' });
  const seconds = (Date.now() - t0) / 1000;
  const ok = r.status === 0;
  done.push({ name, script, seconds, ok });
  console.log(`\n── tier: ${name} (npm run ${script}): ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s ──\n`);
}

const width = Math.max(...done.map((d) => d.name.length));
console.log('Tier times (wall):');
for (const d of done)
  console.log(`  ${d.name.padEnd(width)}  ${d.seconds.toFixed(0).padStart(5)} s  ${d.ok ? 'passed' : 'FAILED'}`);
console.log(`  ${'all tiers'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
const summary = spawnSync('node', ['scripts/test-summary.mjs', 'test-results'], { stdio: 'inherit' });
process.exit(done.every((d) => d.ok) && summary.status === 0 ? 0 : 1);
