import type { BrowserContext } from 'playwright-core';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { bn, toBanglaDigits } from '../../shared/src/i18n/index.js';
import { openReview } from '../lib/application-form.js';
import { openPhone } from '../lib/browser.js';
import { startPortal } from '../lib/portal.js';
import {
  detailOf,
  docsFor,
  fillFields,
  issuedLicence,
  queueRows,
  setDocs,
  TODAY,
  verifyOnPhone,
  waitForStage,
} from '../lib/requests.js';
import { assert, scenario, shot, waitFor } from '../lib/runner.js';
import { openFromList, setUpStaff, signIn, staffApi } from '../lib/staff.js';

/**
 * Issue 8, scenario "name change": the licence holder proves the mobile at /verification/2 with the
 * texted code and sends a name change from the prefilled form; Chairman and UNO forward it, BADC
 * marks the seven documents and approves it at change-pending-view; the licence then carries the
 * new name and keeps the old one in its history.
 */
const GATEWAY_TOKEN = 'e2e-gateway-token-7f3a';
const HOLDER = { name: 'আবদুল মালেক', mobile: '01712345002' };
const HEIR = 'মোস্তফা কামাল';

export async function nameChangeScenario(): Promise<void> {
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
    const issued = await issuedLicence(portal.url, roles, HOLDER, 51);
    const badc = await staffApi(portal.url, roles.BADC);
    let changeId = '';

    ctx = await openPhone({ width: 390 });
    const page = ctx.pages()[0] ?? (await ctx.newPage());

    await scenario('name change: the holder verifies at /verification/2 and sends the change', async () => {
      await verifyOnPhone(page, portal.url, gateway, {
        purpose: 2,
        applicationNumber: issued.applicationNumber,
        mobile: HOLDER.mobile,
      });
      const newName = page.locator('#f-newApplicantName');
      await newName.waitFor({ timeout: 20_000 });
      assert(
        (await page.locator('#f-fatherName').inputValue()) === 'করিম উদ্দিন',
        'the change form is not prefilled from the licensed application',
      );
      await fillFields(page, {
        newApplicantName: HEIR,
        proposedMouza: 'কানসাট',
        proposedUnion: 'কানসাট',
        advanceFee: '৫০০',
        slipNumber: '৭৭১',
        feePaidOn: TODAY,
      });
      await setDocs(page, docsFor('NameChange', 5));
      await page.locator('input[name="agreed"]').check();
      await shot(page, 'name-01-change-form');
      await (await openReview(page)).click();
      await page
        .getByText(bn['application.done.savedTitle'])
        .or(page.getByText(bn['application.done.receivedTitle']))
        .first()
        .waitFor({ timeout: 20_000 });
      const chairman = await staffApi(portal.url, roles.Chairman);
      const list = await waitFor(
        'the name change in the Chairman list',
        async () => {
          const l = await queueRows(chairman, 'chairman-change-unseen');
          return l.total > 0 && l;
        },
        60_000,
      );
      assert(list.total === 1, `expected one change request, the Chairman sees ${list.total}`);
      changeId = list.rows[0]!.id;
      const detail = await detailOf(chairman, changeId);
      assert(detail?.kind === 'NameChange', `the request is a '${detail?.kind}'`);
      assert(detail.licence?.id === issued.licence.id, 'the change names another licence');
      await chairman.dispose();
      await shot(page, 'name-02-sent');
    });

    await scenario('name change: Chairman and UNO forward it from their change lists', async () => {
      await page.context().clearCookies();
      await signIn(page, portal.url, roles.Chairman);
      await openFromList(page, portal.url, 'chairChangeUnseen', changeId);
      const forward = page.getByRole('button', { name: bn['decisions.forward.button'] }).last();
      await forward.waitFor();
      await shot(page, 'name-03-chairman-detail');
      await forward.click();
      // Each role reads only what its lists show (decision 017): the Chairman sees it on its seen list.
      const chairmanApi = await staffApi(portal.url, roles.Chairman);
      await waitForStage(chairmanApi, changeId, 'StepTwo');
      await chairmanApi.dispose();
      await page.context().clearCookies();
      await signIn(page, portal.url, roles.UNO);
      await openFromList(page, portal.url, 'unoChangeUnseen', changeId);
      const unoForward = page.getByRole('button', { name: bn['decisions.forward.button'] }).last();
      await unoForward.waitFor();
      await shot(page, 'name-03b-uno-detail');
      await unoForward.click();
      await waitForStage(badc, changeId, 'Pending');
      await page.context().clearCookies();
    });

    await scenario(
      'name change: BADC marks the seven documents and approves; the licence shows the new name',
      async () => {
        await signIn(page, portal.url, roles.BADC);
        await openFromList(page, portal.url, 'changePending', changeId);
        const items = page.getByTestId(/^change-mark-item-/);
        await items.first().waitFor();
        const count = await items.count();
        assert(count === 7, `the change review shows ${count} documents, not 7`);
        for (let n = 1; n <= count; n++) {
          await page.getByTestId(`change-mark-item-${n}`).getByLabel(bn['review.change.markOn']).check();
        }
        await page.getByLabel(bn['review.change.yes']).check();
        await shot(page, 'name-04-badc-change-review');
        await page.getByRole('button', { name: bn['review.change.submit'] }).click();
        const approved = await waitForStage(badc, changeId, 'Approved');
        assert(approved.licence?.holderName === HEIR, `the licence is held by '${approved.licence?.holderName}'`);

        const doc = await badc.get(`/api/staff/licences/${issued.applicationId}`);
        const text = await doc.text();
        assert(text.includes(HEIR), 'the licence document does not show the new name');
        assert(text.includes(HOLDER.name), 'the licence document keeps no trace of the old name');
        await page.goto(`${portal.url}/admin-page/licensePrint/${issued.applicationId}`);
        await page.getByText(HEIR).first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await shot(page, 'name-05-licence-new-name');
        const shown = await page.locator('body').innerText();
        assert(shown.includes(toBanglaDigits(issued.licence.number)), 'the licence keeps its number');
        // The old name stays in the licence's history on the certificate.
        const history = await page.getByLabel(bn['licence.history.title'], { exact: true }).innerText();
        assert(history.includes(HOLDER.name), `the certificate's history does not name ${HOLDER.name}`);
      },
    );
    await badc.dispose();
  } finally {
    await ctx?.close();
    await portal.stop();
    await gateway.close();
  }
}
