/**
 * Browser scenarios in headless Chromium against the real portal (embedded PostgreSQL) and the
 * gateway stub. Required in CI: a missing browser fails the run. Screenshots go to e2e/artifacts/.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { CHROMIUM } from './lib/browser.js';
import { writeReport } from './lib/runner.js';
import { fieldDayScenario } from './scenarios/field-day.js';
import { firstScreenScenario } from './scenarios/first-screen.js';
import { nameChangeScenario } from './scenarios/name-change.js';
import { newLicenceScenario } from './scenarios/new-licence.js';
import { offlineKillsScenario } from './scenarios/offline-kills.js';
import { offlinePagesScenario } from './scenarios/offline-pages.js';
import { publicSiteScenario } from './scenarios/public-site.js';
import { recheckAmendmentScenario } from './scenarios/recheck-amendment.js';
import { registerScenario } from './scenarios/register.js';
import { renewalOfflineScenario } from './scenarios/renewal-offline.js';
import { staffMenusScenario } from './scenarios/staff-menus.js';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM) && fs.existsSync('/usr/share/fonts/truetype/noto')) return;
  // A fresh machine of this project has no browser: install Debian's when we may (root with apt-get).
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian chromium and fonts-noto-core for the browser scenario…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`No browser at ${CHROMIUM}; browser scenarios cannot be skipped.`);
}

// `npm run test:e2e -- public` runs only the scenarios whose name contains the word, in this process.
const only = process.argv[2];
const all = {
  'new-licence': newLicenceScenario,
  'public-site': publicSiteScenario,
  'offline-kills': offlineKillsScenario,
  'offline-pages': offlinePagesScenario,
  'first-screen': firstScreenScenario,
  'renewal-offline': renewalOfflineScenario,
  'name-change': nameChangeScenario,
  'recheck-amendment': recheckAmendmentScenario,
  'field-day': fieldDayScenario,
  register: registerScenario,
  'staff-menus': staffMenusScenario,
};

/**
 * With no word, the scenarios run in two lanes at once, each a process of its own with its own
 * portals and browsers: most of a scenario's time is waiting (a throttled link, a kill, a window in
 * which nothing may arrive), so two lanes keep the two cores busy (docs/decisions/049-test-databases.md).
 * The lanes are balanced by the scenarios' measured times (docs/BENCHMARKS.md, "The test suite"): the
 * six kill scenarios (about 160 s) with the short ones, the menu walk and the field day with the rest.
 */
const LANES: (keyof typeof all)[][] = [
  ['offline-kills', 'register', 'offline-pages', 'public-site'],
  ['staff-menus', 'field-day', 'renewal-offline', 'new-licence', 'first-screen', 'name-change', 'recheck-amendment'],
];

ensureChromium();
if (!fs.existsSync('client/dist/index.html')) throw new Error('Build the client first: npm run build');
if (only?.startsWith('--lane=')) {
  const lane = Number(only.slice('--lane='.length));
  for (const name of LANES[lane]!) await all[name]();
  process.exit(writeReport(`e2e-lane${lane + 1}`) ? 0 : 1);
} else if (only) {
  for (const [name, run] of Object.entries(all)) if (name.includes(only)) await run();
  process.exit(writeReport('e2e') ? 0 : 1);
} else {
  const missing = Object.keys(all).filter((name) => !LANES.flat().includes(name as keyof typeof all));
  if (missing.length > 0) throw new Error(`scenarios in no lane: ${missing.join(', ')}`);
  const codes = await Promise.all(LANES.map((_, lane) => runLane(lane)));
  process.exit(codes.every((c) => c === 0) ? 0 : 1);
}

/** One lane as a child process; its lines are printed as they come, each marked with its lane. */
function runLane(lane: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/run.ts', `--lane=${lane}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${lane + 1}] ${line}`));
    }
    child.on('exit', (code) => resolve(code));
  });
}
