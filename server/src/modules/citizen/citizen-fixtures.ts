import crypto from 'node:crypto';
import { KIND_FIELDS, KIND_SLOTS, type Stage } from '@portal/shared';
import { saveAttachment } from '../../platform/files/blob-store.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import type { Agent, TestContext } from '../../test/harness.js';
import { jpegBytes, pdfBytes, validFields } from '../applications/intake-fixtures.js';

/**
 * Test data for the after-verification panels: a complete new-licence application whose fields are
 * what the intake stores (the form's schema output), its six documents held, and BADC's checklist
 * and recheck request as the review leaves them.
 */
export async function insertReviewedApplication(
  ctx: TestContext,
  opts: {
    mobile: string;
    stage?: Stage;
    recheck?: { message: string } | null;
    /** One answer per slot of the kind, in slot order; null leaves the checklist unanswered. */
    checklist?: { ok: boolean; reason?: string }[] | null;
    officeConsent?: boolean;
  },
) {
  const fields = KIND_FIELDS.New.parse(validFields({ mobile: opts.mobile }));
  const id = crypto.randomUUID();
  const row = await ctx.db
    .insertInto('applications')
    .values({
      id,
      kind: 'New',
      content_hash: crypto.randomBytes(8).toString('hex'),
      fields: JSON.stringify(fields),
      file_manifest: JSON.stringify([]),
      applicant_name: fields.applicantName ?? '',
      father_name: fields.fatherName,
      mobile: opts.mobile,
      village: fields.village,
      intake_status: 'complete',
      stage: opts.stage ?? 'Pending',
      seen_chairman: true,
      seen_uno: true,
      seen_badc: true,
      checklist: opts.checklist === null || opts.checklist === undefined ? null : JSON.stringify(opts.checklist),
      recheck_requested: !!opts.recheck,
      recheck_message: opts.recheck?.message ?? null,
      submitted_at: ctx.clock.now,
      created_at: ctx.clock.now,
      updated_at: ctx.clock.now,
    })
    .returning(['id', 'application_number', 'version'])
    .executeTakeFirstOrThrow();
  await ctx.db.transaction().execute(async (trx) => {
    for (const [i, slot] of KIND_SLOTS.New.entries()) {
      const file = await checkUpload(slot === 'photo' || slot === 'signature' ? jpegBytes(i) : pdfBytes(i));
      await saveAttachment(trx, { applicationId: id, slot, file, at: ctx.clock.now });
    }
    if (opts.officeConsent) {
      const file = await checkUpload(pdfBytes(99));
      await saveAttachment(trx, {
        applicationId: id,
        slot: 'managerConsent',
        file,
        uploadedBy: null,
        at: ctx.clock.now,
      });
    }
    if (opts.recheck) {
      await trx
        .insertInto('audit_log')
        .values({
          application_id: id,
          actor_user_id: null,
          actor_label: 'badc@example.gov.bd',
          action: 'requestRecheck',
          from_stage: opts.stage ?? 'Pending',
          to_stage: opts.stage ?? 'Pending',
          note: opts.recheck.message,
          details: null,
          at: ctx.clock.now,
        })
        .execute();
    }
  });
  return row;
}

/** Six answers for the new form's six documents: the NID copy (3rd) and the mouza map (6th) marked No. */
export const NID_AND_MAP_MARKED_NO = [
  { ok: true },
  { ok: true },
  { ok: false, reason: 'জাতীয় পরিচয়পত্রের কপি অস্পষ্ট' },
  { ok: true },
  { ok: true },
  { ok: false, reason: 'মৌজা ম্যাপ দেওয়া হয়নি' },
  { ok: true },
];

/** Sends a raw-byte upload the way the page does. */
export function putBytes(ctx: TestContext, path: string, agent: Agent, bytes: Uint8Array, contentType: string) {
  return ctx.request(path, {
    method: 'PUT',
    agent,
    headers: { 'content-type': contentType, 'x-file-name': encodeURIComponent('নতুন ফাইল') },
    body: Buffer.from(bytes),
  });
}
