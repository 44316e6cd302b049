import { type APIRequestContext, type BrowserContext, type Page } from 'playwright-core';
import type { StaffRole } from '../../shared/src/constants.js';
import { bn } from '../../shared/src/i18n/index.js';
import { changeFields, renewalFields } from '../../server/src/modules/intake/kind-fixtures.js';
import { startStubGateway, type StubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { menuFor } from '../../client/src/features/staff/menu.js';
import { LIST_SCREENS } from '../../client/src/features/staff/screens.js';
import { AxeReport } from '../lib/axe.js';
import { openPhone } from '../lib/browser.js';
import { startPortal } from '../lib/portal.js';
import { issuedLicence, sendRequest, verifiedCitizen } from '../lib/requests.js';
import { applicationAtBadc } from '../lib/server-state.js';
import { assert, scenario, shot } from '../lib/runner.js';
import { setUpStaff, signIn, staffApi } from '../lib/staff.js';

/**
 * Issue 10's "done when": every screen of the Admin's and BADC's menus opens for its role, at
 * phone width and in Bangla. Each entry of the role's drawer is opened as the officer would: it
 * must stay on its own address (no bounce to the dashboard), draw a heading, throw no error in
 * the page, and show no message key in place of a text. A screenshot of each goes to e2e/artifacts.
 *
 * The same signed-in page then checks the layout of docs/decisions/055-staff-layout.md: at an
 * office laptop's 1280 × 800 every row button of each list with rows is wholly in view (the page
 * never scrolls sideways), and on BADC's phone the inspection screen starts with the visit and the
 * checklist, with no tap target under 24 px. A row in each of the four registers and in BADC's
 * lists comes from the set-up: a licence, a renewal and a name change of it, an old record, and an
 * application waiting for BADC's inspection.
 */
const ROLES: Partial<Record<StaffRole, string>> = { Admin: 'admin2@e2e.example.org', BADC: 'badc@e2e.example.org' };
/** Officers who only pass requests on in the set-up; their menus are walked by other scenarios. */
const FORWARDERS = { Chairman: 'chairman@e2e.example.org', UNO: 'uno@e2e.example.org' };
/** Whose screens are only read here, for the accessibility check: every role's menu is checked. */
const READERS: Partial<Record<StaffRole, string>> = { ...FORWARDERS, Pollibidut: 'pollibidut@e2e.example.org' };
const HOLDER = { name: 'মেনু পরীক্ষা মালেক', mobile: '01712345031' };
const LAPTOP = { width: 1280, height: 800 };
const PHONE_390 = { width: 390, height: 844 };
const REGISTERS = ['all-application', 'all-application2', 'all-application3', 'all-application4'];
const REGISTER_API: Record<string, string> = {
  'all-application': 'new',
  'all-application2': 'old',
  'all-application3': 'change',
  'all-application4': 'renew',
};

/** Counts the page's requests in flight (the app's fetches), for `settled`. */
const COUNT_FETCHES = `
  window.__inFlight = 0;
  const send = window.fetch.bind(window);
  window.fetch = (...args) => {
    window.__inFlight += 1;
    return send(...args).finally(() => { window.__inFlight -= 1; });
  };`;

/**
 * Once no request is in flight, and still none two frames and 100 ms later (a request that an
 * answer's render starts has begun by then): what the screen asked for has been drawn.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // (No named functions in here: the scenario's compiler would wrap them in a helper the page lacks.)
      new Promise<boolean>((resolve) => {
        const w = window as unknown as { __inFlight: number };
        if (w.__inFlight !== 0) return resolve(false);
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(w.__inFlight === 0), 100)));
      }),
    null,
    { timeout: 20_000 },
  );
}

/** A row in each register and in BADC's lists; the id of the application waiting for BADC's inspection. */
async function fillTheLists(base: string, gateway: StubGateway, admin: APIRequestContext): Promise<string> {
  const roles = { ...FORWARDERS, BADC: ROLES.BADC! };
  const issued = await issuedLicence(base, roles, HOLDER, 71);
  await sendRequest(
    base,
    'Renew',
    renewalFields({ licenceNumber: String(issued.licence.number), mobile: HOLDER.mobile, applicantName: HOLDER.name }),
    72,
  );
  const holder = await verifiedCitizen(base, gateway, {
    purpose: 2,
    applicationNumber: issued.applicationNumber,
    mobile: HOLDER.mobile,
  });
  await sendRequest(
    base,
    'NameChange',
    changeFields(issued.applicationId, { mobile: HOLDER.mobile, newApplicantName: 'মেনু পরীক্ষা কামাল' }),
    73,
    holder,
  );
  await holder.dispose();
  const old = await admin.post('/api/staff/old-records', {
    data: {
      licenceNumber: '৯০০১',
      regulationNumber: 'সভা-৭/২০১৫',
      applicantName: 'মেনু পরীক্ষা পুরোনো',
      upazila: 'শিবগঞ্জ',
      village: 'কানসাট',
      union: 'কানসাট',
      postOffice: 'কানসাট',
      mouza: 'কানসাট',
      pumpType: 'electric',
      wellClass: 'deep',
      wellSize: '1.0',
      mobile: '01712345032',
      dagNumber: '৫৬',
      issuedOn: '2015-03-01',
    },
  });
  assert(old.status() === 201, `old record: ${old.status()} ${await old.text()}`);
  return applicationAtBadc(base, Object.values(FORWARDERS), 74);
}

/** The role's lists that hold rows, by asking the API as the role (an empty list has no row buttons to check). */
async function listsWithRows(api: APIRequestContext, paths: string[]): Promise<string[]> {
  const withRows: string[] = [];
  for (const path of paths) {
    const queue = LIST_SCREENS.find((l) => l.path === path)?.queue;
    const url = REGISTER_API[path]
      ? `/api/staff/register/${REGISTER_API[path]}?page=1&pageSize=5`
      : queue
        ? `/api/staff/queues/${queue}?page=1&pageSize=5`
        : null;
    if (!url) continue;
    const r = await api.get(url);
    assert(r.ok(), `${url}: ${r.status()}`);
    if (((await r.json()) as { total: number }).total > 0) withRows.push(path);
  }
  return withRows;
}

/**
 * Every row button of the list on screen (View, Edit, SMS, Delete, a licence action) wholly inside
 * the screen and inside any box that scrolls it sideways, and not covered where it is in view; and
 * the page itself no wider than the screen.
 */
function rowButtonsInView() {
  // (No named functions in here: the scenario's compiler would wrap them in a helper the page lacks.)
  const buttons = Array.from(
    document.querySelectorAll<HTMLElement>('main tbody button, main tbody a[href^="/admin-page/"]'),
  );
  const cut: string[] = [];
  let checked = 0;
  for (const el of buttons) {
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue; // the phone cards' copy, hidden on a wide screen
    checked += 1;
    let left = 0;
    let right = window.innerWidth;
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue;
      const clip = p.getBoundingClientRect();
      left = Math.max(left, clip.left);
      right = Math.min(right, clip.right);
    }
    const hidden = Math.max(0, left - box.left, box.right - right);
    let covered = false;
    if (box.top >= 0 && box.bottom <= window.innerHeight && hidden < 1) {
      const hit = document.elementFromPoint(box.right - 2, box.top + box.height / 2);
      covered = !hit || !el.contains(hit);
    }
    if (hidden >= 1 || covered)
      cut.push(`${(el.textContent ?? '').trim()} ${covered ? 'covered' : `${Math.round(hidden)} px cut`}`);
  }
  return { checked, cut, pageWider: document.documentElement.scrollWidth - window.innerWidth };
}

