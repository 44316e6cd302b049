import type { BrowserContext } from 'playwright-core';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { bn, formatDateBn, toBanglaDigits } from '../../shared/src/i18n/index.js';
import { openReview } from '../lib/application-form.js';
import { openPhone } from '../lib/browser.js';
import { startPortal } from '../lib/portal.js';
import {
  detailOf,
  docsFor,
  fillFields,
  inYears,
  issuedLicence,
  qrUrlOf,
  queueRows,
  setDocs,
  TODAY,
  waitForStage,
} from '../lib/requests.js';
import { assert, scenario, shot, waitFor } from '../lib/runner.js';
import { openFromList, setUpStaff, signIn, staffApi } from '../lib/staff.js';

/**
 * Issue 8, scenario "renewal offline": a licence holder fills the renewal form on a phone, the
 * connection is cut, "send" queues it; when the connection returns it arrives once (one Renew
 * request on the server). Chairman, UNO and BADC carry it to approval in their renewal screens;
 * the licence's certificate shows the new period on its back, and the public check page opened from
 * the licence's QR URL says the licence is active.
 */
const GATEWAY_TOKEN = 'e2e-gateway-token-7f3a';
const HOLDER = { name: 'নবায়ন প্রার্থী', mobile: '01712345001' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function renewalOfflineScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: GATEWAY_TOKEN });
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: GATEWAY_TOKEN });
  let ctx: BrowserContext | null = null;
  try {
    const roles = {
      Chairman: 'chairman@e2e.example.org',
      UNO: 'uno@e2e.example.org',
      BADC: 'badc@e2e.example.org',
    };
    const { admin } = await setUpStaff(portal, roles);
    await admin.post('/api/admin/localities', { data: { kind: 'union', name: 'কানসাট' } });
    const issued = await issuedLicence(portal.url, roles, HOLDER, 41);
    const badc = await staffApi(portal.url, roles.BADC);
    const newValidTo = inYears(5);
    let renewalId = '';

    ctx = await openPhone({ width: 390 });
    const page = ctx.pages()[0] ?? (await ctx.newPage());

    await scenario(
      'renewal offline: the holder fills the renewal form with no connection; it waits on the phone',
      async () => {
        await page.goto(`${portal.url}/renew-application`);
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
        await page.reload();
        await page.locator('#f-licenceNumber').waitFor();
        await fillFields(page, {
          licenceNumber: toBanglaDigits(issued.licence.number),
          mobile: toBanglaDigits(HOLDER.mobile),
          applicantName: HOLDER.name,
          nid: '১২৩৪৫৬৭৮৯০',
          fatherName: 'করিম উদ্দিন',
          village: 'কানসাট',
          union: 'কানসাট',
          postOffice: 'কানসাট',
          mouza: 'কানসাট',
          jlNumber: '১২',
          khotian: '৩৪',
          dagNumber: '৫৬',
          wellClass: 'deep',
          suspensionHistory: 'কখনো স্থগিত হয়নি',
          lastSeasonArea: 'বোরো মৌসুমে ৪০ বিঘা',
          unusedPeriod: 'আমন মৌসুমে দুই মাস',
          chargeHighLand: '১২০০',
          chargeLowLand: '৯০০',
          applicationFee: '১০০০',
          feePaidOn: TODAY,
        });
        await setDocs(page, docsFor('Renew', 4));
        await page.locator('input[name="agreed"]').check();
        await ctx!.setOffline(true);
        await shot(page, 'renew-01-form-filled');
        await (await openReview(page)).click();
        await page.getByText(bn['application.done.savedTitle']).waitFor({ timeout: 20_000 });
        await shot(page, 'renew-02-saved-on-phone');
      },
    );

    await scenario('renewal offline: the connection returns and the renewal arrives exactly once', async () => {
      await ctx!.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.goto(`${portal.url}/saved`);
      await page.getByText(bn['offline.status.received']).first().waitFor({ timeout: 60_000 });
      await shot(page, 'renew-03-saved-list-received');
      const chairman = await staffApi(portal.url, roles.Chairman);
      const rows = await waitFor('the renewal in the Chairman list', async () => {
        const list = await queueRows(chairman, 'chairman-renew-unseen');
        return list.total > 0 && list;
      });
      await sleep(2_000); // a second copy would have landed by now
      const again = await queueRows(chairman, 'chairman-renew-unseen');
      assert(again.total === 1, `expected exactly one renewal on the server, the Chairman sees ${again.total}`);
      renewalId = rows.rows[0]!.id;
      const detail = await detailOf(chairman, renewalId);
      assert(detail?.kind === 'Renew', `the request is a '${detail?.kind}', not a renewal`);
      assert(detail.licence?.id === issued.licence.id, 'the renewal names another licence');
      assert(detail.files.length === 6, `the renewal holds ${detail.files.length} of 6 files`);
      await chairman.dispose();
    });

    await scenario('renewal offline: Chairman and UNO forward it from their renewal lists', async () => {
      await signIn(page, portal.url, roles.Chairman);
      await openFromList(page, portal.url, 'chairReUnseen', renewalId);
      const forward = page.getByRole('button', { name: bn['decisions.forward.button'] }).last();
      await forward.waitFor();
      await shot(page, 'renew-04-chairman-detail');
      await forward.click();
      // Each role reads only what its lists show (decision 017): the Chairman sees it on its seen list.
      const chairmanApi = await staffApi(portal.url, roles.Chairman);
      await waitForStage(chairmanApi, renewalId, 'StepTwo');
      await chairmanApi.dispose();
      await page.context().clearCookies();
      await signIn(page, portal.url, roles.UNO);
      await openFromList(page, portal.url, 'unoReUnseen', renewalId);
      await page.getByRole('button', { name: bn['decisions.forward.button'] }).last().click();
      const unoApi = await staffApi(portal.url, roles.UNO);
      await waitForStage(unoApi, renewalId, 'StepThree');
      await unoApi.dispose();
      await page.context().clearCookies();
    });

    await scenario('renewal offline: BADC checks the six documents and approves with the new period', async () => {
      await signIn(page, portal.url, roles.BADC);
      await openFromList(page, portal.url, 'badcReUnseen', renewalId);
      const items = page.getByTestId(/^renew-check-item-/);
      await items.first().waitFor();
      const count = await items.count();
      assert(count === 6, `the renewal review asks ${count} document checks, not 6`);
      for (let n = 1; n <= count; n++)
        await page.getByTestId(`renew-check-item-${n}`).getByLabel(bn['common.yes']).check();
      await page.getByLabel(bn['review.renewal.approve']).check();
      await page.locator('#renew-validTo').fill(newValidTo);
      await shot(page, 'renew-05-badc-review');
      await page.getByRole('button', { name: bn['review.renewal.submit'] }).click();
      // The officer confirms the licence number and the new period before it is sent.
      await page.getByRole('dialog').getByRole('button', { name: bn['review.renewal.approve'] }).click();
      const approved = await waitForStage(badc, renewalId, 'Approved');
      assert(
        approved.licence?.validTo === newValidTo,
        `the licence is valid to ${approved.licence?.validTo}, not ${newValidTo}`,
      );
      assert(approved.licence.status === 'active', `the renewed licence is '${approved.licence.status}'`);
      await page.waitForLoadState('networkidle');
      await shot(page, 'renew-06-after-approval');
    });

    await scenario(
      "renewal offline: the certificate's back shows the new period; the QR check says active",
      async () => {
        await page.goto(`${portal.url}/admin-page/licensePrint/${issued.applicationId}`);
        await page.getByTestId('licence-number').first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        // The back of the certificate: its validity table, with the renewal as a row of its own.
        const shown = await page.getByLabel(bn['licence.back.title'], { exact: true }).innerText();
        const number = await page.getByTestId('licence-number').first().innerText();
        assert(number.includes(toBanglaDigits(issued.licence.number)), `the certificate shows licence ${number}`);
        assert(
          shown.includes(formatDateBn(newValidTo)),
          `the certificate does not show the new end of validity ${newValidTo}`,
        );
        await shot(page, 'renew-07-certificate');
        const qr = new URL(await qrUrlOf(badc, issued.applicationId));
        await page.context().clearCookies();
        await page.goto(`${portal.url}${qr.pathname}${qr.hash}`);
        await page.getByText('সক্রিয়').first().waitFor({ timeout: 20_000 });
        await shot(page, 'renew-08-licence-check-active');
      },
    );
    await badc.dispose();
  } finally {
    await ctx?.close();
    await portal.stop();
    await gateway.close();
  }
}
