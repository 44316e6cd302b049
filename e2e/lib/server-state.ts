import crypto from 'node:crypto';
import { request, type APIRequestContext } from 'playwright-core';
import { validFields } from '../../server/src/modules/applications/intake-fixtures.js';
import { toBanglaDigits } from '../../shared/src/i18n/index.js';
import type { ApplicationDetail } from '../../shared/src/schemas/review.js';
import { NEW_LICENCE_DOCS } from './application-form.js';
import { sha256 } from './files.js';
import { assert } from './runner.js';
import { staffApi } from './staff.js';

/**
 * What the server holds, asked through the staff API as an office would see it: the scenarios
 * compare it with what the phone queued (one application per item, files byte-identical, who
 * decided).
 */
export type ServerApplication = ApplicationDetail;

/** The application with this id (the phone's clientId), or null when the server never heard of it. */
export async function serverApplication(api: APIRequestContext, id: string): Promise<ServerApplication | null> {
  const r = await api.get(`/api/staff/applications/${id}`);
  if (r.status() === 404) return null;
  if (!r.ok()) throw new Error(`reading application ${id}: ${r.status()} ${await r.text()}`);
  return (await r.json()) as ServerApplication;
}

export function describeServer(app: ServerApplication | null): string {
  if (!app) return 'the server has no such application';
  return `the server holds it as '${app.intakeStatus}' with ${app.files.length} of 6 files`;
}

/** Complete new applications in the Chairman's unseen list: a doubled application is one more here. */
export async function completeApplications(chairman: APIRequestContext): Promise<number> {
  const r = await chairman.get('/api/staff/queues/chairman-unseen');
  assert(r.ok(), `chairman-unseen: ${r.status()}`);
  return ((await r.json()) as { total: number }).total;
}

/** The audit rows of BADC's checklist decision (spec 3 §5) on this application. */
export function inspections(app: ServerApplication | null): ServerApplication['audit'] {
  return app?.audit.filter((a) => a.action === 'inspect') ?? [];
}

/**
 * A new-licence application sent the way the phone's outbox sends it (docs/decisions/005), then
 * forwarded by each of `forwarders` (Chairman, UNO): it waits in BADC's unseen list.
 */
export async function applicationAtBadc(
  base: string,
  forwarders: string[],
  seed: number,
  /** Answers that differ from the usual form (e.g. the well's position). */
  fields: Record<string, unknown> = {},
): Promise<string> {
  const citizen = await request.newContext({ baseURL: base });
  const clientId = crypto.randomUUID();
  const docs = Object.entries(NEW_LICENCE_DOCS);
  const r = await citizen.post('/api/intake/new', {
    data: {
      clientId,
      fields: validFields({ applicantName: `বিএডিসি পরীক্ষা ${toBanglaDigits(seed)}`, ...fields }),
      files: docs.map(([slot, f]) => ({
        slot,
        size: f.buffer.byteLength,
        sha256: sha256(f.buffer),
        mime: f.mimeType,
        name: f.name,
      })),
    },
  });
  assert(r.status() === 201, `submit: ${r.status()} ${await r.text()}`);
  for (const [slot, f] of docs) {
    const put = await citizen.put(`/api/intake/new/${clientId}/files/${slot}`, {
      data: f.buffer,
      headers: { 'content-type': f.mimeType, 'x-file-name': f.name, 'x-file-sha256': sha256(f.buffer) },
    });
    assert(put.ok(), `upload ${slot}: ${put.status()} ${await put.text()}`);
  }
  await citizen.dispose();
  for (const email of forwarders) {
    const officer = await staffApi(base, email);
    const app = await serverApplication(officer, clientId);
    assert(app && app.allowedActions.includes('forward'), `${email} may not forward: ${app?.allowedActions.join()}`);
    const f = await officer.post(`/api/staff/applications/${clientId}/actions`, {
      data: { action: 'forward', version: app.version, clientActionId: crypto.randomUUID(), payload: {} },
    });
    assert(f.ok(), `${email} forward: ${f.status()} ${await f.text()}`);
    await officer.dispose();
  }
  return clientId;
}
