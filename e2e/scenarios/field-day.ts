import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { writePmtiles, type WriterTile } from '../../server/src/modules/tiles/pmtiles-writer.js';
import { TILES_FOLDER } from '../../server/src/modules/tiles/tile-archive.js';
import { tileOf } from '../../server/src/modules/tiles/tile-math.js';
import { bn, toBanglaDigits, translate } from '../../shared/src/i18n/index.js';
import type { WellCollection } from '../../shared/src/schemas/map.js';
import type { FieldVisit } from '../../shared/src/schemas/visits.js';
import { launchKillablePhone, setNetwork, type KillablePhone } from '../lib/killable-browser.js';
import { describeOutbox, readOutbox, UNSENT } from '../lib/phone-storage.js';
import { startPortal } from '../lib/portal.js';
import { act, detailOf } from '../lib/requests.js';
import { applicationAtBadc } from '../lib/server-state.js';
import { assert, checkAll, scenario, shot, waitFor } from '../lib/runner.js';
import { setUpStaff, signIn, staffApi } from '../lib/staff.js';

/**
 * Issue 9, "the field day" (docs/decisions/031-field-pack.md, 032-visit-on-the-phone.md): BADC
 * prepares three applications online, the connection is cut and the page reloaded; each opens from
 * the phone with its documents and map tiles; the officer records a visit with two photos and a GPS
 * fix and inspects application 1, inspects application 2 and asks a recheck on application 3; the
 * browser is killed (SIGKILL) once everything is queued and before the connection returns; opened
 * again and online, everything arrives once under that officer and the map shows the new position.
 *
 * A recheck request is BADC's only at Pending or later (shared/src/workflow/new-licence.ts), so
 * application 3 is inspected through the API first and prepared from BADC's pending list; 1 and 2
 * are prepared from the unseen list.
 */
const GATEWAY_TOKEN = 'e2e-gateway-token-7f3a';
const ROLES = { Chairman: 'chairman@e2e.example.org', UNO: 'uno@e2e.example.org', BADC: 'badc@e2e.example.org' };

/** Three wells a few hundred metres apart near Kansat, and where the officer's GPS puts well 1. */
const WELLS = [
  { latitude: 24.68, longitude: 88.16 },
  { latitude: 24.684, longitude: 88.166 },
  { latitude: 24.676, longitude: 88.17 },
] as const;
const GPS = { latitude: 24.6813, longitude: 88.1614, accuracy: 8 };
/** The tile archive put in DATA_DIR before the portal starts: zoom 13-16 around the three wells. */
const ARCHIVE_BOUNDS: [number, number, number, number] = [88.14, 24.66, 88.19, 24.7];
const ARCHIVE_ZOOMS = { min: 13, max: 16 };
/** How long the reopened phone gets to send a visit with two photos and three decisions. */
const ARRIVAL_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small PMTiles archive of plain coloured tiles, written where the portal looks for one (decision 033). */
async function writeTileArchive(dataDir: string): Promise<number> {
  const tiles: WriterTile[] = [];
  const [w, s, e, n] = ARCHIVE_BOUNDS;
  for (let z = ARCHIVE_ZOOMS.min; z <= ARCHIVE_ZOOMS.max; z++) {
    const nw = tileOf(n, w, z);
    const se = tileOf(s, e, z);
    for (let x = nw.x; x <= se.x; x++)
      for (let y = nw.y; y <= se.y; y++) {
        const data = await sharp({
          create: { width: 256, height: 256, channels: 3, background: { r: 220, g: 236 - (x % 8) * 4, b: 220 } },
        })
          .png({ palette: true })
          .toBuffer();
        tiles.push({ z, x, y, data });
      }
  }
  const folder = path.join(dataDir, TILES_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'field-day.pmtiles'),
    writePmtiles(tiles, { tileType: 'png', bounds: ARCHIVE_BOUNDS, metadata: { attribution: 'e2e tiles' } }),
  );
  return tiles.length;
}

