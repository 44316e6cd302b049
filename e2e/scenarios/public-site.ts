import { type BrowserContext } from 'playwright-core';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { bn } from '../../shared/src/i18n/index.js';
import { AxeReport } from '../lib/axe.js';
import { openPhone } from '../lib/browser.js';
import { pdf, png } from '../lib/files.js';
import { startPortal } from '../lib/portal.js';
import { assert, scenario, shot } from '../lib/runner.js';
import { setUpStaff } from '../lib/staff.js';

/** Every page a citizen can open without a link of their own (the print pages need an application). */
const PUBLIC_PAGES = [
  '/',
  '/new-application',
  '/existing-application',
  '/renew-application',
  '/saved',
  ...[1, 2, 3, 4, 5, 6].map((purpose) => `/verification/${purpose}`),
  '/my-application',
  '/login',
  '/reg',
  '/forget',
  '/reset-password?token=not-a-real-token-000000',
  '/notice',
  '/policies',
  '/application-instruction',
  '/about-us',
  '/downloads',
  '/geo-db',
  '/lh-map',
  '/video-gallery',
  '/complaint',
  '/copy',
  '/dataTable',
  '/licence-check',
  '/no-such-page',
];

/**
 * Issue 3's story at phone width: the home page loads with its slider and gallery; a complaint sent
 * with the connection cut arrives once when it returns; the Admin publishes a notice and it shows on
 * /notice.
 */
export async function publicSiteScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: 'e2e-gateway-token-7f3a' });
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: gateway.token });
  let ctx: BrowserContext | null = null;
  try {
    const { adminEmail, adminPassword, admin } = await setUpStaff(portal, { BADC: 'badc@e2e.example.org' });
    for (const [gallery, seed] of [
      ['slider', 11],
      ['slider', 12],
      ['gallery', 13],
      ['gallery', 14],
    ] as const) {
      const r = await admin.post(`/api/admin/galleries/${gallery}`, {
        data: png(seed),
        headers: { 'content-type': 'image/png', 'x-file-name': `${gallery}-${seed}.png` },
      });
      assert(r.ok(), `upload to ${gallery}: ${r.status()} ${await r.text()}`);
    }
    ctx = await openPhone();
    const page = ctx.pages()[0] ?? (await ctx.newPage());

    await scenario('the home page loads with its slider and gallery', async () => {
      await page.goto(portal.url + '/');
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const loaded = await page.$$eval('img[src*="/api/public/images/"]', (imgs) =>
        imgs.map((i) => ({
          src: (i as HTMLImageElement).currentSrc || (i as HTMLImageElement).src,
          ok: (i as HTMLImageElement).naturalWidth > 0,
        })),
      );
      const okCount = loaded.filter((i) => i.ok).length;
      assert(
        okCount >= 3,
        `expected slider and gallery images on the home page, loaded ${okCount}: ${JSON.stringify(loaded)}`,
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, '11-home');
    });

    await scenario('a complaint sent with the connection cut arrives once when it returns', async () => {
      await page.goto(portal.url + '/complaint');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload();
      await page.locator('#f-name').waitFor();
      await ctx!.setOffline(true);
      await page.locator('#f-name').fill('সালমা বেগম');
      await page.locator('#f-mobile').fill('01812345678');
      for (const [i, slot] of ['licenceForm', 'depositReceipt', 'complaintForm', 'certificate'].entries()) {
        await page
          .locator(`#file-${slot}`)
          .setInputFiles({ name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: pdf(20 + i) });
      }
      await page.getByRole('button', { name: bn['services.submit'], exact: true }).click();
      await page.getByText(bn['services.queued']).waitFor({ timeout: 20_000 });
      await shot(page, '12-complaint-saved-offline');
      await ctx!.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByText(bn['services.submitted']).waitFor({ timeout: 60_000 });
      await shot(page, '13-complaint-received');
      const list = (await (await admin.get('/api/services/complaints')).json()) as { total: number };
      assert(list.total === 1, `expected exactly one complaint on the server, found ${list.total}`);
    });

    await scenario('the Admin publishes a notice and it shows on /notice', async () => {
      await page.goto(portal.url + '/login');
      await page.locator('#email').fill(adminEmail);
      await page.locator('#password').fill(adminPassword);
      await page.getByRole('button', { name: bn['staff.login.submit'] }).click();
      await page.waitForURL(/\/admin-page/);
      await page.goto(portal.url + '/admin-page/web-notice');
      await page.locator('#notice-title').fill('সেচ মৌসুমের নতুন সময়সূচি');
      const editor = page.locator('[contenteditable="true"]').first();
      await editor.waitFor({ timeout: 20_000 });
      await editor.click();
      await page.keyboard.type('আগামী মাস থেকে আবেদন গ্রহণ শুরু হবে।');
      await page.getByRole('button', { name: bn['content.noticeAdmin.publish'], exact: true }).click();
      await page.getByText(bn['content.noticeAdmin.published']).first().waitFor({ timeout: 20_000 });
      await page.context().clearCookies();
      await page.goto(portal.url + '/notice');
      await page.getByText('সেচ মৌসুমের নতুন সময়সূচি').waitFor({ timeout: 20_000 });
      await page.getByText('আগামী মাস থেকে আবেদন গ্রহণ শুরু হবে।').waitFor();
      await shot(page, '14-notice');
    });

    await scenario(
      'every public page has no serious accessibility finding at phone width (axe, WCAG 2.2 AA)',
      async () => {
        const report = new AxeReport();
        for (const path of PUBLIC_PAGES) {
          await page.goto(portal.url + path);
          await page.waitForLoadState('networkidle');
          await report.check(page, path);
        }
        report.assertClean();
      },
    );
  } finally {
    await ctx?.close();
    await portal.stop();
    await gateway.close();
  }
}
