import type { APIRequestContext, Page } from 'playwright-core';
import { startStubGateway } from '../../server/src/modules/sms/stub-gateway.js';
import { bn, toBanglaDigits, translate } from '../../shared/src/i18n/index.js';
import { fillNewLicenceForm, NEW_LICENCE_DOCS, openReview } from '../lib/application-form.js';
import { sha256 } from '../lib/files.js';
import { launchKillablePhone, setNetwork, type KillablePhone, type NetworkState } from '../lib/killable-browser.js';
import { describeOutbox, readOutbox, UNSENT, type PhoneOutboxItem } from '../lib/phone-storage.js';
import { startPortal, type Portal } from '../lib/portal.js';
import {
  applicationAtBadc,
  completeApplications,
  describeServer,
  inspections,
  serverApplication,
  type ServerApplication,
} from '../lib/server-state.js';
import { assert, checkAll, scenario, shot, waitFor } from '../lib/runner.js';
import { openFromList, setUpStaff, signIn, staffApi } from '../lib/staff.js';

/**
 * Issue 7 "Nothing lost, nothing doubled": the browser process is killed (SIGKILL, no chance to
 * flush anything) while the phone's outbox is at work, then opened again on the same profile, as
 * docs/decisions/018-service-targets.md "How to prove it" asks. Chromium writes localStorage to disk about five seconds
 * late, IndexedDB at once: whatever the portal kept only in localStorage is gone after the kill.
 *
 * After each kill: exactly one application (or decision) on the server per item queued on the
 * phone, every file byte-identical, nothing left unsent, and no second copy waiting to be sent
 * again from a "restored" form (what each scenario accepts: docs/decisions/019-kill-scenarios.md).
 */
const GATEWAY_TOKEN = 'e2e-gateway-token-7f3a';
const ROLES = {
  Chairman: 'chairman@e2e.example.org',
  UNO: 'uno@e2e.example.org',
  // Two BADC officers sharing one field phone (docs/decisions/018-service-targets.md: "On a shared device").
  BADC: ['badc@e2e.example.org', 'badc2@e2e.example.org'],
};
const [BADC_A, BADC_B] = ROLES.BADC as [string, string];

/** A slow mobile link: each request costs 0.4 s, so "send" (ping, item, six files) takes a few seconds. */
const SLOW: NetworkState = { latencyMs: 400, bytesPerSecond: 40_000 };
/** A 3G link: everything is on the server in about a second, each answer still 0.15 s on its way back. */
const THREE_G: NetworkState = { latencyMs: 150, bytesPerSecond: 200_000 };
/**
 * Chromium commits localStorage about 5 s after the first change of a batch. The person reads the
 * check-your-answers page (or inspects the well) for longer than that before pressing send, so
 * that nothing typed earlier opens a batch that would happen to carry send's own writes to disk:
 * what "send" keeps only in localStorage is then lost with every kill in the following seconds.
 */
const READING_MS = 6_000;
/** How long a reopened portal gets to send what waited on the phone. */
const ARRIVAL_MS = 45_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * /new-application opened again must not be a "restored" draft of the application already queued
 * (that would invite the person to send it a second time). It may show that application's status
 * with its number; "another application" from there must then open an empty form.
 */
async function assertNotRestored(
  page: Page,
  base: string,
  sent: { name: string; number: number | null },
  shotName: string,
) {
  await page.goto(`${base}/new-application`);
  const form = page.locator('#f-applicantName');
  const number = page.getByTestId('application-number');
  await form.or(number).first().waitFor();
  // What the phone holds (draft files, outbox) is read from IndexedDB a moment after the form paints.
  await page.waitForLoadState('networkidle');
  await sleep(1_000);
  await shot(page, shotName, { fullPage: false });
  if (await number.isVisible()) {
    const shown = (await number.innerText()).trim();
    assert(
      sent.number === null || shown === toBanglaDigits(sent.number),
      `the form's status shows number ${shown}, not the application's ${sent.number}`,
    );
    await page.getByRole('button', { name: bn['application.done.another'] }).click();
  } else if (!(await form.isVisible())) {
    throw new Error(
      `the page shows neither the form nor the number: "${(await page.locator('main').innerText()).slice(0, 300)}"`,
    );
  }
  await form.waitFor();
  const restored = await page.getByText(bn['application.draftRestored']).count();
  const name = await form.inputValue();
  assert(
    restored === 0 && name !== sent.name,
    `the form opened again as a restored draft of the application already queued ("${name}"), inviting the person to send it a second time`,
  );
}

