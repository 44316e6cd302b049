import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, type IntakeFileResponse } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { updateSettings } from '../settings/settings.repository.js';
import {
  type FileSet,
  jpegBytes,
  jpegOfSize,
  jsonOf,
  pdfBytes,
  pngBytes,
  problemOf,
  putFile,
  requiredFiles,
  sha256,
  submission,
} from '../applications/intake-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** Submits the form only; the files are sent by each test. */
async function submitForm(files: FileSet = requiredFiles()) {
  const body = submission(files);
  const res = await ctx.request('/api/intake/new', { method: 'POST', json: body });
  expect(res.status).toBe(201);
  return { id: body.clientId, files, number: ((await res.json()) as { referenceNumber: number }).referenceNumber };
}

const smsFor = (id: string) =>
  ctx.db.selectFrom('sms_outbox').selectAll().where('dedupe_key', '=', `app-received:${id}`).execute();

describe('PUT /api/intake/new/:id/files/:slot (the phone sends each file on its own)', () => {
  it('completes the application when the last file arrives, and queues exactly one confirmation text', async () => {
    const { id, files, number } = await submitForm();
    const slots = Object.keys(files);
    for (const [i, slot] of slots.entries()) {
      const res = await putFile(ctx, id, slot, files[slot as keyof FileSet]!.bytes, { name: `আমার ছবি ${i}.jpg` });
      expect(res.status).toBe(201);
      const out = await jsonOf<IntakeFileResponse>(res);
      const last = i === slots.length - 1;
      expect(out.status).toBe(last ? 'complete' : 'receiving');
      expect(out.missingSlots).toHaveLength(slots.length - i - 1);
      // Not visible to officers (intake_status) and no text before the last file.
      if (!last) expect(await smsFor(id)).toHaveLength(0);
    }
    const row = await ctx.db
      .selectFrom('applications')
      .select(['intake_status', 'submitted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.intake_status).toBe('complete');
    expect(row.submitted_at).not.toBeNull();

    // The phone did not hear the answer and sends the last file again: same answer, nothing doubled.
    const lastSlot = slots.at(-1)!;
    const again = await putFile(ctx, id, lastSlot, files[lastSlot as keyof FileSet]!.bytes);
    expect(again.status).toBe(200);
    expect((await jsonOf<IntakeFileResponse>(again)).status).toBe('complete');
    const blobs = await ctx.db
      .selectFrom('application_files as f')
      .innerJoin('blobs as b', 'b.id', 'f.blob_id')
      .select(['f.slot', 'f.original_name', 'b.sha256'])
      .where('f.application_id', '=', id)
      .execute();
    expect(blobs).toHaveLength(6);
    expect(blobs.find((b) => b.slot === 'photo')?.original_name).toBe('আমার ছবি 0.jpg');
    for (const b of blobs) expect(b.sha256).toBe(sha256(files[b.slot as keyof FileSet]!.bytes));

    const sms = await smsFor(id);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to_number).toBe('01712345678');
    expect(sms[0]!.kind).toBe('applicationReceived');
    expect(sms[0]!.body).toContain(String(number).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!));

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('application_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['submitted', 'received-complete']);

    // Once complete, a different file for a slot is refused: the officers are reviewing what arrived.
    const late = await putFile(ctx, id, 'nid', pngBytes(999));
    expect(late.status).toBe(409);
    expect((await problemOf(late)).code).toBe('FILES_CLOSED');
  });

  it('queues no text when the confirmation message is switched off', async () => {
    await updateSettings(ctx.db, { sms_new_application_submit: 'OFF' }, { updatedBy: null, now: ctx.clock.now });
    try {
      const { id, files } = await submitForm(requiredFiles(100));
      const results = await Promise.all(Object.entries(files).map(([slot, f]) => putFile(ctx, id, slot, f!.bytes)));
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
      const row = await ctx.db
        .selectFrom('applications')
        .select('intake_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.intake_status).toBe('complete');
      expect(await smsFor(id)).toHaveLength(0);
    } finally {
      await updateSettings(ctx.db, { sms_new_application_submit: 'ON' }, { updatedBy: null, now: ctx.clock.now });
    }
  });

  it('completes exactly once when all files arrive at the same moment', async () => {
    const { id, files } = await submitForm(requiredFiles(200));
    const results = await Promise.all(Object.entries(files).map(([slot, f]) => putFile(ctx, id, slot, f!.bytes)));
    const outs = await Promise.all(results.map((r) => jsonOf<IntakeFileResponse>(r)));
    expect(outs.filter((o) => o.status === 'complete' && o.missingSlots.length === 0).length).toBeGreaterThanOrEqual(1);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('application_id', '=', id)
      .where('action', '=', 'received-complete')
      .execute();
    expect(audit).toHaveLength(1);
    expect(await smsFor(id)).toHaveLength(1);
  });

  it('refuses a text file named .jpg with 415 and a Bangla message', async () => {
    const text = new TextEncoder().encode('this is not a picture, just some text pretending to be one\n'.repeat(10));
    const files = requiredFiles(300);
    files.nid = { bytes: text, mime: 'image/jpeg', name: 'nid.jpg' };
    const { id } = await submitForm(files);
    const res = await putFile(ctx, id, 'nid', text, { mime: 'image/jpeg', name: 'nid.jpg' });
    expect(res.status).toBe(415);
    const out = await problemOf(res);
    expect(out.code).toBe('FILE_TYPE');
    expect(out.message).toBe('ফাইলের ধরন সঠিক নয়। শুধু JPG, PNG, WebP ছবি অথবা PDF দেওয়া যাবে।');
    const stored = await ctx.db
      .selectFrom('application_files')
      .select('slot')
      .where('application_id', '=', id)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('refuses a PDF in the photo slot with 415 (photo and signature must be images)', async () => {
    const files = requiredFiles(400);
    const pdf = pdfBytes(400);
    files.photo = { bytes: pdf, mime: 'application/pdf', name: 'photo.pdf' };
    const { id } = await submitForm(files);
    const res = await putFile(ctx, id, 'photo', pdf);
    expect(res.status).toBe(415);
    const out = await problemOf(res);
    expect(out.code).toBe('FILE_MUST_BE_IMAGE');
    expect(out.message).toBe('এই ঘরে শুধু ছবি (JPG, PNG বা WebP) দেওয়া যাবে।');
    // A PDF is fine in a document slot.
    expect((await putFile(ctx, id, 'landRecord', files.landRecord!.bytes)).status).toBe(201);
  });

  it('refuses bytes that are not the declared file (damaged on the way)', async () => {
    const { id, files } = await submitForm(requiredFiles(500));
    const other = jpegBytes(777);
    const res = await putFile(ctx, id, 'photo', other, { sha: sha256(files.photo!.bytes) });
    expect(res.status).toBe(400);
    const out = await problemOf(res);
    expect(out.code).toBe('VALIDATION');
    expect(out.fields?.file).toMatch(/আবার পাঠান/);
    // The right bytes with a wrong checksum header are refused too.
    const wrongHeader = await putFile(ctx, id, 'photo', files.photo!.bytes, { sha: sha256(other) });
    expect(wrongHeader.status).toBe(400);
    expect((await putFile(ctx, id, 'photo', files.photo!.bytes)).status).toBe(201);
  });

  it('refuses a slot the application did not declare, and an unknown application', async () => {
    const { id } = await submitForm(requiredFiles(600));
    const res = await putFile(ctx, id, 'electricityBill', pngBytes(1));
    expect(res.status).toBe(400);
    expect((await problemOf(res)).fields?.slot).toMatch(/[\u0980-\u09FF]/);
    const unknown = await putFile(ctx, crypto.randomUUID(), 'photo', jpegBytes(1));
    expect(unknown.status).toBe(404);
  });

  it('refuses a file of 1,500,001 bytes with 413, whether or not Content-Length says so', async () => {
    const files = requiredFiles(700);
    const { id } = await submitForm(files);
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(jpegBytes(1));
    // No Content-Length header: the limit is counted on the stream.
    const res = await putFile(ctx, id, 'photo', big, { sha: sha256(files.photo!.bytes) });
    expect(res.status).toBe(413);
    const out = await problemOf(res);
    expect(out.code).toBe('FILE_TOO_LARGE');
    expect(out.message).toMatch(/১\.৫ মেগাবাইট/);
    // Content-Length announcing too much is refused before reading.
    const declared = await putFile(ctx, id, 'photo', jpegBytes(2), {
      headers: { 'content-length': String(MAX_FILE_BYTES + 1) },
    });
    expect(declared.status).toBe(413);
    // Exactly 1,500,000 bytes is allowed (a real JPEG: every picture must open, decision 016).
    const max = await jpegOfSize(MAX_FILE_BYTES);
    expect(max.byteLength).toBe(MAX_FILE_BYTES);
    const withMax = requiredFiles(710);
    withMax.nid = { bytes: max, mime: 'image/jpeg', name: 'nid.jpg' };
    const second = await submitForm(withMax);
    expect((await putFile(ctx, second.id, 'nid', max)).status).toBe(201);
  });

  it('cuts off a chunked upload without Content-Length as soon as it passes the limit (real HTTP)', async () => {
    const { id, files } = await submitForm(requiredFiles(800));
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const chunk = new Uint8Array(100_000);
      chunk.set(jpegBytes(4));
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          if (pulled > 60)
            controller.close(); // 6 MB at most
          else controller.enqueue(chunk);
        },
      });
      const res = await fetch(`http://127.0.0.1:${port}/api/intake/new/${id}/files/photo`, {
        method: 'PUT',
        body,
        headers: { 'content-type': 'image/jpeg', 'x-file-sha256': sha256(files.photo!.bytes) },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await problemOf(res)).code).toBe('FILE_TOO_LARGE');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('stops reading a streamed body at the limit instead of buffering all of it', async () => {
    const { id, files } = await submitForm(requiredFiles(850));
    const chunk = new Uint8Array(100_000);
    chunk.set(jpegBytes(5));
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 600)
          controller.close(); // 60 MB on offer
        else controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const res = await ctx.request(`/api/intake/new/${id}/files/photo`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'image/jpeg', 'x-file-sha256': sha256(files.photo!.bytes) },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(cancelled).toBe(true);
    // 16 chunks pass 1,500,000 bytes; a little read-ahead is allowed, the other 58 MB are never read.
    expect(pulled).toBeLessThanOrEqual(20);
  });

  it('refuses an empty file with a Bangla message', async () => {
    const { id, files } = await submitForm(requiredFiles(900));
    const res = await putFile(ctx, id, 'photo', new Uint8Array(0), { sha: sha256(files.photo!.bytes) });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).code).toBe('FILE_EMPTY');
  });
});
