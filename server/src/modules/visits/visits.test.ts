import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicationDetail,
  FieldVisit,
  ProblemBody,
  VisitPhotoResponse,
  VisitRequest,
  VisitResponse,
} from '@portal/shared';
import { createTestContext, type Agent, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { jpegBytes, pdfBytes, sha256, truncatedJpeg, webpBytes } from '../applications/intake-fixtures.js';
import { act, checklist, detail, insertApplication } from '../requests/request-fixtures.js';

/**
 * The inspector's field visit (docs/decisions/030-field-visits.md): its own record, sent as one
 * outbox item and then one photo per request, exactly once, under the officer who made it, on an
 * application BADC's lists show; complete when its last photo lands, with one line in the
 * application's history and the well's position from a precise fix.
 */
let ctx: TestContext;
let badc: StaffAgent, otherBadc: StaffAgent, chairman: StaffAgent, uno: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  [badc, otherBadc, chairman, uno] = await Promise.all([
    signInAs(ctx, 'BADC'),
    signInAs(ctx, 'BADC'),
    signInAs(ctx, 'Chairman'),
    signInAs(ctx, 'UNO'),
  ]);
}, 120_000);
afterAll(() => ctx.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(ctx.clock.now.getTime() - ms).toISOString();

/** An application on BADC's unseen list: forwarded by the Chairman and the UNO. */
const atBadc = () => insertApplication(ctx, { stage: 'StepThree', seen: { chairman: true, uno: true } });

interface Photo {
  bytes: Uint8Array;
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
}
const photo = (seed: number): Photo => ({ bytes: jpegBytes(seed), mime: 'image/jpeg' });

function visitBody(officer: StaffAgent, photos: Photo[], over: Partial<VisitRequest> = {}): VisitRequest {
  return {
    clientVisitId: crypto.randomUUID(),
    officerId: officer.id,
    visitedAt: ago(2 * 60 * MINUTE),
    position: { latitude: 24.71234, longitude: 88.23456, accuracyM: 8 },
    checklist: checklist({ 3: 'দলিলের দাগ নম্বর মেলেনি' }),
    notes: 'পাম্প ঘর দেখা হয়েছে',
    decision: 'inspect',
    photos: photos.map((p, index) => ({
      index,
      sha256: sha256(p.bytes),
      size: p.bytes.byteLength,
      mime: p.mime,
      takenAt: ago(2 * 60 * MINUTE - index * MINUTE),
      latitude: 24.7123 + index / 10_000,
      longitude: 88.2345,
    })),
    ...over,
  };
}

async function post(agent: Agent | undefined, applicationId: string, body: unknown) {
  const res = await ctx.request(`/api/staff/applications/${applicationId}/visits`, {
    method: 'POST',
    agent,
    json: body,
  });
  return { status: res.status, body: (await res.json()) as VisitResponse & ProblemBody };
}

async function put(
  agent: Agent | undefined,
  visitId: string,
  index: number,
  bytes: Uint8Array,
  opts: { mime?: string; sha?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': opts.mime ?? 'image/jpeg' };
  if (opts.sha) headers['x-file-sha256'] = opts.sha;
  const res = await ctx.request(`/api/staff/visits/${visitId}/photos/${index}`, {
    method: 'PUT',
    agent,
    headers,
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: (await res.json()) as VisitPhotoResponse & ProblemBody };
}

async function list(agent: Agent | undefined, applicationId: string) {
  const res = await ctx.request(`/api/staff/applications/${applicationId}/visits`, { agent });
  return { status: res.status, body: (await res.json()) as { visits: FieldVisit[] } & ProblemBody };
}

const visitRows = (applicationId: string) =>
  ctx.db.selectFrom('field_visits').select(['id', 'status']).where('application_id', '=', applicationId).execute();
const visitAudit = (applicationId: string) =>
  ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id', 'note', 'details', 'from_stage', 'to_stage'])
    .where('application_id', '=', applicationId)
    .where('action', '=', 'fieldVisit')
    .execute();
const wellPosition = (applicationId: string) =>
  ctx.db
    .selectFrom('applications')
    .select(['latitude', 'longitude', 'position_source', 'version'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();

describe('a field visit from the phone', () => {
  it('is recorded, takes its photos one at a time, completes on the last one with one history line, and sets the well’s position', async () => {
    const { id } = await atBadc();
    const before = await wellPosition(id);
    const photos = [photo(1), { bytes: webpBytes(), mime: 'image/webp' as const }];
    const body = visitBody(badc, photos);

    const created = await post(badc, id, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: body.clientVisitId,
      applicationId: id,
      officerId: badc.id,
      officerEmail: badc.email,
      status: 'receiving',
      decision: 'inspect',
      position: { latitude: 24.71234, longitude: 88.23456, accuracyM: 8 },
      notes: 'পাম্প ঘর দেখা হয়েছে',
      missingPhotos: [0, 1],
    });
    expect(created.body.checklist?.[2]).toEqual({ ok: false, reason: 'দলিলের দাগ নম্বর মেলেনি' });
    expect(await visitAudit(id)).toEqual([]);

    // The second photo first: order does not matter, each is marked as it lands.
    const second = await put(badc, body.clientVisitId, 1, photos[1]!.bytes, { mime: 'image/webp' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ index: 1, mime: 'image/webp', status: 'receiving', missingPhotos: [0] });
    expect(await visitAudit(id)).toEqual([]);

    const last = await put(badc, body.clientVisitId, 0, photos[0]!.bytes, { sha: sha256(photos[0]!.bytes) });
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({ index: 0, status: 'complete', missingPhotos: [] });

    // One line in the application's history, under the officer, the stage unchanged.
    const audit = await visitAudit(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: badc.id,
      from_stage: 'StepThree',
      to_stage: 'StepThree',
      details: { visitId: body.clientVisitId, latitude: 24.71234, accuracyM: 8, photos: 2, positionRecorded: true },
    });
    expect(audit[0]!.note).toContain(badc.email);
    expect(audit[0]!.note).toContain('২৪.৭১২৩৪, ৮৮.২৩৪৫৬ (± ৮ মিটার)');
    expect(audit[0]!.note).toContain('২টি ছবি');
    const shown = await detail(ctx, badc, id);
    expect(shown.audit.map((a) => a.action)).toContain('fieldVisit');

    // The well is where the inspector stood, as the officer's position; the version is the one
    // the officer saw, so the decision queued after the visit is not a conflict.
    expect(await wellPosition(id)).toEqual({
      latitude: 24.71234,
      longitude: 88.23456,
      position_source: 'officer',
      version: before.version,
    });
    const decided = await act(ctx, badc, id, {
      action: 'inspect',
      payload: { checklist: checklist() },
      version: before.version,
      officerId: badc.id,
    });
    expect(decided.status).toBe(200);
  });

  it('keeps the visit’s fix when the checklist only repeats the form’s position, and takes a new one it names', async () => {
    // The form says 24.7, 88.2 (the applicant's); the inspector stood at 24.71234, 88.23456.
    const { id } = await atBadc();
    const before = await wellPosition(id);
    const body = visitBody(badc, []);
    expect((await post(badc, id, body)).body.status).toBe('complete');

    // The checklist sent the form's own position back unchanged: the map keeps the visit's fix.
    const repeated = await act(ctx, badc, id, {
      action: 'inspect',
      payload: { checklist: checklist(), latitude: 24.7, longitude: 88.2 },
      version: before.version,
      officerId: badc.id,
    });
    expect(repeated.status).toBe(200);
    expect(await wellPosition(id)).toMatchObject({
      latitude: 24.71234,
      longitude: 88.23456,
      position_source: 'officer',
    });

    // At the final stage BADC corrects the location: that one is a finding, and moves the well.
    await ctx.db.updateTable('applications').set({ stage: 'Approvable' }).where('id', '=', id).execute();
    const now = await wellPosition(id);
    const corrected = await act(ctx, badc, id, {
      action: 'updateFinal',
      payload: { latitude: 24.72, longitude: 88.24 },
      version: now.version,
      officerId: badc.id,
    });
    expect(corrected.status).toBe(200);
    expect(await wellPosition(id)).toMatchObject({ latitude: 24.72, longitude: 88.24, position_source: 'officer' });
  });

  it('answers a repeat of the visit and of a photo with the same answer, and stores nothing twice', async () => {
    const { id } = await atBadc();
    const photos = [photo(2)];
    const body = visitBody(badc, photos);
    const first = await post(badc, id, body);
    expect(first.status).toBe(201);

    const again = await post(badc, id, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    expect((await put(badc, body.clientVisitId, 0, photos[0]!.bytes)).body.status).toBe('complete');
    // The answer was lost: the phone sends the photo again, then the visit again.
    const photoAgain = await put(badc, body.clientVisitId, 0, photos[0]!.bytes);
    expect(photoAgain.status).toBe(200);
    expect(photoAgain.body).toMatchObject({ status: 'complete', missingPhotos: [] });
    const visitAgain = await post(badc, id, body);
    expect(visitAgain.status).toBe(200);
    expect(visitAgain.body).toMatchObject({ status: 'complete', missingPhotos: [] });

    expect(await visitRows(id)).toHaveLength(1);
    expect(await visitAudit(id)).toHaveLength(1);
    const blobs = await ctx.db
      .selectFrom('field_visit_photos')
      .select('blob_id')
      .where('visit_id', '=', body.clientVisitId)
      .execute();
    expect(blobs).toHaveLength(1);
    // Other bytes for a photo of a complete visit are refused, not swapped in: they are not the
    // declared photo (422), and with a checksum header naming them the visit is closed (409).
    expect((await put(badc, body.clientVisitId, 0, jpegBytes(99))).status).toBe(422);
    const closed = await put(badc, body.clientVisitId, 0, jpegBytes(99), { sha: sha256(jpegBytes(99)) });
    expect(closed.body.error.code).toBe('FILES_CLOSED');
    const served = await ctx.request(`/api/staff/visits/${body.clientVisitId}/photos/0`, { agent: badc });
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(photos[0]!.bytes));
  });

  it('stores a visit and its photo once when the phone’s retries arrive at the same moment', async () => {
    const { id } = await atBadc();
    const photos = [photo(50)];
    const body = visitBody(badc, photos);
    const posts = await Promise.all([post(badc, id, body), post(badc, id, body)]);
    expect(posts.map((p) => p.status).sort()).toEqual([200, 201]);
    const puts = await Promise.all([
      put(badc, body.clientVisitId, 0, photos[0]!.bytes),
      put(badc, body.clientVisitId, 0, photos[0]!.bytes),
    ]);
    expect(puts.map((p) => p.status).sort()).toEqual([200, 201]);
    expect(puts.map((p) => p.body.status)).toEqual(['complete', 'complete']);
    expect(await visitRows(id)).toEqual([{ id: body.clientVisitId, status: 'complete' }]);
    expect(await visitAudit(id)).toHaveLength(1);
  });

  it('refuses the same visit id with other content (409), in Bangla, and keeps the first', async () => {
    const { id } = await atBadc();
    const body = visitBody(badc, []);
    expect((await post(badc, id, body)).status).toBe(201);
    const changed = await post(badc, id, { ...body, notes: 'অন্য মন্তব্য' });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
      message: expect.stringMatching(/[\u0980-\u09ff]/),
    });
    const kept = await list(badc, id);
    expect(kept.body.visits.map((v) => v.notes)).toEqual(['পাম্প ঘর দেখা হয়েছে']);
  });

  it('completes a visit without photos at once', async () => {
    const { id } = await atBadc();
    const before = await wellPosition(id);
    const created = await post(badc, id, visitBody(badc, [], { position: null, decision: 'none' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'complete', missingPhotos: [], photos: [], position: null });
    const audit = await visitAudit(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.note).toContain('অবস্থান নেওয়া হয়নি');
    expect(audit[0]!.note).toContain('০টি ছবি');
    expect(await wellPosition(id)).toEqual(before);
  });

  it('keeps a coarse position on the visit but does not move the well with it', async () => {
    const { id } = await atBadc();
    const before = await wellPosition(id);
    const created = await post(
      badc,
      id,
      visitBody(badc, [], { position: { latitude: 24.8, longitude: 88.3, accuracyM: 1500 } }),
    );
    expect(created.body).toMatchObject({ status: 'complete', position: { accuracyM: 1500 } });
    expect(await wellPosition(id)).toEqual(before);
    expect((await visitAudit(id))[0]!.details).toMatchObject({ positionRecorded: false });
  });
});

describe('who may record and read a visit', () => {
  it('refuses a visit queued by another officer (403 OFFICER_MISMATCH), its photos too, and stores nothing', async () => {
    const { id } = await atBadc();
    const body = visitBody(badc, [photo(3)]);
    const wrong = await post(otherBadc, id, body);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatchObject({
      code: 'OFFICER_MISMATCH',
      message: expect.stringContaining('অন্য একজন কর্মকর্তা'),
    });
    expect(await visitRows(id)).toEqual([]);

    expect((await post(badc, id, body)).status).toBe(201);
    const photoByOther = await put(otherBadc, body.clientVisitId, 0, jpegBytes(3));
    expect(photoByOther.status).toBe(403);
    expect(photoByOther.body.error.code).toBe('OFFICER_MISMATCH');
    expect((await visitRows(id))[0]!.status).toBe('receiving');
  });

  it('lets the Chairman and the UNO read the visits of an application they may read, and record none; refuses anonymous callers', async () => {
    const { id } = await atBadc();
    const body = visitBody(badc, [photo(4)]);
    expect((await post(badc, id, body)).status).toBe(201);
    expect((await put(badc, body.clientVisitId, 0, jpegBytes(4))).body.status).toBe('complete');
    const photoUrl = `/api/staff/visits/${body.clientVisitId}/photos/0`;
    for (const reader of [chairman, uno]) {
      const who = reader.role!;
      // Reading (docs/decisions/035): the list and the photo, as BADC sees them.
      const listed = await list(reader, id);
      expect(listed.status, `${who} GET`).toBe(200);
      const ids = listed.body.visits.map((v) => v.id);
      expect(ids, `${who} GET`).toEqual([body.clientVisitId]);
      expect((await ctx.request(photoUrl, { agent: reader })).status, `${who} photo`).toBe(200);
      // Recording stays BADC's.
      const posted = await post(reader, id, { ...visitBody(badc, []), officerId: reader.id });
      expect(posted, `${who} POST`).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
      expect(await put(reader, body.clientVisitId, 0, jpegBytes(4)), `${who} PUT`).toMatchObject({
        status: 403,
        body: { error: { code: 'FORBIDDEN' } },
      });
    }
    const posted = await post(undefined, id, visitBody(badc, []));
    expect(posted).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
    expect(await list(undefined, id)).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
    expect((await put(undefined, body.clientVisitId, 0, jpegBytes(4))).status).toBe(401);
    expect((await ctx.request(photoUrl)).status).toBe(401);
    expect(await visitRows(id)).toHaveLength(1);
  });

  it('refuses the Chairman the visits of an application still before its own level', async () => {
    // At BADC's without the Chairman having seen it (data from elsewhere): on none of the Chairman's lists.
    const { id } = await insertApplication(ctx, { stage: 'StepThree', seen: { chairman: false, uno: true } });
    const body = visitBody(badc, []);
    expect((await post(badc, id, body)).status).toBe(201);
    expect((await list(chairman, id)).status).toBe(403);
    expect((await list(uno, id)).status).toBe(200);
  });

  it('takes BADC’s visit on any application of the register, and none on a deleted or unknown one', async () => {
    // BADC reads every application through the register (docs/decisions/037), the Chairman's too.
    const { id } = await insertApplication(ctx, { stage: 'StepOne' });
    expect((await post(badc, id, visitBody(badc, []))).status).toBe(201);
    expect((await list(badc, id)).status).toBe(200);
    // A deleted application is not found, like one that does not exist.
    const gone = await insertApplication(ctx, { stage: 'StepThree', seen: { chairman: true, uno: true } });
    await ctx.db
      .updateTable('applications')
      .set({ deleted_at: ctx.clock.now, delete_reason: 'দুবার জমা' })
      .where('id', '=', gone.id)
      .execute();
    expect((await post(badc, gone.id, visitBody(badc, []))).status).toBe(404);
    expect(await visitRows(gone.id)).toEqual([]);
    expect((await post(badc, crypto.randomUUID(), visitBody(badc, []))).status).toBe(404);
  });
});

describe('bad visits and bad photos', () => {
  it('refuses a photo that is not a picture (415) or does not open (422), and keeps waiting for a good one', async () => {
    const { id } = await atBadc();
    const pdf = pdfBytes(5);
    const cut = await truncatedJpeg();
    const body = visitBody(badc, [photo(5)]);
    // Manifests that declare what the phone really holds, so only the bytes' own check can refuse them.
    body.photos[0] = { ...body.photos[0]!, sha256: sha256(pdf), size: pdf.byteLength };
    expect((await post(badc, id, body)).status).toBe(201);
    const notImage = await put(badc, body.clientVisitId, 0, pdf, { mime: 'application/pdf' });
    expect(notImage.status).toBe(415);
    expect(notImage.body.error.code).toBe('FILE_MUST_BE_IMAGE');

    const body2 = visitBody(badc, [photo(6)]);
    body2.photos[0] = { ...body2.photos[0]!, sha256: sha256(cut), size: cut.byteLength };
    expect((await post(badc, id, body2)).status).toBe(201);
    const broken = await put(badc, body2.clientVisitId, 0, cut);
    expect(broken.status).toBe(422);
    expect(broken.body.error).toMatchObject({
      code: 'IMAGE_UNREADABLE',
      message: expect.stringContaining('ছবিটি খোলা যায়নি'),
    });

    expect((await visitRows(id)).map((v) => v.status)).toEqual(['receiving', 'receiving']);
    expect(await visitAudit(id)).toEqual([]);
  });

  it('refuses bytes that are not the declared photo with 422 FILE_HASH_MISMATCH, never 409', async () => {
    const { id } = await atBadc();
    const declared = photo(7);
    const body = visitBody(badc, [declared]);
    expect((await post(badc, id, body)).status).toBe(201);
    const other = await put(badc, body.clientVisitId, 0, jpegBytes(8));
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ code: 'FILE_HASH_MISMATCH', message: expect.stringContaining('মেলেনি') });
    // The declared bytes with a header naming other bytes: damaged on the way too.
    const lying = await put(badc, body.clientVisitId, 0, declared.bytes, { sha: sha256(jpegBytes(8)) });
    expect(lying.status).toBe(422);
    // The right bytes still go in afterwards.
    expect((await put(badc, body.clientVisitId, 0, declared.bytes)).body.status).toBe('complete');
  });

  it('refuses more than six photos, a photo larger than the limit, and an undeclared photo number', async () => {
    const { id } = await atBadc();
    const seven = visitBody(
      badc,
      Array.from({ length: 6 }, (_, i) => photo(10 + i)),
    );
    seven.photos.push({ ...seven.photos[0]!, index: 6 });
    const tooMany = await post(badc, id, seven);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('VALIDATION');
    expect(Object.values(tooMany.body.error.fields ?? {}).join(' ')).toMatch(/[\u0980-\u09ff]/);

    const big = visitBody(badc, [photo(20)]);
    big.photos[0] = { ...big.photos[0]!, size: 1_500_001 };
    const tooLarge = await post(badc, id, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.fields).toHaveProperty(['photos.0.size']);
    expect(await visitRows(id)).toEqual([]);

    const one = visitBody(badc, [photo(21)]);
    expect((await post(badc, id, one)).status).toBe(201);
    const undeclared = await put(badc, one.clientVisitId, 3, jpegBytes(21));
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.error.fields).toHaveProperty('index');
  });

  it('refuses a visit dated in the future or older than thirty days, and a position outside Bangladesh, in Bangla', async () => {
    const { id } = await atBadc();
    const future = await post(badc, id, visitBody(badc, [], { visitedAt: ago(-10 * MINUTE) }));
    expect(future.status).toBe(400);
    expect(future.body.error.fields?.visitedAt).toContain('ফোনের তারিখ ও সময়');
    const old = await post(badc, id, visitBody(badc, [], { visitedAt: ago(31 * DAY) }));
    expect(old.status).toBe(400);
    expect(old.body.error.fields).toHaveProperty('visitedAt');
    const photoFuture = visitBody(badc, [photo(30)]);
    photoFuture.photos[0]!.takenAt = ago(-MINUTE * 60);
    expect((await post(badc, id, photoFuture)).body.error.fields).toHaveProperty(['photos.0.takenAt']);

    // Kathmandu: a phone that kept an old fix from a trip abroad.
    const abroad = await post(
      badc,
      id,
      visitBody(badc, [], { position: { latitude: 27.7172, longitude: 85.324, accuracyM: 5 } }),
    );
    expect(abroad.status).toBe(400);
    expect(abroad.body.error.fields?.position).toContain('বাংলাদেশের বাইরে');
    expect(await visitRows(id)).toEqual([]);

    // A phone a minute or two ahead of the server is fine.
    expect((await post(badc, id, visitBody(badc, [], { visitedAt: ago(-2 * MINUTE) }))).status).toBe(201);
  });
});

