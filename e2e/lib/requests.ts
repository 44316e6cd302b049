import crypto from 'node:crypto';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { isImageOnlySlot, KIND_SLOTS, KIND_SLUG, type Kind } from '../../shared/src/kinds/slots.js';
import { bn } from '../../shared/src/i18n/index.js';
import type { ApplicationDetail } from '../../shared/src/schemas/review.js';
import { pdf, png, sha256 } from './files.js';
import { assert, waitFor } from './runner.js';
import { staffApi } from './staff.js';

/**
 * Helpers for the scenarios of issue 8 (every kind of request on one intake and one review engine):
 * a licence issued through the API in a scenario's set-up, the files a kind's form asks for, the
 * citizen's verification with the code the gateway stub received, and waits on what the server holds.
 */
export type Roles = { Chairman: string; UNO: string; BADC: string };
type Gateway = { received: { to: string; message: string }[] };

/** A file per slot of a kind, as a phone would pick them: pictures where only pictures go, PDFs elsewhere. */
export function docsFor(kind: Kind, seed = 0) {
  return (KIND_SLOTS[kind] as readonly string[]).map((slot, i) => {
    const picture = isImageOnlySlot(slot) || i % 2 === 0;
    return {
      slot,
      file: picture
        ? { name: `${slot}.png`, mimeType: 'image/png', buffer: png(seed * 10 + i + 1) }
        : { name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: pdf(seed * 10 + i + 1) },
    };
  });
}

/** Types into the form's fields (#f-<name>; a select gets its option). */
export async function fillFields(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`#f-${name}`);
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

export async function setDocs(page: Page, docs: ReturnType<typeof docsFor>): Promise<void> {
  for (const { slot, file } of docs) await page.locator(`#file-${slot}`).setInputFiles(file);
}

/** The application as the office reads it (null when unknown). */
export async function detailOf(api: APIRequestContext, id: string): Promise<ApplicationDetail | null> {
  const r = await api.get(`/api/staff/applications/${id}`);
  if (r.status() === 404) return null;
  assert(r.ok(), `reading ${id}: ${r.status()} ${await r.text()}`);
  return (await r.json()) as ApplicationDetail;
}

/** Waits until the server holds the application in `stage` (what the officer's click did). */
export async function waitForStage(api: APIRequestContext, id: string, stage: string, ms = 30_000) {
  let last: ApplicationDetail | null = null;
  await waitFor(
    `stage ${stage}`,
    async () => {
      // Until the request reaches this role's lists the server answers 403 (decision 017): keep waiting.
      const r = await api.get(`/api/staff/applications/${id}`);
      if (r.status() === 403 || r.status() === 404) return false;
      assert(r.ok(), `reading ${id}: ${r.status()} ${await r.text()}`);
      last = (await r.json()) as ApplicationDetail;
      return last.stage === stage;
    },
    ms,
  ).catch(() => {
    throw new Error(`the request is at '${(last as ApplicationDetail | null)?.stage}', never reached '${stage}'`);
  });
  return last as unknown as ApplicationDetail;
}

/** The rows of one of the office's lists. */
export async function queueRows(api: APIRequestContext, queue: string) {
  const r = await api.get(`/api/staff/queues/${queue}?pageSize=100`);
  assert(r.ok(), `${queue}: ${r.status()} ${await r.text()}`);
  return (await r.json()) as { total: number; rows: { id: string; kind?: string; licenceNumber?: number | null }[] };
}

/** An action through the API, as the officer's screen sends it. */
export async function act(api: APIRequestContext, id: string, action: string, payload: Record<string, unknown> = {}) {
  const detail = await detailOf(api, id);
  assert(detail, `no application ${id}`);
  const r = await api.post(`/api/staff/applications/${id}/actions`, {
    data: { action, version: detail.version, clientActionId: crypto.randomUUID(), payload },
  });
  assert(r.ok(), `${action}: ${r.status()} ${await r.text()}`);
}

/**
 * Sends a request of any kind the way the phone's outbox does: the manifest, then each file. A
 * change needs the holder's verified mobile: pass the session that holds the grant (verifiedCitizen).
 */
export async function sendRequest(
  base: string,
  kind: Kind,
  fields: Record<string, unknown>,
  seed = 0,
  session?: APIRequestContext,
) {
  const citizen = session ?? (await request.newContext({ baseURL: base }));
  const slug = KIND_SLUG[kind];
  const docs = docsFor(kind, seed);
  const r = await citizen.post(`/api/intake/${slug}`, {
    data: {
      clientId: crypto.randomUUID(),
      fields,
      files: docs.map(({ slot, file }) => ({
        slot,
        size: file.buffer.byteLength,
        sha256: sha256(file.buffer),
        mime: file.mimeType,
        name: file.name,
      })),
    },
  });
  assert(r.status() === 201, `intake ${slug}: ${r.status()} ${await r.text()}`);
  const { id, referenceNumber } = (await r.json()) as { id: string; referenceNumber: number };
  for (const { slot, file } of docs) {
    const put = await citizen.put(`/api/intake/${slug}/${id}/files/${slot}`, {
      data: file.buffer,
      headers: { 'content-type': file.mimeType, 'x-file-name': file.name, 'x-file-sha256': sha256(file.buffer) },
    });
    assert(put.ok(), `upload ${slot}: ${put.status()} ${await put.text()}`);
  }
  if (!session) await citizen.dispose();
  return { id, applicationNumber: Number(referenceNumber) };
}

