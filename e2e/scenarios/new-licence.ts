import { request as playwrightRequest, type BrowserContext } from 'playwright-core';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { bn } from '../../shared/src/i18n/index.js';
import {
  APPLICANT_MOBILE as MOBILE,
  fillNewLicenceForm,
  NEW_LICENCE_DOCS as DOCS,
  openReview,
} from '../lib/application-form.js';
import { openPhone } from '../lib/browser.js';
import { sha256 } from '../lib/files.js';
import { startPortal } from '../lib/portal.js';
import { openFromList, setUpStaff, signIn, STAFF_PASSWORD } from '../lib/staff.js';
import { assert, scenario, shot, waitFor } from '../lib/runner.js';

/**
 * Issue 2's story end to end, on the real stack: a citizen fills the new-licence form on a phone
 * whose connection is cut, the application waits on the phone and arrives exactly once when the
 * connection returns; Chairman, UNO and BADC sign in and carry it to approval; the citizen proves the
 * mobile number with the code the gateway stub received and opens the licence.
 */
const GATEWAY_TOKEN = 'e2e-gateway-token-7f3a'; // scripts/check-bundle-secrets.mjs looks for it in the bundle

export async function newLicenceScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: GATEWAY_TOKEN });
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: GATEWAY_TOKEN });
  let ctx: BrowserContext | null = null;
  let applicationId = '';
  let applicationNumber = 0;
  try {
    const roles = { Chairman: 'chairman@e2e.example.org', UNO: 'uno@e2e.example.org', BADC: 'badc@e2e.example.org' };
    const { admin: api } = await setUpStaff(portal, roles);
    const loc = await api.post('/api/admin/localities', { data: { kind: 'union', name: 'কানসাট' } });
    assert(loc.ok(), `add union: ${loc.status()}`);

    ctx = await openPhone();
    const page = ctx.pages()[0] ?? (await ctx.newPage());

    await scenario('a citizen fills the form with no connection; it waits on the phone', async () => {
      await page.goto(`${portal.url}/new-application`);
      // After one visit the service worker serves the form; the connection is then cut.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload();
      await page.locator('#f-fatherName').waitFor();
      await ctx!.setOffline(true);
      await page.reload(); // still opens, from the service worker
      await page.locator('#f-fatherName').waitFor();

      await fillNewLicenceForm(page);
      await shot(page, '01-form-filled-offline');
      await (await openReview(page)).click();
      await page.getByText(bn['application.done.savedTitle']).waitFor({ timeout: 20_000 });
      await shot(page, '02-saved-on-phone');
    });

    await scenario('the connection returns and the application arrives exactly once, files intact', async () => {
      await ctx!.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.goto(`${portal.url}/saved`);
      await page.getByText(bn['offline.status.received']).first().waitFor({ timeout: 60_000 });
      await shot(page, '03-saved-list-received');
      const chairman = await playwrightRequest.newContext({ baseURL: portal.url });
      await chairman.post('/api/auth/login', { data: { email: roles.Chairman, password: STAFF_PASSWORD } });
      const list = (await (await chairman.get('/api/staff/queues/chairman-unseen')).json()) as {
        total: number;
        rows: { id: string; applicationNumber: number }[];
      };
      assert(list.total === 1, `expected exactly one application, the Chairman sees ${list.total}`);
      applicationId = list.rows[0]!.id;
      applicationNumber = list.rows[0]!.applicationNumber;
      const detail = (await (await chairman.get(`/api/staff/applications/${applicationId}`)).json()) as {
        files: { slot: string; sha256: string }[];
      };
      for (const [slot, file] of Object.entries(DOCS)) {
        const stored = detail.files.find((f) => f.slot === slot);
        assert(stored, `file ${slot} missing on the server`);
        assert(stored.sha256 === sha256(file.buffer), `file ${slot} differs from what the phone sent`);
      }
      await chairman.dispose();
      // The confirmation text reached the applicant's number through the gateway.
      await waitFor('the confirmation text', async () => gateway.received.some((m) => m.to === `88${MOBILE}`));
    });

    await scenario('Chairman and UNO forward it from their unseen lists', async () => {
      await signIn(page, portal.url, roles.Chairman);
      await openFromList(page, portal.url, 'Unseen', applicationId);
      const forward = page.getByRole('button', { name: bn['decisions.forward.button'] }).last();
      await forward.waitFor();
      await shot(page, '04-chairman-detail');
      await forward.click();
      await page.waitForURL('**/admin-page/Unseen');
      await page.context().clearCookies();
      await signIn(page, portal.url, roles.UNO);
      await openFromList(page, portal.url, 'unounseen', applicationId);
      await page.getByRole('button', { name: bn['decisions.forward.button'] }).last().click();
      await page.waitForURL('**/admin-page/unounseen');
      await page.context().clearCookies();
    });

    await scenario('BADC inspects with the checklist, finds it approvable and approves the licence', async () => {
      await signIn(page, portal.url, roles.BADC);
      await openFromList(page, portal.url, 'bunseen', applicationId);
      const items = page.getByTestId(/check-item-/);
      await items.first().waitFor();
      const count = await items.count();
      assert(count === 6, `a new (not existing-pump) application has 6 checklist items, saw ${count}`);
      for (let n = 1; n <= count; n++) await page.getByTestId(`check-item-${n}`).getByLabel(bn['common.yes']).check();
      await shot(page, '05-badc-checklist');
      await page.getByRole('button', { name: bn['decisions.checklist.submit'] }).click();
      await page.waitForURL('**/admin-page/bseen');

      await openFromList(page, portal.url, 'pendingOne', applicationId);
      await page.getByLabel(bn['decisions.first.yes']).check();
      await page.getByRole('button', { name: bn['decisions.first.submit'] }).click();
      await page.waitForURL('**/admin-page/pendingOne');

      await openFromList(page, portal.url, 'approvable', applicationId);
      await page.getByRole('button', { name: bn['decisions.approve.button'] }).click();
      await page.getByRole('dialog').getByRole('button', { name: bn['decisions.approve.button'] }).click();
      await page.waitForURL('**/admin-page/licenseActive');
      await page.locator(`a[href$="/${applicationId}"]:visible`).first().waitFor();
      await shot(page, '06-licence-active-list');
      await page.context().clearCookies();
      await waitFor(
        'the approval text',
        async () => gateway.received.filter((m) => m.to === `88${MOBILE}`).length >= 2,
      );
    });

    await scenario('the citizen verifies the mobile number with the texted code and opens the licence', async () => {
      const before = gateway.received.length;
      await page.goto(`${portal.url}/verification/6`);
      await page.locator('input[name="applicationNumber"]').fill(String(applicationNumber));
      await page.locator('input[name="mobile"]').fill(MOBILE);
      await page.getByRole('button', { name: bn['verification.send'] }).click();
      const text = await waitFor('the one-time code', async () =>
        gateway.received.slice(before).find((m) => m.to === `88${MOBILE}` && /\d{6}/.test(m.message)),
      );
      const code = /(\d{6})/.exec(text.message)![1]!;
      await page.locator('input[name="code"]').fill(code);
      await page.getByRole('button', { name: bn['verification.confirm'] }).click();
      const link = page.locator(`a[href="/my-license/${applicationId}"]`).first();
      await link.waitFor({ timeout: 20_000 });
      await shot(page, '07-verified');
      await link.click();
      // The menu says লাইসেন্স before the licence itself has loaded: wait for the holder's name, and
      // say what the page showed instead if it never comes.
      let body = '';
      await waitFor('the licence with the applicant', async () => {
        body = await page.locator('body').innerText();
        return body.includes('রহিম উদ্দিন');
      }).catch(() => {
        throw new Error(`the licence shows the applicant; the page showed: ${body.slice(0, 600)}`);
      });
      assert(/[০-৯]/.test(body), 'the licence shows Bangla digits');
      await shot(page, '08-licence');
    });
  } finally {
    await ctx?.close();
    await portal.stop();
    await gateway.close();
  }
}
