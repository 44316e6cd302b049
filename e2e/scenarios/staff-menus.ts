import { type BrowserContext, type Page } from 'playwright-core';
import type { StaffRole } from '../../shared/src/constants.js';
import { bn } from '../../shared/src/i18n/index.js';
import { startStubGateway } from '../../server/src/sms/stub-gateway.js';
import { menuFor } from '../../client/src/features/staff/menu.js';
import { openPhone } from '../lib/browser.js';
import { startPortal } from '../lib/portal.js';
import { assert, scenario, shot } from '../lib/runner.js';
import { setUpStaff, signIn } from '../lib/staff.js';

/**
 * Issue 10's "done when": every screen of the Admin's and BADC's menus opens for its role, at
 * phone width and in Bangla. Each entry of the role's drawer is opened as the officer would: it
 * must stay on its own address (no bounce to the dashboard), draw a heading, throw no error in
 * the page, and show no message key in place of a text. A screenshot of each goes to e2e/artifacts.
 */
const ROLES: Partial<Record<StaffRole, string>> = { Admin: 'admin2@e2e.example.org', BADC: 'badc@e2e.example.org' };

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

export async function staffMenusScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: 'e2e-gateway-token-menu' });
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: gateway.token });
  let ctx: BrowserContext | null = null;
  try {
    await setUpStaff(portal, ROLES as Record<string, string>);
    for (const [role, email] of Object.entries(ROLES) as [StaffRole, string][]) {
      await scenario(`every entry of the ${role}'s menu opens at phone width, in Bangla`, async () => {
        ctx = await openPhone();
        const page = ctx.pages()[0] ?? (await ctx.newPage());
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.addInitScript({ content: COUNT_FETCHES });
        await signIn(page, portal.url, email);
        const entries = menuFor(role).flatMap((g) => g.entries);
        assert(entries.length > 3, `the ${role} menu has only ${entries.length} entries`);
        for (const entry of entries) {
          const url = `${portal.url}/admin-page/${entry.path}`;
          // Within the app, as a tap on the drawer's entry moves (the router's own navigation), not
          // a new page load for each entry; the screen is read once its requests have all come back.
          await page.evaluate((to) => {
            history.pushState(null, '', to);
            dispatchEvent(new PopStateEvent('popstate'));
          }, url);
          await page.locator('main h1, main h2').first().waitFor({ timeout: 20_000 });
          await settled(page);
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
        }
        assert(errors.length === 0, `${role}: errors in the page: ${errors.join(' | ')}`);
        await ctx.close();
        ctx = null;
      });
    }
  } finally {
    await (ctx as BrowserContext | null)?.close();
    await portal.stop();
    await gateway.close();
  }
}
