/**
 * Browser scenarios in headless Chromium against the real portal (embedded PostgreSQL) and the
 * gateway stub. Required in CI: a missing browser fails the run. Screenshots go to e2e/artifacts/.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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
import { twoOfficesScenario } from './scenarios/two-offices.js';

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

ensureChromium();
if (!fs.existsSync('client/dist/index.html')) throw new Error('Build the client first: npm run build');
// `npm run test:e2e -- public` runs only the scenarios whose name contains the word.
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
  'two-offices': twoOfficesScenario,
};
for (const [name, run] of Object.entries(all)) if (!only || name.includes(only)) await run();
process.exit(writeReport() ? 0 : 1);
