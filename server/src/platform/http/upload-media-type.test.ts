import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { KIND_SLUG, type ProblemBody } from '@portal/shared';
import { createTestContext, type Agent, type TestContext } from '../../test/harness.js';
import { UPLOAD_BODY } from './upload.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import {
  filesFor,
  jpegBytes,
  manifestOf,
  pdfBytes,
  pngBytes,
  requiredFiles,
  sha256,
  submission,
} from '../../modules/applications/intake-fixtures.js';
import { body as serviceBody, PATH, serviceFiles } from '../../modules/services/services-fixtures.js';
import { insertApplication } from '../../modules/requests/request-fixtures.js';
import { insertReviewedApplication, NID_AND_MAP_MARKED_NO } from '../../modules/citizen/citizen-fixtures.js';
import { verifiedAgent } from '../../modules/verification/verification-fixtures.js';

/**
 * Every route that takes a raw-byte upload (http/upload.ts readUpload) refuses what a page on
 * another site can send without a CORS preflight (docs/decisions/013): text/plain, a form
 * encoding, or no Content-Type at all, with 415 FILE_TYPE and nothing stored; the portal's own
 * pages send the file's type, or application/octet-stream when the phone gave none, and get through.
 */
interface Upload {
  method: 'PUT' | 'POST';
  url: string;
  agent?: Agent;
  bytes: Uint8Array;
  type: string;
  headers?: Record<string, string>;
  /** The status of an accepted upload. */
  ok: number;
}

let ctx: TestContext;
let admin: Agent;
let badc: StaffAgent;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
  badc = await signInAs(ctx, 'BADC');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

async function applicationUpload(): Promise<Upload[]> {
  const files = requiredFiles(7);
  const body = submission(files);
  expect((await ctx.request('/api/intake/new', { method: 'POST', json: body })).status).toBe(201);
  return (['nid', 'landRecord'] as const).map((slot) => ({
    method: 'PUT',
    url: `/api/intake/new/${body.clientId}/files/${slot}`,
    bytes: files[slot]!.bytes,
    type: files[slot]!.mime,
    headers: { 'x-file-sha256': sha256(files[slot]!.bytes) },
    ok: 201,
  }));
}

/** A request of a kind kept in applications, held as 'receiving' (a renewal or change needs no licence here). */
async function heldUpload(kind: 'Existing' | 'Renew' | 'NameChange' | 'PlotChange'): Promise<Upload[]> {
  const files = filesFor(kind, 11);
  const id = crypto.randomUUID();
  await ctx.db
    .insertInto('applications')
    .values({
      id,
      kind,
      content_hash: 'held',
      intake_status: 'receiving',
      fields: JSON.stringify({}),
      file_manifest: JSON.stringify(manifestOf(files)),
      mobile: '01712345678',
      created_at: ctx.clock.now,
      updated_at: ctx.clock.now,
    })
    .execute();
  return Object.entries(files)
    .filter(([slot]) => slot !== 'photo' && slot !== 'signature')
    .slice(0, 2)
    .map(([slot, f]) => ({
      method: 'PUT',
      url: `/api/intake/${KIND_SLUG[kind]}/${id}/files/${slot}`,
      bytes: f!.bytes,
      type: f!.mime,
      headers: { 'x-file-sha256': sha256(f!.bytes) },
      ok: 201,
    }));
}

async function serviceUpload(kind: 'complaint' | 'copy'): Promise<Upload[]> {
  const files = serviceFiles(kind, 3);
  const body = serviceBody(kind, files);
  expect((await ctx.request(PATH[kind], { method: 'POST', json: body })).status).toBe(201);
  return Object.entries(files)
    .slice(0, 2)
    .map(([slot, f]) => ({
      method: 'PUT',
      url: `${PATH[kind]}/${body.clientId}/files/${slot}`,
      bytes: f.bytes,
      type: f.mime,
      headers: { 'x-file-sha256': sha256(f.bytes) },
      ok: 201,
    }));
}

async function officerUpload(): Promise<Upload[]> {
  const { id } = await insertApplication(ctx, { stage: 'Pending', seen: { chairman: true, uno: true, badc: true } });
  const url = `/api/staff/applications/${id}/files/inspectionReport`;
  return [1, 2].map((seed) => ({
    method: 'PUT',
    url,
    agent: badc,
    bytes: pdfBytes(seed),
    type: 'application/pdf',
    ok: 200,
  }));
}

