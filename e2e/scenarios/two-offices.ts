import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { bn } from '../../shared/src/i18n/index.js';
import { fillNewLicenceForm, openReview } from '../lib/application-form.js';
import { openPhone } from '../lib/browser.js';
import { preparedOffice, startPortal } from '../lib/portal.js';
import { assert, scenario, shot, waitFor } from '../lib/runner.js';

/**
 * Issue 22's browser story (docs/decisions/057-offices.md): on one deployment, the national
 * administrator opens two offices of Bogura district from the country's list and appoints their
 * Admins; each office's site answers at its own address with its own headline; a citizen applies
 * to one; its Admin sees the application and the other office's Admin does not; the district
 * viewer sees both offices with their figures. Chromium resolves `<name>.localhost` to this machine,
 * as a phone would resolve the offices' real addresses.
 */
const PASSWORD = 'Sech-portal-e2e-2026-national';

/** `npm run create-admin` with extra arguments on a stopped portal's data folder; answers the one-time password. */
function consoleGrant(dataDir: string, args: string[]): string {
  const r = spawnSync('node', ['--import', 'tsx', 'server/src/scripts/create-admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`create-admin ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  const m = /One-time password[^:]*:\s*(\S+)/.exec(r.stdout);
  if (!m) throw new Error(`create-admin printed no password:\n${r.stdout}`);
  return m[1]!;
}

/** A request from the page itself: same origin, its cookies, its host name. */
async function inPage(page: Page, url: string, init: { method?: string; json?: unknown } = {}) {
  return page.evaluate(
    async ({ url, init }) => {
      const res = await fetch(url, {
        method: init.method ?? 'GET',
        headers: init.json === undefined ? {} : { 'content-type': 'application/json' },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      return { status: res.status, text: await res.text() };
    },
    { url, init },
  );
}

/** Signs in on the sign-in page of `base` and replaces a one-time password with PASSWORD. */
async function firstSignIn(page: Page, base: string, email: string, oneTime: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(oneTime);
  await page.getByRole('button', { name: bn['staff.login.submit'] }).click();
  await page.locator('#current').waitFor();
  await page.locator('#current').fill(oneTime);
  await page.locator('#new').fill(PASSWORD);
  await page.locator('#again').fill(PASSWORD);
  await page.getByRole('button', { name: bn['staff.setting.submit'] }).click();
  // The screen leaves once the server has the new password.
  await page.locator('#current').waitFor({ state: 'detached' });
}

export async function twoOfficesScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: 'e2e-gateway-token-two-offices' });
  // The prepared office (office 1), with the first national administrator and Bogura's viewer
  // made from the server's console, as a new deployment makes them.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-offices-'));
  fs.cpSync(path.join(preparedOffice().dir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const nationalOneTime = consoleGrant(dataDir, ['--email', 'chief@e2e.example.org', '--national']);
  const viewerOneTime = consoleGrant(dataDir, ['--email', 'bogura@e2e.example.org', '--district', '14']);
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: gateway.token, dataDir });
  const port = new URL(portal.url).port;
  const national = `http://portal.localhost:${port}`;
  const sherpur = `http://sherpur.localhost:${port}`;
  const shibganj = `http://shibganj.localhost:${port}`;
  const contexts: BrowserContext[] = [];
  const phone = async () => {
    const ctx = await openPhone({ serviceWorkers: 'block' });
    contexts.push(ctx);
    return ctx.pages()[0] ?? (await ctx.newPage());
  };
  const admins: Record<string, string> = {};
  try {
    await scenario('the national administrator opens two offices of Bogura and appoints their Admins', async () => {
      const page = await phone();
      await firstSignIn(page, national, 'chief@e2e.example.org', nationalOneTime);
      const form = page.getByRole('form', { name: bn['offices.national.openTitle'] });
      await form.waitFor();
      for (const [upazila, host] of [
        ['132', 'sherpur.localhost'],
        ['133', 'shibganj.localhost'],
      ] as const) {
        await form.getByLabel(bn['offices.national.district'], { exact: true }).selectOption('14');
        await form.getByLabel(bn['offices.national.upazila'], { exact: true }).selectOption(upazila);
        await form.getByLabel(bn['offices.national.host']).fill(host);
        await form.getByRole('button', { name: bn['offices.national.openSubmit'] }).click();
        await page.getByRole('link', { name: host }).waitFor();
      }
      for (const [name, email] of [
        ['শেরপুর', 'admin@sherpur.e2e.example.org'],
        ['শিবগঞ্জ', 'admin@shibganj.e2e.example.org'],
      ] as const) {
        const card = page.getByRole('article', { name: new RegExp(`^${name}`) });
        await card.getByRole('button', { name: bn['offices.national.appoint'] }).click();
        await card.getByLabel(bn['offices.national.adminEmail']).fill(email);
        await card.getByRole('button', { name: bn['offices.national.appointSubmit'], exact: true }).click();
        admins[email] = (await card.locator('code').textContent())!.trim();
        assert(admins[email]!.length >= 15, `a one-time password for ${email}`);
      }
      await shot(page, 'offices-01-national-admin', { fullPage: true });
    });

    await scenario('each office answers at its own address with its own headline', async () => {
      for (const [base, email, headline] of [
        [sherpur, 'admin@sherpur.e2e.example.org', 'শেরপুর উপজেলা সেচ অফিসে স্বাগতম'],
        [shibganj, 'admin@shibganj.e2e.example.org', 'শিবগঞ্জ (বগুড়া) উপজেলা সেচ অফিসে স্বাগতম'],
      ] as const) {
        const page = await phone();
        await firstSignIn(page, base, email, admins[email]!);
        const saved = await inPage(page, `${base}/api/admin/settings`, { method: 'PUT', json: { headline } });
        assert(saved.status === 200, `headline saved at ${base}: ${saved.status} ${saved.text}`);
        await page.goto(`${base}/`);
        await page.getByText(headline).first().waitFor();
      }
      const page = await phone();
      await page.goto(`${sherpur}/`);
      assert(
        !(await page.getByText('শিবগঞ্জ (বগুড়া) উপজেলা').count()),
        "Shibganj's headline must not show on Sherpur's site",
      );
      await shot(page, 'offices-02-sherpur-home');
      await page.goto(`${national}/`);
      await page.getByRole('link', { name: 'শেরপুর' }).waitFor();
      await shot(page, 'offices-03-national-list', { fullPage: true });
    });

    await scenario("a citizen applies to Sherpur: its Admin sees it, Shibganj's does not", async () => {
      const page = await phone();
      await page.goto(`${sherpur}/new-application`);
      await fillNewLicenceForm(page, { applicantName: 'শেরপুরের আবেদনকারী' });
      await (await openReview(page)).click();
      await page.getByText(bn['application.done.receivedTitle']).waitFor({ timeout: 60_000 });
      await shot(page, 'offices-05-sherpur-received');

      const rows = async (base: string, email: string) => {
        const officer = await phone();
        await officer.goto(`${base}/login`);
        const login = await inPage(officer, `${base}/api/auth/login`, {
          method: 'POST',
          json: { email, password: PASSWORD },
        });
        assert(login.status === 200, `sign-in at ${base}: ${login.status}`);
        const list = await inPage(officer, `${base}/api/staff/register/new`);
        assert(list.status === 200, `register at ${base}: ${list.status} ${list.text}`);
        return list.text;
      };
      const seen = await waitFor('the application in Sherpur’s register', async () => {
        const text = await rows(sherpur, 'admin@sherpur.e2e.example.org');
        return text.includes('শেরপুরের আবেদনকারী') ? text : null;
      });
      assert(/"applicationNumber":1\b/.test(seen), 'Sherpur numbers its first application 1');
      const other = await rows(shibganj, 'admin@shibganj.e2e.example.org');
      assert(!other.includes('শেরপুরের আবেদনকারী'), "Shibganj's register shows none of Sherpur's applications");
    });

    await scenario("Bogura's district viewer sees both offices, with Sherpur's application counted", async () => {
      const page = await phone();
      await firstSignIn(page, national, 'bogura@e2e.example.org', viewerOneTime);
      const card = page.getByRole('article', { name: /^শেরপুর/ });
      await card.waitFor();
      await page.getByRole('article', { name: /^শিবগঞ্জ/ }).waitFor();
      const figures = await card.locator('dd').allTextContents();
      assert(figures[0] === '১', `Sherpur's applications as the viewer sees them: ${figures.join(',')}`);
      assert(
        (await page.getByRole('button', { name: bn['offices.national.edit'] }).count()) === 0,
        'a viewer has nothing to change',
      );
      assert((await page.getByRole('article').count()) === 2, "the viewer sees Bogura's two offices and not office 1");
      await shot(page, 'offices-04-district-viewer', { fullPage: true });
    });
  } finally {
    for (const ctx of contexts) await ctx.close();
    await portal.stop();
    await gateway.close();
  }
}
