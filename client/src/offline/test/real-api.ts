import { sql } from 'kysely';
import { Blob as NodeBlob } from 'node:buffer';
import { createHash } from 'node:crypto';
import { Agent, createTestContext, type TestContext } from '../../../../server/src/test/harness';
import { createStaffUser, TEST_PASSWORD } from '../../../../server/src/test/roles';
import { requiredFiles } from '../../../../server/src/modules/applications/intake-fixtures';
import { serviceFiles } from '../../../../server/src/modules/services/services-fixtures';
import type { ApplicationDocSlot, ServiceKind, StaffRole } from '@portal/shared';
import type { SyncDeps } from '../engine';

/**
 * The real API in-process for the sync engine's tests (docs/decisions/018-service-targets.md "How to prove it"): the
 * Hono app of server/src/test/harness.ts over an in-memory PGlite (or PostgreSQL with
 * TEST_DATABASE=postgres), reached through the engine's injectable fetch the way one browser on
 * one device reaches it: one cookie jar, whoever signed in last.
 */
export interface RealApi {
  ctx: TestContext;
  /** The device's cookie jar. */
  device: Agent;
  /** What the engine uses as fetch: the request reaches the app, the answer comes back. */
  fetch: SyncDeps['fetch'];
  /** Every request that reached the server, in order. */
  log: { method: string; path: string }[];
  close(): Promise<void>;
}

/** dataDir: the data folder the app reads (the map tile archive in DATA_DIR/tiles/); by default the config's. */
export async function startRealApi(options: { dataDir?: string } = {}): Promise<RealApi> {
  const ctx = await createTestContext(options.dataDir ? { dataDir: options.dataDir } : {});
  const device = new Agent();
  const log: RealApi['log'] = [];
  const fetch: SyncDeps['fetch'] = (path, init = {}) => {
    log.push({ method: init.method ?? 'GET', path });
    return ctx.request(path, { ...init, agent: device });
  };
  return { ctx, device, fetch, log, close: () => ctx.close() };
}

/** What a dropped connection looks like to fetch. */
export const networkDown = (): never => {
  throw new TypeError('Failed to fetch');
};

export interface Officer {
  id: number;
  email: string;
}

/** A staff account with this role (server/src/test/roles.ts). */
export function createOfficer(api: RealApi, role: StaffRole): Promise<Officer> {
  return createStaffUser(api.ctx, role);
}

/** The officer signs in on the device (the real POST /api/auth/login): the cookie is now theirs. */
export async function signInOnDevice(api: RealApi, officer: Officer): Promise<void> {
  api.device.cookies.clear();
  const res = await api.ctx.request('/api/auth/login', {
    method: 'POST',
    json: { email: officer.email, password: TEST_PASSWORD },
    agent: api.device,
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
}

export async function signOutOnDevice(api: RealApi): Promise<void> {
  await api.ctx.request('/api/auth/logout', { method: 'POST', agent: api.device });
  api.device.cookies.clear();
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The stored files of an application, complaint or copy request: slot → SHA-256 of the bytes kept. */
export async function storedFiles(api: RealApi, kind: 'application' | 'complaint' | 'copy', id: string) {
  const db = api.ctx.db;
  const rows =
    kind === 'application'
      ? await db
          .selectFrom('application_files')
          .innerJoin('blobs', 'blobs.id', 'application_files.blob_id')
          .select(['application_files.slot', 'blobs.bytes'])
          .where('application_files.application_id', '=', id)
          .execute()
      : await db
          .selectFrom('service_files')
          .innerJoin('blobs', 'blobs.id', 'service_files.blob_id')
          .select(['service_files.slot', 'blobs.bytes'])
          .where(kind === 'complaint' ? 'service_files.complaint_id' : 'service_files.copy_request_id', '=', id)
          .execute();
  return new Map(rows.map((r) => [r.slot, sha256Of(r.bytes)]));
}

/** How many rows hold this id, and their number and intake status (exactly one is expected). */
export async function storedItems(api: RealApi, kind: 'application' | 'complaint' | 'copy', id: string) {
  const db = api.ctx.db;
  if (kind === 'application') {
    return db
      .selectFrom('applications')
      .select([sql<number>`application_number::int`.as('number'), 'intake_status'])
      .where('id', '=', id)
      .execute();
  }
  return db
    .selectFrom(kind === 'complaint' ? 'complaints' : 'copy_requests')
    .select([sql<number>`reference_number::int`.as('number'), 'intake_status'])
    .where('id', '=', id)
    .execute();
}

/**
 * A picked file, as the forms hand it to the outbox: a Blob with a name. Node's Blob, also in jsdom
 * tests: it survives fake-indexeddb's structured clone, jsdom's does not.
 */
const picked = (f: { bytes: Uint8Array; mime: string; name: string }) =>
  Object.assign(new NodeBlob([f.bytes], { type: f.mime }) as unknown as Blob, { name: f.name });

/** The six real files a new-licence application needs (the server's own intake fixtures). */
export function applicationFiles(seed = 0) {
  return Object.entries(requiredFiles(seed)).map(([slot, f]) => ({
    slot: slot as ApplicationDocSlot,
    file: picked(f!),
  }));
}

/** The real files of a complaint or copy request. */
export function serviceFilesOf(kind: ServiceKind, seed = 0) {
  return Object.entries(serviceFiles(kind, seed)).map(([slot, f]) => ({ slot, file: picked(f) }));
}
