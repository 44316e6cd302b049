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
import type { AppDeps } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import {
  acceptDeclaration,
  checkStillWelcome,
  declaredBytes,
  storeDeclaredFile,
  type Answer,
} from '../../platform/files/upload-protocol.js';
import { getSettings } from '../settings/settings.repository.js';
import { contentHash } from './content-hash.js';
import { countNewSubmission } from './intake-limits.js';
import type { CheckContext, IntakeKind } from './kinds/types.js';
import type { IntakeRow } from './stores/types.js';

/**
 * The one intake of citizen requests (decision 023) on the upload protocol
 * (../files/upload-protocol.ts): the form with a manifest of its files (POST), then each file on
 * its own (PUT), idempotent by the phone's id. A request is 'receiving' until its last declared
 * file arrives, and no office sees it before. What differs between kinds is in ./kinds/.
 */

const fieldMessage = (key: MessageKey, params?: Record<string, string | number>) => translate('bn', key, params);

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
  const bodyOf = (referenceNumber: number, status: 'receiving' | 'complete', missing: string[]) => ({
    id: input.clientId,
    referenceNumber,
    status,
    missingSlots: missing,
  });
  return acceptDeclaration(deps, {
    hash,
    find: () => k.store.find(deps.db, input.clientId),
    hashOf: (existing) => existing.contentHash,
    // Even after the office closed applications or the holder's grant expired: the phone sent it
    // while both held.
    answer: async (existing) =>
      bodyOf(
        existing.referenceNumber,
        existing.intakeStatus,
        missingSlots(k.kind, existing.manifest, await k.store.storedSlots(deps.db, existing.id)),
      ),
    checkNew: async () => {
      const settings = await getSettings(deps.db);
      if (k.closable && settings.others1 !== 'ON') throw new Problem('APPLICATIONS_CLOSED');
      const now = deps.now();
      // Only a new submission reaches this line: a repeat was answered first, uncounted (decision 015).
      await countNewSubmission(deps.db, from.address, now);
      return { settings, now, checked: await k.check({ deps, grant: from.grant }, input.fields) };
    },
    insert: async (trx, { settings, now, checked }) => {
      const row = await k.insert(trx, {
        id: input.clientId,
        contentHash: hash,
        fields: input.fields,
        manifest: input.files,
        settings,
        checked,
        now,
      });
      return row && bodyOf(row.referenceNumber, 'receiving', missingSlots(k.kind, input.files, new Map()));
    },
  });
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
  await checkStillWelcome(
    request.intakeStatus,
    async () => (await k.store.storedSlots(deps.db, request.id)).get(input.slot),
    input.claimedSha256,
  );
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
  const sha256 = declaredBytes(
    input.bytes,
    input.entry.sha256,
    input.claimedSha256,
    () => new Problem('VALIDATION', { fields: { file: fieldMessage('intake.v.shaMismatch') } }),
  );
  // The type is decided by the bytes and the file must open, before the transaction (decision 016);
  // the photo and the signature must be pictures in every kind (spec 1 §5).
  const checked = await checkUpload(input.bytes);
  if (isImageOnlySlot(input.slot) && !IMAGE_FILE_TYPES.includes(checked.mime)) throw new Problem('FILE_MUST_BE_IMAGE');
  const now = deps.now();
  const settings = await getSettings(deps.db);

  const stored = await storeDeclaredFile(deps, {
    sha256,
    mime: checked.mime,
    lock: async (trx) => {
      const request: IntakeRow | null = await k.store.find(trx, input.id, { forUpdate: true });
      if (!request) return null;
      const held = await k.store.storedSlots(trx, request.id);
      return {
        status: request.intakeStatus,
        held: held.get(input.slot),
        missing: () => missingSlots(k.kind, request.manifest, held),
        save: async () => {
          const file = await k.store.saveFile(trx, {
            id: request.id,
            slot: input.slot,
            file: checked,
            originalName: input.originalName ?? input.entry.name ?? null,
            at: now,
          });
          held.set(input.slot, file);
        },
        complete: async () => {
          await k.store.markComplete(trx, request.id, now);
          await k.onComplete(trx, request, settings, now);
        },
      };
    },
  });
  return {
    status: stored.status,
    body: {
      slot: input.slot,
      size: input.bytes.byteLength,
      sha256,
      mime: stored.mime,
      status: stored.state,
      missingSlots: stored.missing,
    },
  };
}
