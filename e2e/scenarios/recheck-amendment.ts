import type { BrowserContext } from 'playwright-core';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { bn } from '../../shared/src/i18n/index.js';
import { openPhone } from '../lib/browser.js';
import { png, sha256 } from '../lib/files.js';
import { startPortal } from '../lib/portal.js';
import { act, detailOf, newLicenceFields, sendRequest, verifyOnPhone, waitForStage } from '../lib/requests.js';
import { assert, scenario, shot, waitFor } from '../lib/runner.js';
import { openFromList, setUpStaff, signIn, staffApi } from '../lib/staff.js';

/**
 * Issue 8, scenario "recheck amendment" (spec 1 §4 "Recheck"): BADC inspects an application, marks
 * the land-tax receipt No and asks the applicant for a recheck; the applicant proves the mobile at
 * /verification/4, replaces exactly that document and says "done"; the application is back in
 * BADC's pending list and its detail shows the replaced file and the amendment in its audit trail.
 */
const GATEWAY_TOKEN = 'e2e-gateway-token-7f3a';
const APPLICANT = { name: 'সালমা বেগম', mobile: '01712345003' };
/** The land-tax receipt is the fifth document (spec 3 §5 order). */
const TAX_ITEM = 5;
const NEW_RECEIPT = { name: 'notun-khajna.png', mimeType: 'image/png', buffer: png(61) };

export async function recheckAmendmentScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: GATEWAY_TOKEN });
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: GATEWAY_TOKEN });
  let ctx: BrowserContext | null = null;
  try {
    const roles = {
      Chairman: 'chairman@e2e.example.org',
      UNO: 'uno@e2e.example.org',
      BADC: 'badc@e2e.example.org',
    };
    await setUpStaff(portal, roles);
    const { id, applicationNumber } = await sendRequest(portal.url, 'New', newLicenceFields(APPLICANT), 61);
    const chairman = await staffApi(portal.url, roles.Chairman);
    const uno = await staffApi(portal.url, roles.UNO);
    await act(chairman, id, 'forward');
    await act(uno, id, 'forward');
    await chairman.dispose();
    await uno.dispose();
    const badc = await staffApi(portal.url, roles.BADC);

    ctx = await openPhone({ width: 390 });
    const page = ctx.pages()[0] ?? (await ctx.newPage());

    await scenario(
      'recheck amendment: BADC marks the tax receipt No and asks the applicant for a recheck',
      async () => {
        await signIn(page, portal.url, roles.BADC);
        await openFromList(page, portal.url, 'bunseen', id);
        await page.getByTestId('check-item-1').waitFor();
        for (let n = 1; n <= 6; n++) {
          const item = page.getByTestId(`check-item-${n}`);
          if (n !== TAX_ITEM) {
            await item.getByLabel(bn['common.yes']).check();
            continue;
          }
          await item.getByLabel(bn['common.no']).check();
          await item.locator('textarea').fill('খাজনার রসিদ পুরনো বছরের');
        }
        await shot(page, 'recheck-01-badc-checklist');
        await page.getByRole('button', { name: bn['decisions.checklist.submit'] }).click();
        await waitForStage(badc, id, 'Pending');

        await openFromList(page, portal.url, 'pendingOne', id);
        await page.locator('#recheck-status').selectOption('ON');
        await page.locator('#recheck-message').fill('চলতি বছরের খাজনার রসিদ দিন');
        await shot(page, 'recheck-02-badc-asks');
        await page.getByRole('button', { name: bn['decisions.recheck.submit'] }).click();
        await waitFor('the recheck on the server', async () => (await detailOf(badc, id))?.recheck.requested);
        await page.context().clearCookies();
      },
    );

    await scenario(
      'recheck amendment: the applicant replaces that document at /verification/4 and sends it back',
      async () => {
        await verifyOnPhone(page, portal.url, gateway, { purpose: 4, applicationNumber, mobile: APPLICANT.mobile });
        await page.getByText(bn['verification.amend.filesTitle']).first().waitFor({ timeout: 20_000 });
        const inputs = page.locator('input[type="file"]');
        assert(
          (await inputs.count()) === 1,
          `the panel offers ${await inputs.count()} documents to replace, not the one marked No`,
        );
        await inputs.first().setInputFiles(NEW_RECEIPT);
        const upload = page.getByRole('button', { name: bn['verification.amend.upload'] });
        if (await upload.isVisible()) await upload.click();
        await page.getByText(bn['verification.amend.replaced']).first().waitFor({ timeout: 20_000 });
        await shot(page, 'recheck-03-applicant-replaced');
        await page.getByRole('button', { name: bn['verification.amend.submit'] }).click();
        // The applicant confirms that the amendment is complete; only then does it go back to BADC.
        await page.getByRole('dialog').getByRole('button', { name: bn['verification.amend.confirmYes'] }).click();
        await page.getByText(bn['verification.amend.submitted']).first().waitFor({ timeout: 20_000 });
        // It was at Pending all along: what changes is the recheck, closed by the applicant's "done".
        const back = await waitForStage(badc, id, 'Pending');
        assert(!back.recheck.requested, 'the recheck is still asked after the applicant sent the amendment');
        const stored = back.files.find((f) => f.slot === 'landTaxReceipt');
        assert(stored?.sha256 === sha256(NEW_RECEIPT.buffer), 'the server does not hold the replaced tax receipt');
        await page.waitForLoadState('networkidle');
        await shot(page, 'recheck-04-applicant-done');
      },
    );

    await scenario(
      "recheck amendment: BADC's pending list shows it again with the replaced file in its audit",
      async () => {
        await page.context().clearCookies();
        await signIn(page, portal.url, roles.BADC);
        await openFromList(page, portal.url, 'pendingOne', id);
        await page.getByText(bn['decisions.recheck.title']).first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        const detail = await detailOf(badc, id);
        assert(
          detail?.audit.some((a) => /amend/i.test(a.action)),
          `no amendment in the audit trail: ${detail?.audit.map((a) => a.action).join(', ')}`,
        );
        await shot(page, 'recheck-05-badc-sees-amendment');
      },
    );
    await badc.dispose();
  } finally {
    await ctx?.close();
    await portal.stop();
    await gateway.close();
  }
}