/** The inspector's visit photos (docs/decisions/030-field-visits.md): a visit with two, then each photo. */
async function visitUpload(): Promise<Upload[]> {
  const { id } = await insertApplication(ctx, { stage: 'StepThree', seen: { chairman: true, uno: true } });
  const photos = [jpegBytes(61), jpegBytes(62)];
  const clientVisitId = crypto.randomUUID();
  const res = await ctx.request(`/api/staff/applications/${id}/visits`, {
    method: 'POST',
    agent: badc,
    json: {
      clientVisitId,
      officerId: badc.id,
      visitedAt: new Date(ctx.clock.now.getTime() - 60_000).toISOString(),
      position: null,
      decision: 'none',
      photos: photos.map((bytes, index) => ({
        index,
        sha256: sha256(bytes),
        size: bytes.byteLength,
        mime: 'image/jpeg',
        takenAt: new Date(ctx.clock.now.getTime() - 60_000).toISOString(),
      })),
    },
  });
  expect(res.status).toBe(201);
  return photos.map((bytes, index) => ({
    method: 'PUT',
    url: `/api/staff/visits/${clientVisitId}/photos/${index}`,
    agent: badc,
    bytes,
    type: 'image/jpeg',
    ok: 201,
  }));
}

async function noticeUpload(): Promise<Upload[]> {
  const res = await ctx.request('/api/admin/notices', { method: 'POST', json: { title: 'সভা' }, agent: admin });
  const { id } = (await res.json()) as { id: string };
  const url = `/api/admin/notices/${id}/file`;
  return [1, 2].map((seed) => ({
    method: 'PUT',
    url,
    agent: admin,
    bytes: pdfBytes(seed),
    type: 'application/pdf',
    ok: 200,
  }));
}

/** The verified applicant's uploads: a replaced document on recheck (purpose 4), the signed consent letter (purpose 5). */
async function citizenUpload(purpose: 4 | 5): Promise<Upload[]> {
  const mobile = '01812345678';
  const app = await insertReviewedApplication(
    ctx,
    purpose === 4
      ? { mobile, recheck: { message: 'কাগজ আবার দিন' }, checklist: NID_AND_MAP_MARKED_NO }
      : { mobile, stage: 'Approvable', officeConsent: true },
  );
  const agent = await verifiedAgent(ctx, app, mobile, purpose);
  const url = (slot: string) =>
    purpose === 4 ? `/api/citizen/application/files/${slot}` : '/api/citizen/application/consent';
  return (['nid', 'mouzaMap'] as const).map((slot, i) => ({
    method: 'PUT',
    url: url(slot),
    agent,
    bytes: pdfBytes(40 + i),
    type: 'application/pdf',
    ok: 200,
  }));
}

/** The register's edit view replaces one document of any application (docs/decisions/038-edit-view-and-override.md). */
async function registerUpload(): Promise<Upload[]> {
  const { id } = await insertApplication(ctx, { stage: 'StepOne' });
  return [1, 2].map((seed) => ({
    method: 'PUT',
    url: `/api/staff/register/applications/${id}/files/nid`,
    agent: badc,
    bytes: pdfBytes(70 + seed),
    type: 'application/pdf',
    ok: 200,
  }));
}

const ROUTES: Record<string, () => Promise<Upload[]>> = {
  'PUT /api/citizen/application/files/{slot}': () => citizenUpload(4),
  'PUT /api/citizen/application/consent': () => citizenUpload(5),
  'PUT /api/intake/new/{id}/files/{slot}': applicationUpload,
  'PUT /api/intake/existing/{id}/files/{slot}': () => heldUpload('Existing'),
  'PUT /api/intake/renew/{id}/files/{slot}': () => heldUpload('Renew'),
  'PUT /api/intake/name-change/{id}/files/{slot}': () => heldUpload('NameChange'),
  'PUT /api/intake/plot-change/{id}/files/{slot}': () => heldUpload('PlotChange'),
  'PUT /api/intake/complaint/{id}/files/{slot}': () => serviceUpload('complaint'),
  'PUT /api/intake/copy/{id}/files/{slot}': () => serviceUpload('copy'),
  'PUT /api/staff/applications/{id}/files/{slot}': officerUpload,
  'PUT /api/staff/visits/{visitId}/photos/{index}': visitUpload,
  'PUT /api/staff/register/applications/{id}/files/{slot}': registerUpload,
  'PUT /api/admin/notices/{id}/file': noticeUpload,
  'POST /api/admin/galleries/{gallery}': async () =>
    [1, 2].map((seed) => ({
      method: 'POST',
      url: '/api/admin/galleries/gallery',
      agent: admin,
      bytes: pngBytes(seed, 8),
      type: 'image/png',
      ok: 201,
    })),
  'POST /api/admin/archive': async () =>
    [1, 2].map((seed) => ({
      method: 'POST',
      url: `/api/admin/archive?name=form-${seed}&visibility=Public`,
      agent: admin,
      bytes: pdfBytes(seed),
      type: 'application/pdf',
      ok: 201,
    })),
};