/** Where the inspection's work starts on the page, and every tap target under 24 px (or a text link under 44 px). */
function inspectionLayout() {
  const tops: Record<string, number | null> = {};
  for (const id of ['visit-title', 'checklist-title']) {
    const el = document.getElementById(id);
    tops[id] = el ? Math.round(el.getBoundingClientRect().top + window.scrollY) : null;
  }
  const small: string[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('main a, main button, main summary'))) {
    // Leaflet's own zoom buttons and attribution are the map library's, not the screen's.
    if (el.closest('.leaflet-container')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const textLink = el.tagName === 'A' && !el.className.includes('bg-');
    const need = textLink ? 44 : 24;
    if (box.width < 24 || box.height < need)
      small.push(`"${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return { visit: tops['visit-title'] ?? null, checklist: tops['checklist-title'] ?? null, small, screen: innerHeight };
}

/** Opens a screen inside the app, as a tap on the drawer moves, and waits for what it asked for. */
async function openInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.locator('main h1, main h2').first().waitFor({ timeout: 20_000 });
  await settled(page);
}

export async function staffMenusScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: 'e2e-gateway-token-menu' });
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: gateway.token });
  let ctx: BrowserContext | null = null;
  try {
    const { admin } = await setUpStaff(portal, { ...ROLES, ...READERS } as Record<string, string>);
    const inspectId = await fillTheLists(portal.url, gateway, admin);
    const axe = new AxeReport();
    for (const [role, email] of Object.entries(ROLES) as [StaffRole, string][]) {
      ctx = await openPhone();
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript({ content: COUNT_FETCHES });
      const entries = menuFor(role).flatMap((g) => g.entries);

      await scenario(`every entry of the ${role}'s menu opens at phone width, in Bangla`, async () => {
        await signIn(page, portal.url, email);
        assert(entries.length > 3, `the ${role} menu has only ${entries.length} entries`);
        for (const entry of entries) {
          const url = `${portal.url}/admin-page/${entry.path}`;
          // Within the app, as a tap on the drawer's entry moves (the router's own navigation), not
          // a new page load for each entry; the screen is read once its requests have all come back.
          await openInApp(page, url);
          assert(
            new URL(page.url()).pathname === new URL(url).pathname,
            `${role}: ${entry.path} sent the officer to ${page.url()}`,
          );
          const body = await page.locator('main').innerText();
          assert(!body.includes(bn['common.notFoundTitle']), `${role}: ${entry.path} is not found`);
          const raw =
            /\b(staff|review|register|decisions|audit|resolutions|oldRecords|services|content|map|fieldPack)\.[a-zA-Z]+\.[\w.]+/.exec(
              body,
            );
          assert(raw === null, `${role}: ${entry.path} shows a message key: ${raw?.[0]}`);
          await shot(page, `menu-${role}-${entry.path || 'dashboard'}`.replace(/[^\w-]/g, '_'), { fullPage: false });
          await axe.check(page, `${role} /admin-page/${entry.path}`);
        }
        assert(errors.length === 0, `${role}: errors in the page: ${errors.join(' | ')}`);
      });

      if (role === 'BADC') {
        await scenario(
          'BADC’s inspection on a 390 px phone starts with the visit and the checklist; no target under 24 px',
          async () => {
            await page.setViewportSize(PHONE_390);
            await openInApp(page, `${portal.url}/admin-page/b-unseen-view/${inspectId}`);
            await page.locator('#checklist-title').waitFor({ timeout: 20_000 });
            await settled(page);
            const m = await page.evaluate(inspectionLayout);
            await shot(page, 'menu-BADC-inspection-390', { fullPage: false });
            await axe.check(page, 'BADC inspection');
            // The work begins within the first screen and a half, the checklist within two screens.
            const problems = [
              ...(m.visit !== null && m.visit <= 1.5 * m.screen ? [] : [`the visit panel starts ${m.visit} px down`]),
              ...(m.checklist !== null && m.checklist <= 2 * m.screen
                ? []
                : [`the checklist starts ${m.checklist} px down`]),
              ...m.small.map((x) => `a target too small: ${x}`),
            ];
            assert(problems.length === 0, `on a ${m.screen} px high phone:\n  ${problems.join('\n  ')}`);
          },
        );
      }

      await scenario(`${role}: at 1280 × 800 every list’s row buttons are wholly in view`, async () => {
        const api = await staffApi(portal.url, email);
        const paths = await listsWithRows(
          api,
          entries.map((e) => e.path),
        );
        await api.dispose();
        // The set-up gave every register a row; BADC has its own lists too.
        const registers = paths.filter((p) => REGISTERS.includes(p));
        assert(registers.length === 4, `${role}: rows in only ${registers.join(', ')}`);
        assert(role !== 'BADC' || paths.length > 6, `BADC: rows in only ${paths.join(', ')}`);
        await page.setViewportSize(LAPTOP);
        const problems: string[] = [];
        for (const path of paths) {
          await openInApp(page, `${portal.url}/admin-page/${path}`);
          await page.locator('main tbody tr').first().waitFor({ timeout: 20_000 });
          const r = await page.evaluate(rowButtonsInView);
          if (r.checked === 0) problems.push(`${path}: no row buttons`);
          if (r.cut.length > 0)
            problems.push(`${path}: ${r.cut.slice(0, 3).join(', ')} (${r.cut.length} of ${r.checked})`);
          if (r.pageWider > 0) problems.push(`${path}: the page scrolls ${r.pageWider} px sideways`);
        }
        await shot(page, `menu-${role}-lists-1280`, { fullPage: false });
        assert(problems.length === 0, `${role} at 1280 px:\n  ${problems.join('\n  ')}`);
      });

      await ctx.close();
      ctx = null;
    }

    for (const [role, email] of Object.entries(READERS) as [StaffRole, string][]) {
      ctx = await openPhone();
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      await page.addInitScript({ content: COUNT_FETCHES });
      await scenario(`every entry of the ${role}'s menu is read for accessibility at phone width`, async () => {
        await signIn(page, portal.url, email);
        for (const entry of menuFor(role).flatMap((g) => g.entries)) {
          await openInApp(page, `${portal.url}/admin-page/${entry.path}`);
          await axe.check(page, `${role} /admin-page/${entry.path}`);
        }
      });
      await ctx.close();
      ctx = null;
    }

    await scenario(
      'every staff screen of every role has no serious accessibility finding (axe, WCAG 2.2 AA)',
      async () => {
        assert(axe.screens > 40, `only ${axe.screens} staff screens were checked`);
        axe.assertClean();
      },
    );
  } finally {
    await (ctx as BrowserContext | null)?.close();
    await portal.stop();
    await gateway.close();
  }
}
