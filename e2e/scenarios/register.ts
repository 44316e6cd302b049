import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { renewalFields } from '../../server/src/modules/intake/kind-fixtures.js';
import { csvText } from '../../server/src/platform/http/csv.js';
import { bn, toBanglaDigits, translate } from '../../shared/src/i18n/index.js';
import { openPhone } from '../lib/browser.js';
import { startPortal } from '../lib/portal.js';
import { detailOf, docsFor, queueRows, sendRequest } from '../lib/requests.js';
import { applicationAtBadc } from '../lib/server-state.js';
import { assert, scenario, shot, waitFor } from '../lib/runner.js';
import { setUpStaff, signIn, staffApi } from '../lib/staff.js';

/**
 * Issue 10, the office's register in a browser at phone width: BADC finds an application in the
 * all-application list, edits a field and replaces a document, and the application's history
 * shows both with who did them; the Admin imports ten old records from a CSV (checked first, then
 * imported in one go), and the holder of one of them renews it through the citizens' intake.
 */
const GATEWAY_TOKEN = 'e2e-gateway-token-register';
const ROLES = { Chairman: 'chairman@e2e.example.org', UNO: 'uno@e2e.example.org', BADC: 'badc@e2e.example.org' };
const APPLICANT = 'রেজিস্টার পরীক্ষা রহিম';
const OLD_MOBILE = '01712345699';
/** The old register's numbers: far above anything the portal issues in a test. */
const OLD_NUMBERS = Array.from({ length: 10 }, (_, i) => 7001 + i);

/** Ten rows of the old register, under the form's own field names (the import takes those, the legacy names and the labels). */
function oldRegisterCsv(): Promise<string> {
  const header = [
    'licenceNumber',
    'regulationNumber',
    'applicantName',
    'fatherName',
    'mobile',
    'upazila',
    'village',
    'union',
    'postOffice',
    'mouza',
    'pumpType',
    'wellClass',
    'wellSize',
    'issuedOn',
  ];
  const rows = OLD_NUMBERS.map((n, i) => [
    toBanglaDigits(n),
    '১২/২০১৬',
    `পুরোনো গ্রাহক ${toBanglaDigits(i + 1)}`,
    'করিম উদ্দিন',
    i === 0 ? OLD_MOBILE : '',
    'শিবগঞ্জ',
    'কানসাট',
    'কানসাট',
    'কানসাট',
    'কানসাট',
    'electric',
    'deep',
    '1.0',
    '০১-০৭-২০২৪',
  ]);
  return csvText(header, rows);
}

export async function registerScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: GATEWAY_TOKEN });
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: GATEWAY_TOKEN });
  let ctx: BrowserContext | null = null;
  const csvDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-csv-'));
  try {
    const base = portal.url;
    const { adminEmail, adminPassword } = await setUpStaff(portal, ROLES);
    const id = await applicationAtBadc(base, [ROLES.Chairman, ROLES.UNO], 120, { applicantName: APPLICANT });
    const badc = await staffApi(base, ROLES.BADC);
    ctx = await openPhone({ width: 390 });
    const page = ctx.pages()[0] ?? (await ctx.newPage());

    await scenario(
      'register: BADC finds an application in the all-application list, edits a field and replaces a document; the history shows both',
      async () => {
        await signIn(page, base, ROLES.BADC);
        await page.goto(`${base}/admin-page/all-application`);
        await page.locator('input[type="search"]').fill(APPLICANT);
        const edit = page.getByRole('link', { name: bn['register.action.edit'] }).filter({ visible: true });
        await waitFor('one row for the applicant', async () => (await edit.count()) === 1);
        await shot(page, 'register-01-all-application', { fullPage: false });
        await edit.first().click();

        await page.locator('#f-village').waitFor({ timeout: 30_000 });
        await page.locator('#f-village').fill('নতুন কানসাট');
        await page.getByRole('button', { name: bn['registerEdit.save'] }).click();
        await page
          .getByText(/সংরক্ষিত হয়েছে/)
          .first()
          .waitFor({ timeout: 20_000 });

        const photo = docsFor('New', 121).find((d) => d.slot === 'photo')!.file;
        await page.locator('#file-edit-photo').setInputFiles(photo);
        await page.getByRole('button', { name: bn['registerEdit.files.upload'] }).first().click();
        await page
          .getByText(/বদলানো হয়েছে/)
          .first()
          .waitFor({ timeout: 30_000 });
        await page.getByText(bn['decisions.history.replaceFile']).first().waitFor({ timeout: 20_000 });
        await page.getByText(bn['decisions.history.editFields']).first().waitFor();
        await shot(page, 'register-02-edited');

        const detail = await detailOf(badc, id);
        assert(detail, 'the application is gone');
        assert(detail.fields.village === 'নতুন কানসাট', `the village is ${String(detail.fields.village)}`);
        const rows = detail.audit.filter((a) => a.action === 'editFields' || a.action === 'replaceFile');
        assert(
          rows.length === 2 && rows.every((a) => a.actor === ROLES.BADC),
          `the history holds ${JSON.stringify(rows.map((a) => [a.action, a.actor]))}`,
        );
        await page.context().clearCookies();
      },
    );

    await scenario('register: the Admin imports ten old records from a CSV; one is renewed by its holder', async () => {
      const file = path.join(csvDir, 'old_register.csv');
      fs.writeFileSync(file, await oldRegisterCsv());
      await page.goto(`${base}/login`);
      await page.locator('#email').fill(adminEmail);
      await page.locator('#password').fill(adminPassword);
      await page.getByRole('button', { name: bn['staff.login.submit'] }).click();
      await page.waitForURL(/\/admin-page/);
      await page.goto(`${base}/old-application`);
      await page.locator('#old-import-file').setInputFiles(file);
      await page.getByRole('button', { name: bn['oldRecords.import.check'] }).click();
      await page
        .getByText(translate('bn', 'oldRecords.import.ready', { rows: toBanglaDigits(10) }))
        .waitFor({ timeout: 30_000 });
      await shot(page, 'register-03-import-checked');
      await page.getByRole('button', { name: bn['oldRecords.import.run'] }).click();
      await page
        .getByText(translate('bn', 'oldRecords.import.done', { count: toBanglaDigits(10) }))
        .first()
        .waitFor({ timeout: 60_000 });
      await shot(page, 'register-04-imported', { fullPage: false });

      // The holder of the first one renews it through the citizens' intake, as the phone sends it.
      await sendRequest(
        base,
        'Renew',
        renewalFields({ licenceNumber: String(OLD_NUMBERS[0]), mobile: OLD_MOBILE, applicantName: 'পুরোনো গ্রাহক ১' }),
        122,
      );
      const chairman = await staffApi(base, ROLES.Chairman);
      const renewals = await queueRows(chairman, 'chairman-renew-unseen');
      assert(renewals.total === 1, `the Chairman sees ${renewals.total} renewals`);
      const renewal = await detailOf(chairman, renewals.rows[0]!.id);
      assert(
        renewal?.licence?.number === OLD_NUMBERS[0],
        `the renewal is about licence ${String(renewal?.licence?.number)}`,
      );
      await chairman.dispose();
    });
    await badc.dispose();
  } finally {
    await ctx?.close();
    await portal.stop();
    await gateway.close();
    fs.rmSync(csvDir, { recursive: true, force: true });
  }
}
