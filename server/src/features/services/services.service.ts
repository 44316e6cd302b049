import {
  IMAGE_FILE_TYPES,
  MAX_FILE_BYTES,
  SERVICE_SLOTS,
  translate,
  type ComplaintFields,
  type CopyFields,
  type MessageKey,
  type ServiceKind,
  type ServiceStatus,
  type ServiceSubmitResponse,
  type UploadFileResponse,
} from '@portal/shared';
import type { AppDeps, StaffPrincipal } from '../../http/env.js';
import { Problem } from '../../http/problem.js';
import { sha256Hex } from '../../files/blob-store.js';
import { checkUpload } from '../../files/check-upload.js';
import { writeAudit } from '../audit/audit.repository.js';
import { contentHash } from '../applications/content-hash.js';
import { countNewSubmission } from '../applications/intake-limits.js';
import {
  deleteRequest,
  findIntake,
  findStatus,
  insertComplaint,
  insertCopyRequest,
  markComplete,
  saveServiceFile,
  storedSlots,
  updateStatus,
  type HeldFile,
  type ManifestEntry,
} from './services.repository.js';

/**
 * Complaints and copy requests (spec 1 §2-§5) in the offline protocol of docs/decisions/018-service-targets.md, the
 * same as an application's: the form with a manifest of its files (POST), then each file on its
 * own (PUT), idempotent by the phone's id. The request is 'receiving' until its last file arrives
 * and the office's lists show only complete ones. All fields and files are required (spec 1 §5).
 */

const bnText = (key: MessageKey, params?: Record<string, string | number>) => translate('bn', key, params);

export interface Answer<T> {
  status: 200 | 201;
  body: T;
}

function checkManifest(kind: ServiceKind, files: ManifestEntry[]): void {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  for (const f of files) {
    if (seen.has(f.slot)) fields[`files.${f.slot}`] = bnText('intake.v.duplicateSlot');
    seen.add(f.slot);
  }
  for (const slot of SERVICE_SLOTS[kind]) {
    if (!seen.has(slot)) fields[`files.${slot}`] = bnText('v.fileMissing');
  }
  if (Object.keys(fields).length) throw new Problem('VALIDATION', { fields });
  const tooLarge = files.filter((f) => f.size > MAX_FILE_BYTES);
  if (tooLarge.length) {
    throw new Problem('FILE_TOO_LARGE', {
      fields: Object.fromEntries(tooLarge.map((f) => [`files.${f.slot}`, bnText('v.fileTooLarge', { size: f.size })])),
    });
  }
}

function missingSlots(kind: ServiceKind, manifest: ManifestEntry[], stored: Map<string, unknown>): string[] {
  const declared = new Set(manifest.map((m) => m.slot));
  return SERVICE_SLOTS[kind].filter((s) => declared.has(s) && !stored.has(s));
}

async function answerRepeat(
  deps: AppDeps,
  kind: ServiceKind,
  id: string,
  hash: string,
): Promise<Answer<ServiceSubmitResponse> | null> {
  const existing = await findIntake(deps.db, kind, id);
  if (!existing) return null;
  if (existing.contentHash !== hash) throw new Problem('IDEMPOTENCY_CONFLICT');
  const stored = await storedSlots(deps.db, kind, id);
  return {
    status: 200,
    body: {
      id,
      applicationNumber: existing.referenceNumber,
      status: existing.intakeStatus,
      missingSlots: missingSlots(kind, existing.manifest, stored),
    },
  };
}

type SubmitInput =
  | { kind: 'complaint'; clientId: string; fields: ComplaintFields; files: ManifestEntry[] }
  | { kind: 'copy'; clientId: string; fields: CopyFields; files: ManifestEntry[] };

export async function submitRequest(
  deps: AppDeps,
  input: SubmitInput,
  from: { address: string },
): Promise<Answer<ServiceSubmitResponse>> {
  checkManifest(input.kind, input.files);
  const hash = contentHash({ kind: input.kind, fields: { ...input.fields }, files: input.files as never });
  const repeat = await answerRepeat(deps, input.kind, input.clientId, hash);
  if (repeat) return repeat;

  const now = deps.now();
  // Only a new submission reaches this line: a repeat was answered above, uncounted (decision 015).
  await countNewSubmission(deps.db, from.address, now);
  const base = { id: input.clientId, contentHash: hash, manifest: input.files, now };
  const inserted =
    input.kind === 'complaint'
      ? await insertComplaint(deps.db, { ...base, name: input.fields.name, mobile: input.fields.mobile })
      : await insertCopyRequest(deps.db, { ...base, ...input.fields, licenceNumber: input.fields.licenceNumber ?? '' });
  if (!inserted) {
    // Another request with the same id won the race; answer as its repeat.
    const again = await answerRepeat(deps, input.kind, input.clientId, hash);
    if (again) return again;
    throw new Problem('INTERNAL');
  }
  return {
    status: 201,
    body: {
      id: input.clientId,
      applicationNumber: inserted.referenceNumber,
      status: 'receiving',
      missingSlots: missingSlots(input.kind, input.files, new Map()),
    },
  };
}

