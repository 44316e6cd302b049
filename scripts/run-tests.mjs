// `npm test`: every test tier, one line per tier with its wall time as it ends, a table of them all
// at the close, then the distinct-test summary (scripts/test-summary.mjs). A failing tier does not
// stop the later ones, so one run shows every failure and every tier's time; the run fails when any
// tier or the summary does. Where the time goes: docs/BENCHMARKS.md, "The test suite".
//
// After the build, two lanes run side by side (docs/decisions/049-test-databases.md): the browser
// scenarios, which wait on timers and slowed links far more than they compute (a third of two cores),
// and every other tier in turn, each with one worker so that the scenarios keep a core to
// themselves. The scenarios' output streams as it comes; each other tier's is printed whole when it
// ends, so the two never interleave line by line.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const BUILD = ['build', 'build'];
const BROWSER = [['browser scenarios', 'test:e2e']];
const OTHERS = [
  ['unit: shared and client', 'test:unit'],
  ['server on PGlite', 'test:server'],
  ['server on PostgreSQL', 'test:server:pg'],
  ['benchmarks at a tiny size', 'bench:smoke'],
];
/** Beside the scenarios: one vitest worker, one benchmark at a time. */
const BESIDE = { TEST_WORKERS: '1', BENCH_LANES: '1' };

const done = [];

/** Runs one tier; `buffered` keeps its output until it ends. */
function tier([name, script], { buffered = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const out = [];
    const child = spawn('npm', ['run', '-s', script], {
      env: { ...process.env, ...env },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (buffered) {
      child.stdout.on('data', (b) => out.push(b));
      child.stderr.on('data', (b) => out.push(b));
    }
    child.on('exit', (code) => {
      const seconds = (Date.now() - t0) / 1000;
      const ok = code === 0;
      done.push({ name, script, seconds, ok });
      if (buffered) process.stdout.write(Buffer.concat(out));
      console.log(
        `\n── tier: ${name} (npm run ${script}): ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s ──\n`,
      );
      resolve(ok);
    });
  });
}

async function lane(tiers, opts) {
  for (const t of tiers) await tier(t, opts);
}

fs.rmSync('test-results', { recursive: true, force: true });
const started = Date.now();
await tier(BUILD);
await Promise.all([lane(BROWSER), lane(OTHERS, { buffered: true, env: BESIDE })]);

const width = Math.max(...done.map((d) => d.name.length));
console.log('Tier times (wall; after the build, the browser scenarios ran beside the others):');
for (const d of done)
  console.log(`  ${d.name.padEnd(width)}  ${d.seconds.toFixed(0).padStart(5)} s  ${d.ok ? 'passed' : 'FAILED'}`);
console.log(`  ${'all tiers'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
const summary = spawn('node', ['scripts/test-summary.mjs', 'test-results'], { stdio: 'inherit' });
summary.on('exit', (code) => process.exit(done.every((d) => d.ok) && code === 0 ? 0 : 1));