/** What a form or a no-cors fetch on another site can send: these never reach the file reader. */
const SIMPLE_TYPES: (string | null)[] = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  null,
];

function send(upload: Upload, type: string | null) {
  const headers: Record<string, string> = { ...upload.headers };
  if (type !== null) headers['content-type'] = type;
  return ctx.request(upload.url, {
    method: upload.method,
    agent: upload.agent,
    headers,
    body: upload.bytes as Uint8Array<ArrayBuffer>,
  });
}

describe('the Content-Type of a raw-byte upload', () => {
  for (const [route, prepare] of Object.entries(ROUTES)) {
    it(`${route}: refuses text, forms and no type with 415; takes the file's type and octet-stream`, async () => {
      const [first, second] = await prepare();
      for (const type of SIMPLE_TYPES) {
        const res = await send(first!, type);
        expect(res.status, `${route} as ${type}`).toBe(415);
        expect(((await res.json()) as ProblemBody).error).toMatchObject({
          code: 'FILE_TYPE',
          message: expect.stringMatching(/[\u0980-\u09ff]/) as unknown,
        });
      }
      // Nothing was stored by the refusals: the real upload is the first one (201 where a repeat is 200).
      expect((await send(first!, first!.type)).status, `${route} as ${first!.type}`).toBe(first!.ok);
      expect((await send(second!, 'application/octet-stream')).status, `${route} as octet-stream`).toBe(second!.ok);
    });
  }

  it('takes the old names some systems give the same formats, so a queued file is not refused for its label', async () => {
    const files = requiredFiles(8);
    const body = submission(files);
    expect((await ctx.request('/api/intake/new', { method: 'POST', json: body })).status).toBe(201);
    for (const [slot, type] of [
      ['mouzaMap', 'application/x-pdf'],
      ['landTaxReceipt', 'image/jpg'],
    ] as const) {
      const upload: Upload = {
        method: 'PUT',
        url: `/api/intake/new/${body.clientId}/files/${slot}`,
        bytes: files[slot]!.bytes,
        type,
        headers: { 'x-file-sha256': sha256(files[slot]!.bytes) },
        ok: 201,
      };
      expect((await send(upload, type)).status, `${slot} as ${type}`).toBe(201);
    }
  });

  it('lists every write without a JSON body, so an upload route added later is checked here too', async () => {
    const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => method === 'put' || method === 'post')
        .map(([method, op]) => ({
          name: `${method.toUpperCase()} ${path}`,
          types: Object.keys(op.requestBody?.content ?? {}),
        })),
    );
    // An upload route states UPLOAD_BODY (http/upload.ts) in /api/openapi.json; one that forgot to
    // would show as a write without a body, and only these take none.
    expect(writes.filter((w) => !w.types.length).map((w) => w.name)).toEqual([
      'POST /api/auth/logout',
      'POST /api/citizen/application/amendment/submit',
      'POST /api/staff/register/applications/{id}/restore',
    ]);
    const uploads = writes.filter((w) => w.types.join() === Object.keys(UPLOAD_BODY.content).join());
    expect(uploads.map((w) => w.name).sort()).toEqual(Object.keys(ROUTES).sort());
    // Every other write: JSON, or the old register's import, which takes text/csv only (its own 415
    // is in old-records/old-records.test.ts).
    expect(
      writes.filter((w) => w.types.length && !uploads.includes(w) && w.types.join() !== 'application/json'),
    ).toEqual([{ name: 'POST /api/staff/old-records/import', types: ['text/csv'] }]);
  });
});
