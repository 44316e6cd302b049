import type { Kind } from '@portal/shared/kinds/slots';
import Dexie, { type Table } from 'dexie';
import { DB_NAME, UNSENT_STATUSES } from './unsent';

/**
 * The one IndexedDB database of the phone (docs/decisions/018-service-targets.md "The client"). Everything a person
 * queues lives here, never in the service worker's caches, so an app update cannot strand it.
 */
/**
 * A citizen request of any kind (decision 023: one intake, the item then its files), or an officer's
 * decision, or an inspector's field visit with its photos (docs/decisions/032-visit-on-the-phone.md).
 * 'application', 'complaint' and 'copy' are what versions before decision 023 stored for
 * New, Complaint and Copy: such items may still wait on a phone, and the engine sends them as those
 * kinds (engine.ts intakeKindOf).
 */
export type OutboxKind = Kind | OfficerKind | LegacyOutboxKind;
/** Items made by an officer: sent only while that officer is signed in on this device (decision 012). */
export type OfficerKind = 'officerAction' | 'fieldVisit';
export const isOfficerKind = (kind: OutboxKind): kind is OfficerKind =>
  kind === 'officerAction' || kind === 'fieldVisit';
export type LegacyOutboxKind = 'application' | 'complaint' | 'copy';

/**
 * saved: on this phone, not yet accepted by the server; sending: a drain is working on it;
 * files-pending: the server holds the item (it has a number) but not every file yet;
 * received: complete on the server; failed: refused by the server (needs the person);
 * conflict: an officer's decision made on a state that has since moved on.
 */
export type OutboxStatus = 'saved' | 'sending' | 'received' | 'files-pending' | 'failed' | 'conflict';

export interface OutboxError {
  code: string;
  messageBn: string;
  messageEn?: string;
}

export interface OutboxItem {
  /** The id made on the phone before anything is sent (the application's clientId, or the action's clientActionId). */
  id: string;
  kind: OutboxKind;
  createdAt: number;
  status: OutboxStatus;
  attempts: number;
  /** Server errors (5xx) this item has had since it was queued or last retried (outcome.ts, SERVER_ERROR_LIMIT). */
  serverErrors?: number;
  lastError?: OutboxError;
  /** Epoch ms before which the engine leaves this item alone (per-item backoff). */
  nextAttemptAt: number;
  /** The server's id and number (the application number, or a complaint's or copy's reference number). */
  result?: { applicationNumber: number; id: string };
  /** The JSON request body, exactly as it is sent every time (the server compares repeats). */
  payload: unknown;
  /** What the person recognises the item by (applicant name, or the officer's action). */
  label: string;
  /** officerAction, fieldVisit: the application the decision or the visit is about. */
  applicationId?: string;
  /** conflict: the state the server has now, to show the officer. */
  current?: unknown;
  /**
   * A refused application the person is correcting in the form under this new id: it stays here
   * until that one is queued, so a browser killed before the form's draft reached the disk loses
   * nothing (docs/decisions/012-offline-queue-truth.md).
   */
  replacedBy?: string;
  /**
   * officerAction, fieldVisit: the officer who made it. It is sent only while that officer is the
   * one signed in on this device, never under another name (docs/decisions/012-offline-queue-truth.md).
   */
  officer?: QueuedBy;
  /** Progress for the queue screen, kept in step with outboxFiles. */
  filesTotal: number;
  filesUploaded: number;
}

/** The staff account that queued a decision: its id decides, the e-mail is what people read. */
export interface QueuedBy {
  id: number;
  email: string;
}

export interface OutboxFile {
  itemId: string;
  /** The document slot, or a visit photo's index as text ('0'…'5'). */
  slot: string;
  blob: Blob;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  uploaded: boolean;
}

/** A file picked into a form that has not been sent yet, so a reload keeps it too. */
export interface DraftFile {
  formId: string;
  slot: string;
  blob: Blob;
  name: string;
  /** A site visit's photo: when and where it was taken (not indexed, so no new schema version). */
  takenAt?: string;
  latitude?: number;
  longitude?: number;
}

export class PortalDb extends Dexie {
  outbox!: Table<OutboxItem, string>;
  outboxFiles!: Table<OutboxFile, [string, string]>;
  draftFiles!: Table<DraftFile, [string, string]>;

  constructor() {
    super(DB_NAME);
    this.version(1).stores({
      outbox: 'id, status, createdAt, kind',
      outboxFiles: '[itemId+slot], itemId',
      draftFiles: '[formId+slot], formId',
    });
  }
}

export const db = new PortalDb();

/** Statuses the sync engine still has work for (kept in unsent.ts, which must not load Dexie). */
export { UNSENT_STATUSES };
