import type { Kysely, Transaction } from 'kysely';
import type { ManifestEntry } from '@portal/shared';
import type { DB } from '../../../platform/db/schema.js';
import type { CheckedUpload } from '../../../platform/files/check-upload.js';

export type Db = Kysely<DB> | Transaction<DB>;

/** What the intake needs to know of a stored request, whichever table holds it. */
export interface IntakeRow {
  id: string;
  /** The application number, or the complaint's or copy request's reference number. */
  referenceNumber: number;
  contentHash: string;
  intakeStatus: 'receiving' | 'complete';
  manifest: ManifestEntry[];
  mobile: string;
  fields: Record<string, unknown>;
}

export interface HeldFile {
  sha256: string;
  mime: string;
  size: number;
}

/**
 * Where a kind's requests and their files are kept: applications (+ application_files) or the
 * services' tables (+ service_files). The intake protocol (../intake.service.ts) speaks only this.
 */
export interface IntakeStore {
  find(db: Db, id: string, opts?: { forUpdate?: boolean }): Promise<IntakeRow | null>;
  storedSlots(db: Db, id: string): Promise<Map<string, HeldFile>>;
  saveFile(
    trx: Transaction<DB>,
    input: { id: string; slot: string; file: CheckedUpload; originalName: string | null; at: Date },
  ): Promise<HeldFile>;
  markComplete(trx: Transaction<DB>, id: string, now: Date): Promise<void>;
}
