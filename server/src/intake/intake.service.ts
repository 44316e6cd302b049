import {
  IMAGE_FILE_TYPES,
  isImageOnlySlot,
  KIND_SLOTS,
  MAX_FILE_BYTES,
  translate,
  type IntakeFileResponse,
  type IntakeResponse,
  type Kind,
  type KindFields,
  type ManifestEntry,
  type MessageKey,
} from '@portal/shared';
import type { AppDeps } from '../http/env.js';
import { Problem } from '../http/problem.js';
import { sha256Hex } from '../files/blob-store.js';
import { checkUpload } from '../files/check-upload.js';
import { getSettings } from '../features/settings/settings.repository.js';
import { contentHash } from './content-hash.js';
import { countNewSubmission } from './intake-limits.js';
import type { CheckContext, IntakeKind } from './kinds/types.js';
import type { HeldFile, IntakeRow } from './stores/types.js';

/** Thrown inside the insert's transaction when the id was taken, to roll it back. */
const ID_TAKEN = new Error('the id is taken');

/**
 * The one intake protocol (docs/decisions/018-service-targets.md "The protocol"; decision 023):
 * the form with a manifest of its files (POST), then each file on its own (PUT), idempotent by the
 * phone's id. A request is 'receiving' until its last declared file arrives, and no office sees it
 * before. What differs between kinds is in ./kinds/.
 */

const fieldMessage = (key: MessageKey, params?: Record<string, string | number>) => translate('bn', key, params);

export interface Answer<T> {
  status: 200 | 201;
  body: T;
}

/** Every slot of the kind declared, each once, each within the size limit (spec 1 §5). */
function checkManifest(kind: Kind, files: ManifestEntry[]): void {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  for (const f of files) {
    if (seen.has(f.slot)) fields[`files.${f.slot}`] = fieldMessage('intake.v.duplicateSlot');
    seen.add(f.slot);
  }
  for (const slot of KIND_SLOTS[kind]) {
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

/** Declared slots not yet held, in the kind's order (the order the phone sends them). */
function missingSlots(kind: Kind, manifest: ManifestEntry[], stored: Map<string, unknown>): string[] {
  const declared = new Set(manifest.map((m) => m.slot));
  return (KIND_SLOTS[kind] as readonly string[]).filter((s) => declared.has(s) && !stored.has(s));
}

async function answerRepeat<K extends Kind>(
  deps: AppDeps,
  k: IntakeKind<K>,
  id: string,
  hash: string,
): Promise<Answer<IntakeResponse> | null> {
  const existing = await k.store.find(deps.db, id);
  if (!existing) return null;
  if (existing.contentHash !== hash) throw new Problem('IDEMPOTENCY_CONFLICT');
  const stored = await k.store.storedSlots(deps.db, id);
  return {
    status: 200,
    body: {
      id,
      referenceNumber: existing.referenceNumber,
      status: existing.intakeStatus,
      missingSlots: missingSlots(k.kind, existing.manifest, stored),
    },
  };
}

export async function submit<K extends Kind>(
  deps: AppDeps,
  k: IntakeKind<K>,
  input: { clientId: string; fields: KindFields<K>; files: ManifestEntry[] },
  from: { address: string; grant: CheckContext['grant'] },
): Promise<Answer<IntakeResponse>> {
  checkManifest(k.kind, input.files);
  const hash = contentHash({
    kind: k.hashTag,
    fields: input.fields as unknown as Record<string, unknown>,
    files: input.files,
  });

  // A repeat is answered before anything else: even after the office closed applications or the
  // holder's grant expired, since the phone sent it while both held.
  const repeat = await answerRepeat(deps, k, input.clientId, hash);
  if (repeat) return repeat;

  const settings = await getSettings(deps.db);
  if (k.closable && settings.others1 !== 'ON') throw new Problem('APPLICATIONS_CLOSED');

  const now = deps.now();
  // Only a new submission reaches this line: a repeat was answered above, uncounted (decision 015).
  await countNewSubmission(deps.db, from.address, now);
  const checked = await k.check({ deps, grant: from.grant }, input.fields);
  const inserted = await deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await k.insert(trx, {
        id: input.clientId,
        contentHash: hash,
        fields: input.fields,
        manifest: input.files,
        settings,
        checked,
        now,
      });
      // Nothing inserted: the id is taken. Rolled back, so the office's number the insert's default
      // took is given back and the office's numbers keep no gap (docs/decisions/057-offices.md).
      if (!row) throw ID_TAKEN;
      return row;
    })
    .catch((err: unknown) => (err === ID_TAKEN ? null : Promise.reject(err)));
  if (!inserted) {
    // Another request with the same id won the race; answer as its repeat.
    const again = await answerRepeat(deps, k, input.clientId, hash);
    if (again) return again;
    // The id is a record of another office (ids are one space for every office, and this office
    // cannot see it): a conflict for this phone, never a 500 that its outbox would retry forever.
    throw new Problem('IDEMPOTENCY_CONFLICT');
  }
  return {
    status: 201,
    body: {
      id: input.clientId,
      referenceNumber: inserted.referenceNumber,
      status: 'receiving',
      missingSlots: missingSlots(k.kind, input.files, new Map()),
    },
  };
}

