import type { AppDeps } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { readAttachmentBySlot, type Attachment } from '../../platform/files/blob-store.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import { consentOpen } from './application-form.js';
import { storeCitizenFile } from './citizen-file.js';
import { heldFiles, lockApplication } from './citizen.repository.js';

/**
 * The consent letter (spec 1 §4 "Consent letter", §7 sommotiPotroUploadFromUser;
 * docs/decisions/025-amendment-and-consent.md): the applicant downloads the form BADC attached
 * (officer slot managerConsent) and sends it back signed (slot citizenConsent), which BADC then
 * sees among the application's files. Once the application is approved or declined there is no
 * further chance (409 CONSENT_CLOSED).
 */

export async function readConsentForm(deps: AppDeps, applicationId: string): Promise<Attachment> {
  const file = await readAttachmentBySlot(deps.db, applicationId, 'managerConsent');
  if (!file) throw new Problem('CONSENT_FORM_MISSING');
  return file;
}

/** Before the body is read: the office's form exists and the application is undecided. */
export async function prepareConsent(deps: AppDeps, applicationId: string): Promise<void> {
  const app = await lockApplication(deps.db, applicationId);
  if (!app) throw new Problem('VERIFICATION_REQUIRED');
  assertOpen(app, (await heldFiles(deps.db, app.id)).has('managerConsent'));
}

function assertOpen(app: Parameters<typeof consentOpen>[0], officeForm: boolean) {
  if (consentOpen(app, officeForm)) return;
  throw new Problem(officeForm || app.intake_status !== 'complete' ? 'CONSENT_CLOSED' : 'CONSENT_FORM_MISSING');
}

export async function saveConsent(
  deps: AppDeps,
  input: { applicationId: string; bytes: Uint8Array; originalName: string | null },
): Promise<void> {
  const checked = await checkUpload(input.bytes);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const app = await lockApplication(trx, input.applicationId);
    if (!app) throw new Problem('VERIFICATION_REQUIRED');
    const held = await heldFiles(trx, app.id);
    // Asked again under the lock: the final decision may have come while the file was on its way.
    assertOpen(app, held.has('managerConsent'));
    // 'uploadFile' with the slot as its note: the officers' history names the document in their language.
    await storeCitizenFile(trx, app, {
      slot: 'citizenConsent',
      file: checked,
      originalName: input.originalName,
      action: 'uploadFile',
      note: 'citizenConsent',
      at: now,
    });
  });
}
