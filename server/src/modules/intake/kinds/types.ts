import type { Transaction } from 'kysely';
import type { Kind, KindFields, ManifestEntry, SiteSettings } from '@portal/shared';
import type { DB } from '../../../platform/db/schema.js';
import type { AppDeps, CitizenGrant } from '../../../platform/http/env.js';
import type { IntakeRow, IntakeStore } from '../stores/types.js';

/** What a kind's pre-insert check may look at. */
export interface CheckContext {
  deps: AppDeps;
  /** The caller's verified-mobile grant (http/citizen-grant.ts), read only when a kind asks. */
  grant: () => Promise<CitizenGrant | null>;
}

/** What a kind's check found out, for the insert: the licence the request is about and its holder. */
export interface Checked {
  licenceId: string | null;
  holderName?: string;
}

export interface InsertInput<K extends Kind> {
  id: string;
  contentHash: string;
  fields: KindFields<K>;
  manifest: ManifestEntry[];
  settings: SiteSettings;
  checked: Checked;
  now: Date;
}

/**
 * What differs between the kinds of request (decision 023); the intake itself (manifest,
 * repeats, limits, files, completion) is written once in ../intake.service.ts, on the upload
 * protocol of ../../files/upload-protocol.ts.
 */
export interface IntakeKind<K extends Kind = Kind> {
  kind: K;
  /**
   * The kind's tag in the content hash. New, complaint and copy keep the tags they had before the
   * one intake, so an item an older phone half-sent is still recognised as a repeat.
   */
  hashTag: string;
  store: IntakeStore;
  /** settings.others1 OFF closes it (APPLICATIONS_CLOSED); complaints and copies stay open. */
  closable: boolean;
  /** Checks that need the database or the caller, made before the row is written. */
  check(ctx: CheckContext, fields: KindFields<K>): Promise<Checked>;
  /** Writes the row (and its audit) unless the id exists; null when another request holds the id. */
  insert(trx: Transaction<DB>, input: InsertInput<K>): Promise<{ referenceNumber: number } | null>;
  /** Inside the transaction that received the last file: audit and the "received" text. */
  onComplete(trx: Transaction<DB>, row: IntakeRow, settings: SiteSettings, now: Date): Promise<void>;
}