/**
 * Checks made before the body is read, so a refused upload does not cost the phone its bytes.
 * Returns the manifest's entry for the slot.
 */
export async function prepareUpload(
  deps: AppDeps,
  k: IntakeKind,
  input: { id: string; slot: string; claimedSha256: string | null },
): Promise<ManifestEntry> {
  const request = await k.store.find(deps.db, input.id);
  if (!request) throw new Problem('NOT_FOUND');
  const entry = request.manifest.find((m) => m.slot === input.slot);
  if (!entry) throw new Problem('VALIDATION', { fields: { slot: fieldMessage('intake.v.slotNotDeclared') } });
  if (request.intakeStatus !== 'receiving') {
    // Only a repeat of the file already held (its answer was lost on the way) is still welcome.
    const held = (await k.store.storedSlots(deps.db, request.id)).get(input.slot);
    if (!held || (input.claimedSha256 !== null && input.claimedSha256 !== held.sha256))
      throw new Problem('FILES_CLOSED');
  }
  return entry;
}

export async function receiveFile(
  deps: AppDeps,
  k: IntakeKind,
  input: {
    id: string;
    slot: string;
    entry: ManifestEntry;
    bytes: Uint8Array;
    claimedSha256: string | null;
    originalName: string | null;
  },
): Promise<Answer<IntakeFileResponse>> {
  const sha256 = sha256Hex(input.bytes);
  // The bytes must be the ones declared: a file damaged on the way is refused, and the phone re-sends it.
  if (sha256 !== input.entry.sha256 || (input.claimedSha256 !== null && input.claimedSha256 !== sha256)) {
    throw new Problem('VALIDATION', { fields: { file: fieldMessage('intake.v.shaMismatch') } });
  }
  // The type is decided by the bytes and the file must open, before the transaction (decision 016);
  // the photo and the signature must be pictures in every kind (spec 1 §5).
  const checked = await checkUpload(input.bytes);
  if (isImageOnlySlot(input.slot) && !IMAGE_FILE_TYPES.includes(checked.mime)) throw new Problem('FILE_MUST_BE_IMAGE');
  const now = deps.now();
  const settings = await getSettings(deps.db);

  return deps.db.transaction().execute(async (trx) => {
    // The row lock serialises the uploads of one request, so exactly one of them completes it.
    const request: IntakeRow | null = await k.store.find(trx, input.id, { forUpdate: true });
    if (!request) throw new Problem('NOT_FOUND');
    const stored = await k.store.storedSlots(trx, request.id);
    const answer = (status: 200 | 201, file: HeldFile, state: 'receiving' | 'complete') => ({
      status,
      body: {
        slot: input.slot,
        size: file.size,
        sha256,
        mime: file.mime,
        status: state,
        missingSlots: missingSlots(k.kind, request.manifest, stored),
      },
    });
    const held = stored.get(input.slot);
    if (held && held.sha256 === sha256) return answer(200, held, request.intakeStatus);
    if (request.intakeStatus !== 'receiving') throw new Problem('FILES_CLOSED');

    const file = await k.store.saveFile(trx, {
      id: request.id,
      slot: input.slot,
      file: checked,
      originalName: input.originalName ?? input.entry.name ?? null,
      at: now,
    });
    stored.set(input.slot, file);
    const complete = missingSlots(k.kind, request.manifest, stored).length === 0;
    if (complete) {
      await k.store.markComplete(trx, request.id, now);
      await k.onComplete(trx, request, settings, now);
    }
    return answer(201, file, complete ? 'complete' : 'receiving');
  });
}