export const TODAY = new Date().toISOString().slice(0, 10);
export const inYears = (n: number, from = TODAY) => `${Number(from.slice(0, 4)) + n}${from.slice(4)}`;

/** A new-licence application's fields for a person (Latin digits, as the API takes either). */
export function newLicenceFields(person: { name: string; mobile: string; dag?: string }) {
  return {
    applicantName: person.name,
    fatherName: 'করিম উদ্দিন',
    mobile: person.mobile,
    upazila: 'শিবগঞ্জ',
    village: 'কানসাট',
    union: 'কানসাট',
    postOffice: 'কানসাট',
    mouza: 'কানসাট',
    jlNumber: '12',
    khotian: '34',
    dagNumber: person.dag ?? '56',
    wellClass: 'deep',
    wellSize: '1.0',
    pumpType: 'electric',
    advanceFee: '500',
    agreed: true,
  };
}

/**
 * A licence issued in a scenario's set-up: a new-licence application sent by its holder, forwarded
 * by Chairman and UNO, inspected, found approvable and approved for three years by BADC.
 */
export async function issuedLicence(base: string, roles: Roles, person: { name: string; mobile: string }, seed = 1) {
  const { id, applicationNumber } = await sendRequest(base, 'New', newLicenceFields(person), seed);
  const officers = {
    Chairman: await staffApi(base, roles.Chairman),
    UNO: await staffApi(base, roles.UNO),
    BADC: await staffApi(base, roles.BADC),
  };
  await act(officers.Chairman, id, 'forward');
  await act(officers.UNO, id, 'forward');
  await act(officers.BADC, id, 'inspect', { checklist: Array.from({ length: 6 }, () => ({ ok: true })) });
  await act(officers.BADC, id, 'decideFirst', { approvable: true });
  await act(officers.BADC, id, 'approve', { termYears: 3, issuedOn: TODAY, validFrom: TODAY, validTo: inYears(3) });
  const licence = (await detailOf(officers.BADC, id))?.licence;
  assert(licence, 'the approved application shows no licence');
  for (const api of Object.values(officers)) await api.dispose();
  return { applicationId: id, applicationNumber, licence };
}

/**
 * The citizen verifies the mobile at /verification/<purpose> on the phone: the application number
 * and the mobile, then the code the gateway stub received (as the new-licence scenario reads it).
 */
export async function verifyOnPhone(
  page: Page,
  base: string,
  gateway: Gateway,
  opts: { purpose: number; applicationNumber: number; mobile: string },
): Promise<void> {
  const before = gateway.received.length;
  await page.goto(`${base}/verification/${opts.purpose}`);
  await page.locator('input[name="applicationNumber"]').fill(String(opts.applicationNumber));
  await page.locator('input[name="mobile"]').fill(opts.mobile);
  await page.getByRole('button', { name: bn['verification.send'] }).click();
  const text = await waitFor('the one-time code', async () =>
    gateway.received.slice(before).find((m) => m.to === `88${opts.mobile}` && /\d{6}/.test(m.message)),
  );
  await page.locator('input[name="code"]').fill(/(\d{6})/.exec(text.message)![1]!);
  await page.getByRole('button', { name: bn['verification.confirm'] }).click();
}

/**
 * The citizen's verification through the API, for a scenario's set-up (verifyOnPhone does it on
 * the phone's screens): the code the gateway stub received, then a session holding the grant.
 */
export async function verifiedCitizen(
  base: string,
  gateway: Gateway,
  opts: { purpose: number; applicationNumber: number; mobile: string },
): Promise<APIRequestContext> {
  const citizen = await request.newContext({ baseURL: base });
  const before = gateway.received.length;
  const sent = await citizen.post('/api/verification/send', {
    data: { applicationNumber: String(opts.applicationNumber), mobile: opts.mobile, purpose: opts.purpose },
  });
  assert(sent.status() === 202, `send code: ${sent.status()} ${await sent.text()}`);
  const { challengeId } = (await sent.json()) as { challengeId: string };
  const text = await waitFor('the one-time code', async () =>
    gateway.received.slice(before).find((m) => m.to === `88${opts.mobile}` && /\d{6}/.test(m.message)),
  );
  const confirmed = await citizen.post('/api/verification/confirm', {
    data: { challengeId, code: /(\d{6})/.exec(text.message)![1]! },
  });
  assert(confirmed.ok(), `confirm code: ${confirmed.status()} ${await confirmed.text()}`);
  return citizen;
}

/** The signed QR URL the licence carries (docs/decisions/024-signed-licence-qr.md), found in the licence document. */
export async function qrUrlOf(api: APIRequestContext, applicationId: string): Promise<string> {
  const r = await api.get(`/api/staff/licences/${applicationId}`);
  assert(r.ok(), `licence document: ${r.status()} ${await r.text()}`);
  const found = /"(https?:\/\/[^"]*\/licence-check#[^"]+)"/.exec(await r.text());
  assert(found, 'the licence document carries no /licence-check URL for its QR');
  return found[1]!;
}