/** Checks made before the body is read, so a refused upload does not cost the phone its bytes. */
export async function prepareUpload(
  deps: AppDeps,
  input: { kind: ServiceKind; id: string; slot: string; claimedSha256: string | null },
): Promise<ManifestEntry> {
  const request = await findIntake(deps.db, input.kind, input.id);
  if (!request) throw new Problem('NOT_FOUND');
  const entry = request.manifest.find((m) => m.slot === input.slot);
  if (!entry) throw new Problem('VALIDATION', { fields: { slot: bnText('intake.v.slotNotDeclared') } });
  if (request.intakeStatus !== 'receiving') {
    const held = (await storedSlots(deps.db, input.kind, request.id)).get(input.slot);
    if (!held || (input.claimedSha256 !== null && input.claimedSha256 !== held.sha256))
      throw new Problem('FILES_CLOSED');
  }
  return entry;
}

export async function receiveFile(
  deps: AppDeps,
  input: {
    kind: ServiceKind;
    id: string;
    slot: string;
    entry: ManifestEntry;
    bytes: Uint8Array;
    claimedSha256: string | null;
    originalName: string | null;
  },
): Promise<Answer<UploadFileResponse>> {
  const sha256 = sha256Hex(input.bytes);
  if (sha256 !== input.entry.sha256 || (input.claimedSha256 !== null && input.claimedSha256 !== sha256)) {
    throw new Problem('VALIDATION', { fields: { file: bnText('intake.v.shaMismatch') } });
  }
  // The type is decided by the bytes, never by the name or the header (spec 1 §5, docs/decisions/018-service-targets.md),
  // and the file must open: a broken picture is refused, never stored (decision 016).
  const { mime } = await checkUpload(input.bytes);
  // The copy's applicant photo must be a picture, as on the application (spec 1 §5).
  if (input.kind === 'copy' && input.slot === 'photo' && !IMAGE_FILE_TYPES.includes(mime))
    throw new Problem('FILE_MUST_BE_IMAGE');
  const now = deps.now();

  return deps.db.transaction().execute(async (trx) => {
    // The row lock serialises the uploads of one request, so exactly one of them completes it.
    const request = await findIntake(trx, input.kind, input.id, { forUpdate: true });
    if (!request) throw new Problem('NOT_FOUND');
    const stored = await storedSlots(trx, input.kind, request.id);
    const held = stored.get(input.slot);
    const answer = (status: 200 | 201, file: HeldFile, applicationStatus: 'receiving' | 'complete') => ({
      status,
      body: {
        slot: input.slot,
        size: file.size,
        sha256,
        mime: file.mime,
        applicationStatus,
        missingSlots: missingSlots(input.kind, request.manifest, stored),
      },
    });
    if (held && held.sha256 === sha256) return answer(200, held, request.intakeStatus);
    if (request.intakeStatus !== 'receiving') throw new Problem('FILES_CLOSED');

    await saveServiceFile(trx, {
      kind: input.kind,
      requestId: request.id,
      slot: input.slot,
      bytes: input.bytes,
      mime,
      sha256,
      originalName: input.originalName ?? input.entry.name ?? null,
      at: now,
    });
    const file = { sha256, mime, size: input.bytes.byteLength };
    stored.set(input.slot, file);
    const complete = missingSlots(input.kind, request.manifest, stored).length === 0;
    if (complete) await markComplete(trx, input.kind, request.id, now);
    return answer(201, file, complete ? 'complete' : 'receiving');
  });
}

const auditSubject = (kind: ServiceKind, id: string, referenceNumber: number) =>
  kind === 'complaint' ? { complaintId: id, referenceNumber } : { copyRequestId: id, referenceNumber };

/** A status change with its note, audited (audit_log, application_id null, details naming the request). */
export async function changeStatus(
  deps: AppDeps,
  staff: StaffPrincipal,
  input: { kind: ServiceKind; id: string; status: ServiceStatus; note: string },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const current = await findStatus(trx, input.kind, input.id);
    if (!current) throw new Problem('NOT_FOUND');
    if (current.status === input.status && current.note === input.note) return;
    await updateStatus(trx, input.kind, input.id, input.status, input.note, now);
    await writeAudit(trx, {
      applicationId: null,
      actor: { userId: staff.id, email: staff.email },
      action: `${input.kind}-status`,
      fromStage: current.status,
      toStage: input.status,
      note: input.note || null,
      details: auditSubject(input.kind, input.id, current.referenceNumber),
      at: now,
    });
  });
}

export async function removeRequest(
  deps: AppDeps,
  staff: StaffPrincipal,
  kind: ServiceKind,
  id: string,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const current = await findStatus(trx, kind, id);
    if (!current) throw new Problem('NOT_FOUND');
    await deleteRequest(trx, kind, id);
    await writeAudit(trx, {
      applicationId: null,
      actor: { userId: staff.id, email: staff.email },
      action: `${kind}-deleted`,
      fromStage: current.status,
      note: current.note || null,
      details: auditSubject(kind, id, current.referenceNumber),
      at: now,
    });
  });
}
