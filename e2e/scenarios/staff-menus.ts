import { type BrowserContext } from 'playwright-core';
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
        await signIn(page, portal.url, email);
        const entries = menuFor(role).flatMap((g) => g.entries);
        assert(entries.length > 3, `the ${role} menu has only ${entries.length} entries`);
        for (const entry of entries) {
          const url = `${portal.url}/admin-page/${entry.path}`;
          await page.goto(url);
          await page.locator('main h1, main h2').first().waitFor({ timeout: 20_000 });
          await page.waitForLoadState('networkidle');
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
