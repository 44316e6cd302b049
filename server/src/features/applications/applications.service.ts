import {
  APPLICATION_DOC_SLOTS,
  MAX_FILE_BYTES,
  REQUIRED_SLOTS_BY_KIND,
  translate,
  type ApplicationDocSlot,
  type FileManifestEntry,
  type MessageKey,
  type NewApplicationFields,
  type SubmitApplicationResponse,
  type UploadFileResponse,
} from '@portal/shared';
import type { AppDeps } from '../../http/env.js';
import { Problem } from '../../http/problem.js';
import { saveAttachment, sha256Hex } from '../../files/blob-store.js';
import { checkUpload } from '../../files/check-upload.js';
import { writeAudit } from '../audit/audit.repository.js';
import { getSettings } from '../settings/settings.repository.js';
import { enqueueSms } from '../../sms/outbox.js';
import { smsText } from '../../sms/messages.js';
import { contentHash } from './content-hash.js';
import { countNewSubmission, mayTextReceived } from './intake-limits.js';
import { findIntake, insertApplication, markComplete, storedSlots } from './applications.repository.js';

/**
 * A citizen's new-licence submission (spec 1 §2-§5) in the offline protocol of docs/decisions/018-service-targets.md:
 * first the form with a manifest of its files (POST), then each file on its own (PUT). The
 * application is "receiving" until the last declared file arrives; officers never see it before.
 */

const fieldMessage = (key: MessageKey, params?: Record<string, string | number>) => translate('bn', key, params);

/** Every required slot declared, each once, each within the size limit (spec 1 §5). */
function checkManifest(files: FileManifestEntry[]): void {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  for (const f of files) {
    if (seen.has(f.slot)) fields[`files.${f.slot}`] = fieldMessage('intake.v.duplicateSlot');
    seen.add(f.slot);
  }
  for (const slot of REQUIRED_SLOTS_BY_KIND.New) {
    if (!seen.has(slot)) fields[`files.${slot}`] = fieldMessage('v.fileMissing');
  }
  if (Object.keys(fields).length) throw new Problem('VALIDATION', { fields });
  const tooLarge = files.filter((f) => f.size > MAX_FILE_BYTES);
  if (tooLarge.length) {
    throw new Problem('FILE_TOO_LARGE', {
      fields: Object.fromEntries(
        tooLarge.map((f) => [`files.${f.slot}`, fieldMessage('v.fileTooLarge', { size: f.size })]),
      ),
    });
  }
}

function missingSlots(manifest: FileManifestEntry[], stored: Map<string, unknown>): ApplicationDocSlot[] {
  const declared = new Set(manifest.map((m) => m.slot));
  return APPLICATION_DOC_SLOTS.filter((s) => declared.has(s) && !stored.has(s));
}

export interface Answer<T> {
  status: 200 | 201;
  body: T;
}

export async function submitApplication(
  deps: AppDeps,
  input: { clientId: string; kind: 'New'; fields: NewApplicationFields; files: FileManifestEntry[] },
  from: { address: string },
): Promise<Answer<SubmitApplicationResponse>> {
  checkManifest(input.files);
  const hash = contentHash({
    kind: input.kind,
    fields: input.fields as unknown as Record<string, unknown>,
    files: input.files,
  });

  // A repeat is answered even after the office closed applications: the phone sent it while open.
  const repeat = await answerRepeat(deps, input.clientId, hash);
  if (repeat) return repeat;

  const settings = await getSettings(deps.db);
  if (settings.others1 !== 'ON') throw new Problem('APPLICATIONS_CLOSED');

  const now = deps.now();
  // Only a new submission reaches this line: a repeat was answered above, uncounted (decision 015).
  await countNewSubmission(deps.db, from.address, now);
  const inserted = await deps.db.transaction().execute(async (trx) => {
    const row = await insertApplication(trx, {
      id: input.clientId,
      contentHash: hash,
      fields: input.fields,
      manifest: input.files,
      settings,
      now,
    });
    if (row) {
      await writeAudit(trx, {
        applicationId: input.clientId,
        actor: 'citizen',
        action: 'submitted',
        toStage: settings.destination,
        details: { applicationNumber: row.applicationNumber, files: input.files.length },
        at: now,
      });
    }
    return row;
  });
  if (!inserted) {
    // Another request with the same id won the race; answer as its repeat.
    const again = await answerRepeat(deps, input.clientId, hash);
    if (again) return again;
    throw new Problem('INTERNAL');
  }
  return {
    status: 201,
    body: {
      id: input.clientId,
      applicationNumber: inserted.applicationNumber,
      status: 'receiving',
      missingSlots: missingSlots(input.files, new Map()),
    },
  };
}