/** /saved shows the application's number, as the person would read it. */
async function assertNumberShown(page: Page, base: string, applicationNumber: number, shotName: string) {
  await page.goto(`${base}/saved`);
  const text = translate('bn', 'offline.number', { number: toBanglaDigits(applicationNumber) });
  await page
    .getByText(text)
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => {
      throw new Error(`/saved does not show "${text}" after reopening`);
    });
  await shot(page, shotName);
}

/**
 * Waits for the application queued on the phone to be complete on the server with every file as
 * the phone had it, and for the phone's outbox to hold nothing unsent.
 */
async function assertArrivedOnce(
  page: Page,
  chairman: APIRequestContext,
  id: string,
  before: number,
): Promise<ServerApplication> {
  let last: ServerApplication | null = null;
  await waitFor(
    'the application to arrive',
    async () => {
      last = await serverApplication(chairman, id);
      return last?.intakeStatus === 'complete';
    },
    ARRIVAL_MS,
  ).catch(async () => {
    throw new Error(
      `after reopening, application ${id.slice(0, 8)} did not arrive within ${ARRIVAL_MS / 1000} s: ` +
        `${describeServer(last)}; on the phone: ${describeOutbox(await readOutbox(page))}`,
    );
  });
  const app = last as unknown as ServerApplication;
  for (const [slot, file] of Object.entries(NEW_LICENCE_DOCS)) {
    const stored = app.files.find((f) => f.slot === slot);
    assert(stored, `file ${slot} missing on the server`);
    assert(stored.sha256 === sha256(file.buffer), `file ${slot} differs from what the phone sent`);
  }
  const outbox = await waitFor(
    'the outbox to drain',
    async () => {
      const items = await readOutbox(page);
      return items.every((i) => !UNSENT.includes(i.status)) && items;
    },
    20_000,
  ).catch(async () => {
    throw new Error(`the phone still holds unsent items: ${describeOutbox(await readOutbox(page))}`);
  });
  const mine = outbox.find((i) => i.id === id);
  assert(mine?.status === 'received', `the phone's item is '${mine?.status}', not 'received'`);
  // Anything sent twice would have landed by now.
  await sleep(2_000);
  const after = await completeApplications(chairman);
  assert(after === before + 1, `expected exactly one new application on the server, found ${after - before}`);
  return app;
}

/** Where things stood when the browser was opened again (the kill's timing varies a little). */
async function logReopened(page: Page, api: APIRequestContext, id: string) {
  const server = describeServer(await serverApplication(api, id));
  console.log(`    reopened: ${server}; on the phone: ${describeOutbox(await readOutbox(page))}`);
}

/** New application items on the phone that were not there before. */
async function newApplicationItems(page: Page, known: Set<string>): Promise<PhoneOutboxItem[]> {
  // 'application' is what the outbox stored for a new licence before decision 023 ('New' since).
  return (await readOutbox(page)).filter((i) => ['New', 'application'].includes(i.kind) && !known.has(i.id));
}

async function fillAndReview(phone: KillablePhone, base: string, applicantName: string, tag: string) {
  const page = phone.page;
  await page.goto(`${base}/new-application`);
  await page.locator('#f-applicantName').waitFor();
  // Once the service worker is ready, the form opens again without a connection.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await fillNewLicenceForm(page, { applicantName });
  const send = await openReview(page);
  await shot(page, `${tag}-1-review`);
  await sleep(READING_MS);
  return send;
}

