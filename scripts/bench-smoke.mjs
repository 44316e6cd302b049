// `npm run bench:smoke`: every database and bundle benchmark at a tiny size (a few hundred rows, one
// or two repetitions), so a benchmark that no longer runs on today's code fails `npm test` the day it
// breaks instead of the day someone wants its figures. The figures of a tiny run mean nothing; the
// real sizes and their commands are in docs/BENCHMARKS.md. Two run at a time: most of their time is
// starting processes and waiting on the database.
import { spawn } from 'node:child_process';

const TINY = { BENCH_ROWS: '300', BENCH_REPS: '2', BENCH_SECONDS: '1', BENCH_RUNS: '1' };
const BENCHES = [
  ['bench:queues'],
  ['bench:api'],
  ['bench:map'],
  ['bench:export'],
  ['bench:import'],
  // One page, one cold load: needs the build, as `npm test` has made it by now.
  ['bench:bundle', '/'],
];

function run([script, ...args]) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const out = [];
    const child = spawn('npm', ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], {
      env: { ...process.env, ...TINY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('exit', (code) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(0);
      if (code === 0) console.log(`  ✓ ${script} at a tiny size (${seconds} s)`);
      else
        console.log(
          `  ✗ ${script} at a tiny size exited with ${code} (${seconds} s):\n${Buffer.concat(out).toString()}`,
        );
      resolve(code === 0);
    });
  });
}

const queue = [...BENCHES];
const results = [];
// Two at a time; one beside the browser scenarios in `npm test` (BENCH_LANES).
const lanes = Number(process.env.BENCH_LANES ?? 2);
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await run(next));
  }),
);
const failed = results.filter((ok) => !ok).length;
console.log(`Benchmarks at a tiny size: ${results.length - failed} ran, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