describe('the visits of an application', () => {
  it('lists each visit with its photos in order, served privately and byte for byte', async () => {
    const { id } = await atBadc();
    const photos = [photo(40), photo(41), photo(42)];
    const later = visitBody(badc, photos, { visitedAt: ago(60 * MINUTE) });
    const earlier = visitBody(badc, [], { visitedAt: ago(3 * DAY), decision: 'requestRecheck' });
    expect((await post(badc, id, later)).status).toBe(201);
    expect((await post(badc, id, earlier)).status).toBe(201);
    for (const i of [2, 0]) expect((await put(badc, later.clientVisitId, i, photos[i]!.bytes)).status).toBe(201);

    const { status, body } = await list(badc, id);
    expect(status).toBe(200);
    expect(body.visits.map((v) => [v.id, v.status, v.decision])).toEqual([
      [earlier.clientVisitId, 'complete', 'requestRecheck'],
      [later.clientVisitId, 'receiving', 'inspect'],
    ]);
    const listed = body.visits[1]!.photos;
    expect(listed.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(listed.map((p) => p.sha256)).toEqual(photos.map((p) => sha256(p.bytes)));
    expect(listed[1]!.url).toBeNull();
    expect(listed[0]).toMatchObject({ takenAt: later.photos[0]!.takenAt, latitude: 24.7123, longitude: 88.2345 });

    const res = await ctx.request(listed[2]!.url!, { agent: badc });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(photos[2]!.bytes));
    // A photo still on the way is not there yet.
    expect((await ctx.request(`/api/staff/visits/${later.clientVisitId}/photos/1`, { agent: badc })).status).toBe(404);

    // The detail screen's history is where the office sees that the visit happened.
    const shown: ApplicationDetail = await detail(ctx, badc, id);
    expect(shown.audit.filter((a) => a.action === 'fieldVisit')).toHaveLength(1);
  });
});
