// `npm test`: every test tier, one line per tier with its wall time as it ends, a table of them all
// at the close, then the distinct-test summary (scripts/test-summary.mjs). A failing tier does not
// stop the later ones, so one run shows every failure and every tier's time; the run fails when any
// tier or the summary does. Where the time goes: docs/BENCHMARKS.md, "The test suite".
import { spawn } from 'node:child_process';
import fs from 'node:fs';

// Two lanes side by side after the build: the browser scenarios in one, the other tiers one after
// another in the other. The scenarios spend most of their time waiting (throttled links, kills,
// windows in which nothing may arrive) and leave about a core idle, which the other lane uses
// (docs/decisions/049-test-databases.md). Each tier's time is its own wall time, so the lanes'
// times overlap; "all tiers" is the wall time of the whole.
const LANES_AFTER_BUILD = [
  [['browser scenarios', 'test:e2e']],
  [
    ['unit: shared and client', 'test:unit'],
    ['server on PGlite', 'test:server'],
    ['server on PostgreSQL', 'test:server:pg'],
    ['benchmarks at a tiny size', 'bench:smoke'],
  ],
];

function runTier([name, script]) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn('npm', ['run', '-s', script], { stdio: 'inherit' });
    child.on('exit', (code) => {
      const seconds = (Date.now() - t0) / 1000;
      const ok = code === 0;
      console.log(
        `\n── tier: ${name} (npm run ${script}): ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s ──\n`,
      );
      resolve({ name, seconds, ok });
    });
  });
}

fs.rmSync('test-results', { recursive: true, force: true });
const done = [];
const started = Date.now();
done.push(await runTier(['build', 'build']));
await Promise.all(
  LANES_AFTER_BUILD.map(async (lane) => {
    for (const tier of lane) done.push(await runTier(tier));
  }),
);

const width = Math.max(...done.map((d) => d.name.length));
console.log('Tier times (wall; after the build, the browser scenarios beside the rest):');
for (const d of done)
  console.log(`  ${d.name.padEnd(width)}  ${d.seconds.toFixed(0).padStart(5)} s  ${d.ok ? 'passed' : 'FAILED'}`);
console.log(`  ${'all tiers'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
const summary = await new Promise((resolve) =>
  spawn('node', ['scripts/test-summary.mjs', 'test-results'], { stdio: 'inherit' }).on('exit', resolve),
);
process.exit(done.every((d) => d.ok) && summary === 0 ? 0 : 1);