/**
 * Issue 7 scenario 1: "send", the browser is killed `delayMs` later, the person opens the portal
 * again (and does nothing else). If the kill came before the outbox write, the form must still
 * hold everything (then the person sends again); otherwise the application must arrive by itself.
 * Either way: exactly one application, never none and never two.
 */
async function killAfterSend(
  portal: Portal,
  chairman: APIRequestContext,
  opts: { delayMs: number; network: NetworkState; tag: string; applicantName: string },
) {
  const phone = await launchKillablePhone();
  try {
    const send = await fillAndReview(phone, portal.url, opts.applicantName, opts.tag);
    const before = await completeApplications(chairman);
    const known = new Set((await readOutbox(phone.page)).map((i) => i.id));
    await setNetwork(phone, opts.network);
    await send.click();
    const clickedAt = Date.now();
    await sleep(opts.delayMs - (Date.now() - clickedAt));
    console.log(`    killing ${Date.now() - clickedAt} ms after send`);
    await phone.kill();

    await phone.relaunch();
    const page = phone.page;
    await page.goto(`${portal.url}/`);
    let [queued] = await newApplicationItems(page, known);
    if (queued) await logReopened(page, chairman, queued.id);
    if (!queued) {
      // Killed before the outbox write: nothing may be lost, so the form must hold it all.
      await page.goto(`${portal.url}/new-application`);
      await page.getByText(bn['application.draftRestored']).waitFor({ timeout: 10_000 });
      assert(
        (await page.locator('#f-applicantName').inputValue()) === opts.applicantName,
        'killed before the outbox write: the form lost what was typed',
      );
      await shot(page, `${opts.tag}-2-draft-kept`);
      await (await openReview(page)).click();
      [queued] = await waitFor('the item in the outbox', async () => {
        const items = await newApplicationItems(page, known);
        return items.length > 0 && items;
      });
      await page.goto(`${portal.url}/`);
    }
    const id = queued!.id;
    const numberOnServer = async () => (await serverApplication(chairman, id))?.applicationNumber ?? null;
    await checkAll({
      'arrives once': () => assertArrivedOnce(page, chairman, id, before),
      'number shown': async () => {
        const number = await numberOnServer();
        assert(number !== null, 'the server has no application, so no number to show');
        await assertNumberShown(page, portal.url, number, `${opts.tag}-3-saved-number`);
      },
      'not restored': async () =>
        assertNotRestored(
          page,
          portal.url,
          { name: opts.applicantName, number: await numberOnServer() },
          `${opts.tag}-4-form-after`,
        ),
    });
  } finally {
    await phone.dispose();
  }
}

/** Issue 7 scenario 2: the server has everything, the browser dies before the phone hears so. */
async function killWhenComplete(portal: Portal, chairman: APIRequestContext) {
  const tag = 'kill-complete';
  const applicantName = 'সম্পূর্ণ প্রাপ্ত';
  const phone = await launchKillablePhone();
  try {
    const send = await fillAndReview(phone, portal.url, applicantName, tag);
    const before = await completeApplications(chairman);
    const known = new Set((await readOutbox(phone.page)).map((i) => i.id));
    await setNetwork(phone, THREE_G);
    await send.click();
    const clickedAt = Date.now();
    const [queued] = await waitFor('the item in the outbox', async () => {
      const items = await newApplicationItems(phone.page, known);
      return items.length > 0 && items;
    });
    // Poll the server closely; kill the moment the last file is in. On the 3G link the answer is
    // still on its way to the phone, so the phone never learns that it was received.
    const end = Date.now() + 60_000;
    let number = 0;
    for (;;) {
      const app = await serverApplication(chairman, queued!.id);
      if (app?.intakeStatus === 'complete') {
        number = app.applicationNumber;
        break;
      }
      assert(Date.now() < end, `the application never completed on the server: ${describeServer(app)}`);
      await sleep(20);
    }
    console.log(`    complete on the server, killing ${Date.now() - clickedAt} ms after send`);
    await phone.kill();

    await phone.relaunch();
    const page = phone.page;
    await page.goto(`${portal.url}/`);
    await logReopened(page, chairman, queued!.id);
    await checkAll({
      'arrives once': () => assertArrivedOnce(page, chairman, queued!.id, before),
      // The phone's number comes from the first answer to the item (the application was created then).
      'number shown': () => assertNumberShown(page, portal.url, number, `${tag}-2-saved-number`),
      'not restored': () => assertNotRestored(page, portal.url, { name: applicantName, number }, `${tag}-3-form-after`),
      'still one': async () => {
        const after = await completeApplications(chairman);
        assert(after === before + 1, `the server now has ${after - before} new applications`);
      },
    });
  } finally {
    await phone.dispose();
  }
}

