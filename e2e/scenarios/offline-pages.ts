import { type BrowserContext } from 'playwright-core';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { bn } from '../../shared/src/i18n/index.js';
import { openPhone } from '../lib/browser.js';
import { startPortal } from '../lib/portal.js';
import { assert, scenario, shot } from '../lib/runner.js';

/**
 * Issue 11's promise (docs/decisions/044-catalogue-by-page.md): after one visit, every citizen page
 * and form opens with no connection, from the service worker, in Bangla. Each page's code and its
 * message files come in pieces, so each is opened here with the line cut, and its own words must be
 * on the screen (not an empty box, not a message key, not the "not found" page).
 */
const PAGES: [path: string, text: string][] = [
  ['/', bn['home.services.title']],
  ['/new-application', bn['application.title']],
  ['/existing-application', bn['application.kind.Existing.title']],
  ['/renew-application', bn['application.kind.Renew.title']],
  ['/my-application', bn['verification.title.1']],
  ['/verification/1', bn['verification.title.1']],
  ['/verification/6', bn['verification.title.6']],
  ['/saved', bn['offline.saved.title']],
  ['/complaint', bn['services.complaint.title']],
  ['/copy', bn['services.copy.title']],
  ['/licence-check', bn['licenceCheck.title']],
  ['/notice', bn['content.notice.title']],
];

export async function offlinePagesScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: 'e2e-gateway-token-off1' });
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: gateway.token });
  let ctx: BrowserContext | null = null;
  try {
    ctx = await openPhone();
    const page = ctx.pages()[0] ?? (await ctx.newPage());

    await scenario('after one visit to the home page, every citizen page opens with no connection', async () => {
      await page.goto(portal.url + '/');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      // The precache finishes in the background: wait until the worker controls the page.
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      await ctx!.setOffline(true);
      for (const [path, text] of PAGES) {
        await page.goto(portal.url + path);
        await page.getByText(text, { exact: false }).first().waitFor({ timeout: 20_000 });
        const body = await page.locator('body').innerText();
        assert(!body.includes(bn['common.notFoundTitle']), `${path} showed the not-found page offline`);
        const raw =
          /\b(application|verification|offline|services|content|licenceCheck|problem|map)\.[a-zA-Z]+\.[\w.]+/.exec(
            body,
          );
        assert(raw === null, `${path} showed a message key offline: ${raw?.[0]}`);
      }
      await shot(page, '01-renew-form-offline');
      await ctx!.setOffline(false);
    });
  } finally {
    await ctx?.close();
    await portal.stop();
    await gateway.close();
  }
}