async function answerRepeat(
  deps: AppDeps,
  id: string,
  hash: string,
): Promise<Answer<SubmitApplicationResponse> | null> {
  const existing = await findIntake(deps.db, id);
  if (!existing) return null;
  if (existing.contentHash !== hash) throw new Problem('IDEMPOTENCY_CONFLICT');
  const stored = await storedSlots(deps.db, id);
  return {
    status: 200,
    body: {
      id,
      applicationNumber: existing.applicationNumber,
      status: existing.intakeStatus,
      missingSlots: missingSlots(existing.manifest, stored),
    },
  };
}

/**
 * Checks that can be made before the body is read, so a refused upload does not cost the phone
 * its bytes. Returns the manifest's entry for the slot.
 */
export async function prepareUpload(
  deps: AppDeps,
  input: { applicationId: string; slot: ApplicationDocSlot; claimedSha256: string | null },
): Promise<FileManifestEntry> {
  const app = await findIntake(deps.db, input.applicationId);
  if (!app) throw new Problem('NOT_FOUND');
  const entry = app.manifest.find((m) => m.slot === input.slot);
  if (!entry) throw new Problem('VALIDATION', { fields: { slot: fieldMessage('intake.v.slotNotDeclared') } });
  if (app.intakeStatus !== 'receiving') {
    // Only a repeat of the file already held (its answer was lost on the way) is still welcome.
    const held = (await storedSlots(deps.db, app.id)).get(input.slot);
    if (!held || (input.claimedSha256 !== null && input.claimedSha256 !== held.sha256))
      throw new Problem('FILES_CLOSED');
  }
  return entry;
}

export async function receiveFile(
  deps: AppDeps,
  input: {
    applicationId: string;
    slot: ApplicationDocSlot;
    entry: FileManifestEntry;
    bytes: Uint8Array;
    claimedSha256: string | null;
    originalName: string | null;
  },
): Promise<Answer<UploadFileResponse>> {
  const sha256 = sha256Hex(input.bytes);
  // The bytes must be the ones declared: a file damaged on the way is refused, and the phone re-sends it.
  if (sha256 !== input.entry.sha256 || (input.claimedSha256 !== null && input.claimedSha256 !== sha256)) {
    throw new Problem('VALIDATION', { fields: { file: fieldMessage('intake.v.shaMismatch') } });
  }
  // Sniffed and opened before the transaction (decision 016): a broken picture is refused, never stored.
  const checked = await checkUpload(input.bytes);
  const now = deps.now();
  const settings = await getSettings(deps.db);

  return deps.db.transaction().execute(async (trx) => {
    // The row lock serialises the uploads of one application, so exactly one of them completes it.
    const app = await findIntake(trx, input.applicationId, { forUpdate: true });
    if (!app) throw new Problem('NOT_FOUND');
    const stored = await storedSlots(trx, app.id);
    const held = stored.get(input.slot);
    if (held && held.sha256 === sha256) {
      return {
        status: 200 as const,
        body: {
          slot: input.slot,
          size: held.size,
          sha256,
          mime: held.mime,
          applicationStatus: app.intakeStatus,
          missingSlots: missingSlots(app.manifest, stored),
        },
      };
    }
    if (app.intakeStatus !== 'receiving') throw new Problem('FILES_CLOSED');

    const file = await saveAttachment(trx, {
      applicationId: app.id,
      slot: input.slot,
      file: checked,
      originalName: input.originalName ?? input.entry.name ?? null,
      uploadedBy: null,
      at: now,
    });
    stored.set(input.slot, { sha256, mime: file.mime, size: file.size });
    const missing = missingSlots(app.manifest, stored);
    let status: 'receiving' | 'complete' = 'receiving';
    if (missing.length === 0) {
      status = 'complete';
      await markComplete(trx, app.id, now);
      await writeAudit(trx, { applicationId: app.id, actor: 'citizen', action: 'received-complete', at: now });
      // Spec 1 §7: the new form texts the applicant only when sms_new_application_submit is ON, and
      // a number gets a few such texts a day at most (decision 015); the application counts either way.
      if (settings.sms_new_application_submit === 'ON' && (await mayTextReceived(trx, app.mobile, now))) {
        await enqueueSms(trx, {
          to: app.mobile,
          body: smsText.applicationReceived({ applicationNumber: app.applicationNumber, webUrl: settings.webUrl }),
          kind: 'applicationReceived',
          dedupeKey: `app-received:${app.id}`,
        });
      }
    }
    return {
      status: 201 as const,
      body: {
        slot: input.slot,
        size: file.size,
        sha256,
        mime: file.mime,
        applicationStatus: status,
        missingSlots: missing,
      },
    };
  });
}