/** Two camera pictures (real JPEGs the phone can decode and shrink). */
async function cameraPhotos() {
  const photo = async (name: string, r: number) => ({
    name,
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g: 120, b: 60 } } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  });
  return [await photo('IMG_0001.jpg', 40), await photo('IMG_0002.jpg', 160)];
}

async function prepareFromList(page: Page, base: string, list: string, numbers: number[], tag: string) {
  await page.goto(`${base}/admin-page/${list}`);
  await page.getByRole('button', { name: bn['fieldPack.select.start'] }).click();
  for (const n of numbers) {
    const box = page.getByLabel(translate('bn', 'fieldPack.select.row', { number: toBanglaDigits(n) }));
    await box.filter({ visible: true }).first().check();
  }
  await page.getByRole('button', { name: bn['fieldPack.prepare'] }).click();
  const dialog = page.getByRole('dialog');
  const plan = dialog.getByTestId('pack-plan');
  await plan.waitFor({ timeout: 30_000 });
  const planText = await plan.innerText();
  assert(
    planText.includes(translate('bn', 'fieldPack.dialog.count', { count: toBanglaDigits(numbers.length) })),
    `the dialog does not say ${numbers.length} applications: "${planText}"`,
  );
  // The sizes are shown before anything is downloaded: documents, and the map's tiles with their zooms.
  assert(/কাগজপত্র ও ছবি: প্রায় .*(কিলোবাইট|মেগাবাইট)/.test(planText), `no document size: "${planText}"`);
  assert(/ম্যাপ: প্রায় .*টি টাইল/.test(planText), `no map tiles in the plan (no tile source?): "${planText}"`);
  await shot(page, `${tag}-plan`, { fullPage: false });
  await dialog.getByRole('button', { name: bn['fieldPack.dialog.start'] }).click();
  await dialog
    .getByText(translate('bn', 'fieldPack.dialog.done', { count: toBanglaDigits(numbers.length) }))
    .waitFor({ timeout: 90_000 });
  await shot(page, `${tag}-done`, { fullPage: false });
  await dialog.getByRole('button', { name: bn['fieldPack.dialog.close'] }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens a prepared application from the packs screen (the queue lists are the server's pages). */
async function openFromPacks(page: Page, base: string, id: string) {
  await page.goto(`${base}/admin-page/field-pack`);
  const open = page.locator(`a[href$="/${id}"]`).filter({ visible: true }).first();
  await open.waitFor({ timeout: 30_000 });
  await open.click();
  await page
    .getByText(/সংযোগ নেই: এই ডিভাইসে রাখা তথ্য দেখানো হচ্ছে/)
    .first()
    .waitFor({ timeout: 30_000 });
}

/**
 * The documents open from the phone's copy: every document link is an object URL (blob:), and the
 * applicant's photo, drawn from it, has its pixels with no connection.
 */
async function assertDocumentFromPhone(page: Page) {
  const links = page.locator('a').filter({ hasText: bn['decisions.file.open'] }).filter({ visible: true });
  await links.first().waitFor({ timeout: 20_000 });
  await waitFor('every document link to point at the phone', async () => {
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    return hrefs.length >= 6 && hrefs.every((h) => h.startsWith('blob:'));
  }).catch(async () => {
    throw new Error(
      `document links: ${(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).join(' ')}`,
    );
  });
  const photo = page.getByAltText(bn['decisions.file.photoAlt']).filter({ visible: true }).first();
  await waitFor('the applicant photo drawn from the phone', () =>
    photo.evaluate((img: HTMLImageElement) => img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0),
  );
}

/** At least one tile of the visit's map (the inspect screen's one map) is drawn from the pack (an object URL), with no connection. */
async function assertPackTile(page: Page) {
  const section = page.locator('section[aria-labelledby="visit-title"]');
  // The map loads when it comes into view (WhenVisible): scroll to the picker's button first.
  await section.getByRole('button', { name: bn['map.picker.useMyLocation'] }).scrollIntoViewIfNeeded();
  await section.locator('.leaflet-container').first().waitFor({ timeout: 20_000 });
  await section.locator('.leaflet-container').first().scrollIntoViewIfNeeded();
  const tile = section.locator('img.leaflet-tile[src^="blob:"]');
  await tile.first().waitFor({ state: 'attached', timeout: 30_000 });
}

const yes = async (page: Page) => {
  for (let n = 1; n <= 6; n++) await page.getByTestId(`check-item-${n}`).getByLabel(bn['common.yes']).check();
};

async function visitsOf(api: APIRequestContext, id: string): Promise<FieldVisit[]> {
  const r = await api.get(`/api/staff/applications/${id}/visits`);
  assert(r.ok(), `visits of ${id}: ${r.status()} ${await r.text()}`);
  return ((await r.json()) as { visits: FieldVisit[] }).visits;
}

const near = (a: number, b: number) => Math.abs(a - b) < 1e-4;

export async function fieldDayScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: GATEWAY_TOKEN });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const tileCount = await writeTileArchive(dataDir);
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: GATEWAY_TOKEN, dataDir });
  let phone: KillablePhone | null = null;
  try {
    await setUpStaff(portal, ROLES);
    const base = portal.url;
    const ids = [] as string[];
    for (const [i, well] of WELLS.entries())
      ids.push(
        await applicationAtBadc(base, [ROLES.Chairman, ROLES.UNO], 90 + i, {
          applicantName: `মাঠের দিন ${toBanglaDigits(90 + i)}`,
          latitude: String(well.latitude),
          longitude: String(well.longitude),
        }),
      );
    const badc = await staffApi(base, ROLES.BADC);
    // Application 3 waits at Pending, where BADC may ask a recheck.
    await act(badc, ids[2]!, 'inspect', { checklist: Array.from({ length: 6 }, () => ({ ok: true })) });
    const numbers: number[] = [];
    for (const id of ids) numbers.push((await detailOf(badc, id))!.applicationNumber);
    console.log(`    ${tileCount} tiles in the archive; applications ${numbers.join(', ')}`);
    phone = await launchKillablePhone();
    const p = phone;

    await scenario(
      'field day: BADC prepares three applications online; the lists show them ready offline',
      async () => {
        const page = p.page;
        await signIn(page, base, ROLES.BADC);
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
        await prepareFromList(page, base, 'bunseen', numbers.slice(0, 2), 'field-day-01-unseen');
        await prepareFromList(page, base, 'pendingOne', numbers.slice(2), 'field-day-02-pending');
        await page.goto(`${base}/admin-page/bunseen`);
        const ready = page.getByText(bn['fieldPack.badge.ready']).filter({ visible: true });
        await waitFor('two ready-offline badges on the unseen list', async () => (await ready.count()) === 2);
        await shot(page, 'field-day-03-unseen-ready');
        await page.goto(`${base}/admin-page/field-pack`);
        await waitFor('three packs', async () => (await page.getByTestId('pack-row').count()) === 3);
        const text = await page.locator('main').innerText();
        assert(!text.includes(bn['fieldPack.page.incomplete']), 'a pack is not fully downloaded');
        await shot(page, 'field-day-04-packs');
      },
    );

    await scenario(
      'field day: no connection, page reloaded; each application opens with documents and map',
      async () => {
        const page = p.page;
        await setNetwork(p, 'offline');
        await p.context.setOffline(true);
        await page.reload();
        await page.getByTestId('pack-row').first().waitFor({ timeout: 30_000 });
        await checkAll(
          Object.fromEntries(
            ids.map((id, i) => [
              `application ${i + 1}`,
              async () => {
                await openFromPacks(page, base, id);
                await assertDocumentFromPhone(page);
                // Application 3's pending screen has no map; 1 and 2 draw the visit's map.
                if (i < 2) await assertPackTile(page);
                await shot(page, `field-day-05-offline-${i + 1}`, { fullPage: false });
              },
            ]),
          ),
        );
      },
    );

    await scenario(
      'field day: offline, a visit with two photos and GPS, two inspections and a recheck queued',
      async () => {
        const page = p.page;
        await p.context.grantPermissions(['geolocation'], { origin: base });
        await p.context.setGeolocation(GPS);
        // Application 1: the visit, then the checklist.
        await openFromPacks(page, base, ids[0]!);
        const visit = page.locator('section[aria-labelledby="visit-title"]');
        await page.locator('#visit-photos').setInputFiles(await cameraPhotos());
        // The photos' thumbnails, not the visit map's tiles (object URLs too, drawn once the map is in view).
        const thumbs = visit.locator('img[src^="blob:"]:not(.leaflet-tile)');
        await waitFor('two photo thumbnails', async () => (await thumbs.count()) === 2);
        await visit.getByRole('button', { name: bn['map.picker.useMyLocation'] }).click();
        await visit.getByText(/নির্ভুলতা প্রায় ৮ মিটার/).waitFor({ timeout: 20_000 });
        await page.locator('#visit-notes').fill('পাম্প চালু, নালা ঠিক আছে');
        await visit.getByText(translate('bn', 'fieldVisit.ready', { photos: '২' })).waitFor();
        await yes(page);
        // One map on the screen: the checklist sends the position the visit's GPS placed.
        await page
          .getByTestId('checklist-position')
          .filter({ hasText: /২৪\.৬৮১৩০০/ })
          .waitFor({ timeout: 10_000 });
        await shot(page, 'field-day-06-visit-filled');
        await page.getByRole('button', { name: bn['decisions.checklist.submit'] }).click();
        await page.getByText(bn['decisions.savedOffline']).first().waitFor({ timeout: 30_000 });
        // Application 2: the checklist only.
        await openFromPacks(page, base, ids[1]!);
        await yes(page);
        await page.getByRole('button', { name: bn['decisions.checklist.submit'] }).click();
        await page.getByText(bn['decisions.savedOffline']).first().waitFor({ timeout: 30_000 });
        // Application 3: a recheck request, with the message texted to the applicant.
        await openFromPacks(page, base, ids[2]!);
        await page.locator('#recheck-status').selectOption('ON');
        await page.locator('#recheck-message').fill('দলিলের পাতা অস্পষ্ট, আবার দিন');
        await page.getByRole('button', { name: bn['decisions.recheck.submit'] }).click();
        await page.getByText(bn['decisions.savedOffline']).first().waitFor({ timeout: 30_000 });
        await shot(page, 'field-day-07-recheck-queued', { fullPage: false });
        const items = await readOutbox(page);
        const unsent = items.filter((i) => UNSENT.includes(i.status));
        const of = (id: string, kind: string) => unsent.filter((i) => i.applicationId === id && i.kind === kind).length;
        assert(
          unsent.length === 4 &&
            of(ids[0]!, 'fieldVisit') === 1 &&
            of(ids[0]!, 'officerAction') === 1 &&
            of(ids[1]!, 'officerAction') === 1 &&
            of(ids[2]!, 'officerAction') === 1,
          `expected a visit and three decisions waiting on the phone: ${describeOutbox(items)}`,
        );
      },
    );

    await scenario('field day: the browser is killed with everything queued, opened again online', async () => {
      // Killed after queuing, before the connection returns: only what IndexedDB holds survives.
      await p.kill();
      await p.relaunch();
      const page = p.page;
      await page.goto(`${base}/`);
      const items = await readOutbox(page);
      console.log(`    reopened: ${describeOutbox(items)}`);
      assert(
        items.filter((i) => UNSENT.includes(i.status)).length === 4,
        `after the kill the phone holds: ${describeOutbox(items)}`,
      );
      // The session cookie outlived the kill; sign in again only when the portal asks for it.
      await page.goto(`${base}/admin-page/field-pack`);
      const menu = page.getByRole('button', { name: bn['staff.accountMenu'] });
      await menu.or(page.locator('#email')).first().waitFor({ timeout: 30_000 });
      if (!(await menu.isVisible())) await signIn(page, base, ROLES.BADC);
      await waitFor(
        'the outbox to drain',
        async () => (await readOutbox(page)).every((i) => !UNSENT.includes(i.status)),
        ARRIVAL_MS,
      ).catch(async () => {
        throw new Error(`the phone still holds unsent items: ${describeOutbox(await readOutbox(page))}`);
      });
      await shot(page, 'field-day-08-sent');
    });

    await scenario('field day: everything arrived once, under the officer who did it', async () => {
      await sleep(2_000); // a repeat would have landed by now
      const [a1, a2, a3] = await Promise.all(ids.map((id) => detailOf(badc, id)));
      const by = (app: typeof a1, action: string) => app?.audit.filter((r) => r.action === action) ?? [];
      await checkAll({
        'visit of application 1': async () => {
          const visits = await visitsOf(badc, ids[0]!);
          assert(visits.length === 1, `application 1 has ${visits.length} visits`);
          const v = visits[0]!;
          assert(v.status === 'complete', `the visit is '${v.status}'`);
          assert(v.photos.length === 2, `the visit has ${v.photos.length} photos`);
          assert(v.officerEmail === ROLES.BADC, `the visit is under ${v.officerEmail}`);
          assert(v.decision === 'inspect', `the visit's decision is '${v.decision}'`);
          assert(
            v.position && near(v.position.latitude, GPS.latitude) && near(v.position.longitude, GPS.longitude),
            `the visit's position is ${JSON.stringify(v.position)}, not the GPS fix`,
          );
          // The decision goes after its visit (decision 032).
          const inspected = by(a1, 'inspect')[0];
          assert(
            inspected && v.createdAt <= inspected.at,
            `the inspection (${inspected?.at}) reached the server before its visit (${v.createdAt})`,
          );
        },
        'no visit on application 2': async () => {
          const visits = await visitsOf(badc, ids[1]!);
          assert(visits.length === 0, `application 2 has ${visits.length} visits`);
        },
        inspections: async () => {
          for (const [i, app] of [a1, a2].entries()) {
            const rows = by(app, 'inspect');
            assert(rows.length === 1, `application ${i + 1} was inspected ${rows.length} times`);
            assert(rows[0]!.actor === ROLES.BADC, `application ${i + 1} inspected by ${rows[0]!.actor}`);
            assert(app?.stage === 'Pending', `application ${i + 1} is at '${app?.stage}'`);
          }
        },
        recheck: async () => {
          const rows = by(a3, 'requestRecheck');
          assert(rows.length === 1, `application 3 has ${rows.length} recheck requests`);
          assert(rows[0]!.actor === ROLES.BADC, `the recheck is under ${rows[0]!.actor}`);
          assert(a3?.recheck.requested === true, `application 3's recheck is ${JSON.stringify(a3?.recheck)}`);
        },
      });
    });

    await scenario('field day: the map shows application 1 where the officer stood', async () => {
      const r = await badc.get(`/api/staff/map/wells?bbox=${ARCHIVE_BOUNDS.join(',')}`);
      assert(r.ok(), `map/wells: ${r.status()} ${await r.text()}`);
      const wells = (await r.json()) as WellCollection;
      const f = wells.features.find((w) => w.properties.applicationId === ids[0]);
      assert(f, 'application 1 is not on the map');
      const [lng, lat] = f.geometry.coordinates;
      assert(near(lat, GPS.latitude) && near(lng, GPS.longitude), `application 1 is at ${lat}, ${lng} on the map`);
      const other = wells.features.find((w) => w.properties.applicationId === ids[1]);
      assert(
        other && near(other.geometry.coordinates[1], WELLS[1].latitude),
        'application 2 moved from its own position',
      );
      await p.page.goto(`${base}/admin-page/live-map`);
      await p.page.locator('.leaflet-container').first().waitFor({ timeout: 30_000 });
      await p.page.waitForLoadState('networkidle');
      await shot(p.page, 'field-day-09-live-map', { fullPage: false });
    });
    await badc.dispose();
  } finally {
    await phone?.dispose();
    await portal.stop();
    await gateway.close();
  }
}