/**
 * BADC officer A opens the application online, the connection is cut, A records the checklist
 * decision (queued on the phone), and the browser is killed at once; then it is opened again.
 */
async function queueInspectionAndKill(portal: Portal, phone: KillablePhone, id: string, tag: string) {
  const page = phone.page;
  await signIn(page, portal.url, BADC_A);
  await openFromList(page, portal.url, 'bunseen', id);
  await page.getByTestId('check-item-1').waitFor();
  await setNetwork(phone, 'offline');
  await sleep(READING_MS); // at the well, with no signal
  for (let n = 1; n <= 6; n++) await page.getByTestId(`check-item-${n}`).getByLabel(bn['common.yes']).check();
  await page.getByRole('button', { name: bn['decisions.checklist.submit'] }).click();
  await page.getByText(bn['decisions.savedOffline']).first().waitFor({ timeout: 30_000 });
  const [item] = await waitFor('the decision in the outbox', async () => {
    const items = (await readOutbox(page)).filter((i) => i.kind === 'officerAction' && i.applicationId === id);
    return items.length > 0 && items;
  });
  assert(UNSENT.includes(item!.status), `the decision is '${item!.status}' on the phone, expected it queued`);
  await shot(page, `${tag}-1-queued-offline`, { fullPage: false });
  await phone.kill();
  await phone.relaunch();
  return item!;
}

async function assertInspectedOnceBy(
  phone: KillablePhone,
  reader: APIRequestContext,
  id: string,
  officer: string,
): Promise<void> {
  let last: ServerApplication | null = null;
  await waitFor(
    'the decision to arrive',
    async () => {
      last = await serverApplication(reader, id);
      return inspections(last).length > 0;
    },
    ARRIVAL_MS,
  ).catch(async () => {
    throw new Error(
      `the decision queued on the phone did not reach the server within ${ARRIVAL_MS / 1000} s after ${officer} ` +
        `signed in again (stage '${last?.stage}'); on the phone: ${describeOutbox(await readOutbox(phone.page))}`,
    );
  });
  await sleep(2_000); // a repeat would have landed by now
  const rows = inspections(await serverApplication(reader, id));
  assert(rows.length === 1, `the decision was recorded ${rows.length} times`);
  assert(rows[0]!.actor === officer, `the decision is recorded under ${rows[0]!.actor}, not ${officer} who made it`);
  await waitFor(
    'the outbox to drain',
    async () => (await readOutbox(phone.page)).every((i) => !UNSENT.includes(i.status)),
    20_000,
  ).catch(async () => {
    throw new Error(`the phone still holds unsent items: ${describeOutbox(await readOutbox(phone.page))}`);
  });
}

