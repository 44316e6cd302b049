import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStubGateway } from '../server/src/modules/sms/stub-gateway.js';
import { bn } from '../shared/src/i18n/index.js';
import { launchKillablePhone } from '../e2e/lib/killable-browser.js';
import { startPortal } from '../e2e/lib/portal.js';

/**
 * `npm run build && npm run bench:field-day`: the size of a prepared field day (issue 9; docs/decisions/031-field-pack.md).
 * Fills a database of its own with the demo data (`npm run demo:seed`: real-sized pictures and
 * papers), places the demo tile archive (`npm run tiles:demo`), starts the portal, and on a
 * phone-sized Chromium the demo BADC officer prepares every application in its unseen and pending
 * lists in one press (seven applications in the demo data). Prints what the dialog announced before downloading and what the
 * phone then holds, read from its field database: details, documents, tiles and bytes, and the
 * origin's storage usage. Figures go to docs/BENCHMARKS.md.
 */
/** The phone's field database (FIELD_DB_NAME in client/src/features/field-pack/db.ts). */
const FIELD_DB_NAME = 'portal-field';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-field-day-'));

function run(script: string): string {
  const r = spawnSync('node', ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${script} failed:\n${r.stderr || r.stdout}`);
  return r.stdout;
}

const started = Date.now();
const seeded = run('server/src/scripts/demo-seed.ts');
const badcLine = seeded.split('\n').find((l) => /^\s+BADC\s/.test(l));
const [, badcEmail, badcPassword] = badcLine?.trim().split(/\s+/) ?? [];
if (!badcEmail || !badcPassword) throw new Error(`no BADC account in the seed's output:\n${seeded}`);
run('server/src/scripts/tiles-demo.ts');
console.log(`demo data and tile archive in ${Math.round((Date.now() - started) / 1000)} s`);

const gateway = await startStubGateway({ token: 'bench' });
const portal = await startPortal({ smsUrl: gateway.url, smsToken: 'bench', dataDir });
const phone = await launchKillablePhone();
try {
  const { page } = phone;
  // Office 1 of the demo, at its own address (the portal's plain address is the national list).
  const base = `http://shibganj.localhost:${new URL(portal.url).port}`;
  await page.goto(`${base}/login`);
  await page.locator('#email').fill(badcEmail);
  await page.locator('#password').fill(badcPassword);
  await page.getByRole('button', { name: bn['staff.login.submit'] }).click();
  await page.waitForURL(/\/admin-page/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  // The day's work in one press: every application in the officer's unseen and pending lists.
  await page.goto(`${base}/admin-page/field-pack`);
  await page.getByRole('button', { name: bn['fieldPack.page.prepareMine'] }).click();
  const dialog = page.getByRole('dialog');
  const plan = dialog.getByTestId('pack-plan');
  await plan.waitFor({ timeout: 60_000 });
  const announced = (await plan.innerText()).replace(/\s*\n\s*/g, ' | ');
  const t0 = Date.now();
  await dialog.getByRole('button', { name: bn['fieldPack.dialog.start'] }).click();
  await dialog.getByText(/টি আবেদন এখন সংযোগ ছাড়াই খোলা যাবে/).waitFor({ timeout: 300_000 });
  const seconds = (Date.now() - t0) / 1000;

  // What the phone holds, read from its field database (client/src/features/field-pack/db.ts).
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const held = await page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const rows: Record<
      string,
      { blob?: Blob; detail?: unknown; tiles?: number; minZoom?: number; maxZoom?: number }[]
    > = {};
    for (const store of ['details', 'documents', 'tiles', 'packs']) {
      rows[store] = await new Promise((resolve, reject) => {
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    }
    db.close();
    const estimate = await navigator.storage.estimate();
    let detailBytes = 0;
    for (const d of rows.details!) detailBytes += JSON.stringify(d.detail).length;
    let documentBytes = 0;
    for (const d of rows.documents!) documentBytes += d.blob!.size;
    let tileBytes = 0;
    for (const d of rows.tiles!) tileBytes += d.blob!.size;
    return {
      packs: rows.packs!.length,
      zooms: rows.packs!.map((p) => `${p.minZoom}-${p.maxZoom}`),
      detailBytes,
      documents: rows.documents!.length,
      documentBytes,
      tiles: rows.tiles!.length,
      tileBytes,
      tilesPerPack: rows.packs!.map((p) => p.tiles ?? 0),
      usage: estimate.usage ?? 0,
    };
  }, FIELD_DB_NAME);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
  console.log(`\nThe dialog announced: ${announced}`);
  console.log(`Prepared ${held.packs} applications in ${seconds.toFixed(1)} s (local portal, no throttling):`);
  console.log(`  details    ${kb(held.detailBytes)}`);
  console.log(`  documents  ${held.documents} files, ${mb(held.documentBytes)}`);
  console.log(
    `  map tiles  ${held.tiles} distinct tiles (zooms ${[...new Set(held.zooms)].join(', ')}; per pack ${held.tilesPerPack.join(', ')}), ${mb(held.tileBytes)}`,
  );
  console.log(`  in all     ${mb(held.detailBytes + held.documentBytes + held.tileBytes)}`);
  console.log(`  origin storage in use (navigator.storage.estimate): ${mb(held.usage)}`);
} finally {
  await phone.dispose();
  await portal.stop();
  await gateway.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
