import crypto from 'node:crypto';
import type { ServiceKind } from '@portal/shared';
import type { TestContext } from '../../test/harness.js';
import { filesFor, sha256 } from '../applications/intake-fixtures.js';

/** Test data for complaints and copy requests: real small files and the outbox's two steps. */
export type ServiceFiles = Record<string, { bytes: Uint8Array; mime: string; name: string }>;

export function serviceFiles(kind: ServiceKind, seed = 0): ServiceFiles {
  const files: ServiceFiles = {};
  for (const [slot, f] of Object.entries(filesFor(kind === 'complaint' ? 'Complaint' : 'Copy', seed)))
    files[slot] = { ...f!, name: `${slot}-নথি.${f!.mime.split('/')[1]}` };
  return files;
}

export function manifest(files: ServiceFiles) {
  return Object.entries(files).map(([slot, f]) => ({
    slot,
    size: f.bytes.byteLength,
    sha256: sha256(f.bytes),
    mime: f.mime,
    name: f.name,
  }));
}

export const complaintFields = (o: Record<string, unknown> = {}) => ({
  name: 'আমিনা খাতুন',
  mobile: '০১৮১২৩৪৫৬৭৮',
  ...o,
});
export const copyFields = (o: Record<string, unknown> = {}) => ({
  licenceNumber: '১২৩',
  mobile: '01912345678',
  fee: '২০০',
  appType: 'lost',
  ...o,
});

/** Where each is sent: the one intake (decision 023). */
export const PATH: Record<ServiceKind, string> = {
  complaint: '/api/intake/complaint',
  copy: '/api/intake/copy',
};

export function body(
  kind: ServiceKind,
  files: ServiceFiles,
  opts: { clientId?: string; fields?: Record<string, unknown> } = {},
) {
  return {
    clientId: opts.clientId ?? crypto.randomUUID(),
    fields: kind === 'complaint' ? complaintFields(opts.fields) : copyFields(opts.fields),
    files: manifest(files),
  };
}

export function put(
  ctx: TestContext,
  kind: ServiceKind,
  id: string,
  slot: string,
  bytes: Uint8Array,
  sha = sha256(bytes),
) {
  return ctx.request(`${PATH[kind]}/${id}/files/${slot}`, {
    method: 'PUT',
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: {
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(`${slot}.bin`),
      'x-file-sha256': sha,
    },
  });
}

/** Submits the form and every file, as the phone's outbox does; returns the id and reference number. */
export async function submitService(
  ctx: TestContext,
  kind: ServiceKind,
  opts: { fields?: Record<string, unknown>; seed?: number } = {},
) {
  const files = serviceFiles(kind, opts.seed ?? 0);
  const b = body(kind, files, { fields: opts.fields });
  const res = await ctx.request(PATH[kind], { method: 'POST', json: b });
  if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
  const { referenceNumber } = (await res.json()) as { referenceNumber: number };
  for (const [slot, f] of Object.entries(files)) {
    const up = await put(ctx, kind, b.clientId, slot, f.bytes);
    if (up.status !== 201) throw new Error(`upload ${slot} answered ${up.status}: ${await up.text()}`);
  }
  return { id: b.clientId, referenceNumber };
}