export async function offlineKillsScenario(): Promise<void> {
  const gateway = await startStubGateway({ token: GATEWAY_TOKEN });
  const portal = await startPortal({ smsUrl: gateway.url, smsToken: GATEWAY_TOKEN });
  try {
    await setUpStaff(portal, ROLES);
    const chairman = await staffApi(portal.url, ROLES.Chairman);
    // BADC reads applications from its stage on (docs/decisions/017-permissions.md), with their audit.
    const badcReader = await staffApi(portal.url, BADC_B);

    await scenario('killed 0.5 s after send on a slow link: the application arrives once on reopening', () =>
      killAfterSend(portal, chairman, {
        delayMs: 500,
        network: SLOW,
        tag: 'kill-0.5s',
        applicantName: 'আধা সেকেন্ড',
      }),
    );
    await scenario('killed 2 s after send on a slow link: the application arrives once on reopening', () =>
      killAfterSend(portal, chairman, { delayMs: 2_000, network: SLOW, tag: 'kill-2s', applicantName: 'দুই সেকেন্ড' }),
    );
    await scenario('killed 2 s after send with no connection: the application arrives once on reopening', () =>
      killAfterSend(portal, chairman, {
        delayMs: 2_000,
        network: 'offline',
        tag: 'kill-offline',
        applicantName: 'সংযোগহীন',
      }),
    );
    await scenario('killed just after the server has everything: no second application, the number still shown', () =>
      killWhenComplete(portal, chairman),
    );

    await scenario('a BADC decision queued offline survives a kill and is sent once under its officer', async () => {
      const id = await applicationAtBadc(portal.url, [ROLES.Chairman, ROLES.UNO], 71);
      const phone = await launchKillablePhone();
      try {
        // Killed right after the decision is queued.
        await queueInspectionAndKill(portal, phone, id, 'badc-kill');
        await signIn(phone.page, portal.url, BADC_A);
        await phone.page.getByRole('button', { name: bn['staff.accountMenu'] }).waitFor();
        await shot(phone.page, 'badc-kill-2-signed-in-again');
        await assertInspectedOnceBy(phone, badcReader, id, BADC_A);
      } finally {
        await phone.dispose();
      }
    });

    await scenario(
      'after the kill another officer signs in first: the decision waits for its own officer',
      async () => {
        const id = await applicationAtBadc(portal.url, [ROLES.Chairman, ROLES.UNO], 72);
        const phone = await launchKillablePhone();
        try {
          const item = await queueInspectionAndKill(portal, phone, id, 'badc-other');
          const page = phone.page;
          await signIn(page, portal.url, BADC_B);
          // B works on the device for a while; every page load and timer gives the engine a chance.
          await page.goto(`${portal.url}/admin-page/bunseen`);
          await sleep(12_000);
          const held = await serverApplication(badcReader, id);
          assert(
            inspections(held).length === 0,
            `the decision ${BADC_A} queued was sent under ${inspections(held)[0]?.actor} who signed in after the kill`,
          );
          const waiting = (await readOutbox(page)).find((i) => i.id === item.id);
          assert(waiting && UNSENT.includes(waiting.status), `the held decision is '${waiting?.status}' on the phone`);
          await openFromList(page, portal.url, 'bunseen', id);
          await page.getByTestId('check-item-1').or(page.getByText(bn['decisions.nothingToDo'])).first().waitFor();
          // The held decision's note comes from the phone's outbox once the screen has read it; waited
          // for by its text (a wait for the network to fall quiet timed out on a busy machine).
          await page
            .getByText(item.label)
            .first()
            .waitFor({ timeout: 30_000 })
            .catch(() => undefined);
          const shown = (await page.locator('body').innerText()).includes(item.label);
          if (shown) await page.getByText(item.label).first().scrollIntoViewIfNeeded();
          await shot(page, 'badc-other-2-held-for-its-officer', { fullPage: !shown });
          assert(shown, `the application's screen does not show the decision waiting on this device ("${item.label}")`);
          // B leaves; A signs in on the same device.
          await page.context().clearCookies();
          await signIn(page, portal.url, BADC_A);
          await assertInspectedOnceBy(phone, badcReader, id, BADC_A);
          await shot(page, 'badc-other-3-sent-under-its-officer');
        } finally {
          await phone.dispose();
        }
      },
    );
    await chairman.dispose();
    await badcReader.dispose();
  } finally {
    await portal.stop();
    await gateway.close();
  }
}
