import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AppDeps } from '../http/env.js';
import { Problem } from '../http/problem.js';
import { sha256Hex } from './blob-store.js';

/**
 * The upload protocol of every outbox item that carries files, written once for the server
 * (docs/decisions/057-offices.md "Layout"; the protocol of decision 018, used by the intake of
 * decision 023 and the field visit of decision 030): the phone declares the item with a manifest
 * of its files (POST), the server answers which files it lacks, the phone sends each of them on
 * its own (PUT), and the record is complete when its last declared file is in. Idempotent by the
 * phone's id. Each module says what its record is and what it checks; the order of the steps and
 * what a repeat, a race or a closed record gets are here. Queries go through `deps.db`, the
 * request's office-scoped database, so a record of another office is never seen.
 */

export interface Answer<T> {
  status: 200 | 201;
  body: T;
}

/** JSON with sorted keys and no undefined members: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** A declaration's content hash: the same outbox item sent twice hashes the same. */
export function fingerprint(value: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** Thrown inside the insert's transaction when the id was taken, to roll it back. */
const ID_TAKEN = new Error('the id is taken');

/** What a module tells the protocol about one declaration (the POST). */
export interface Declaration<R, C, T> {
  /** The content's fingerprint. */
  hash: string;
  /** The record the phone's id names, if this office holds it. */
  find(): Promise<R | null>;
  hashOf(record: R): string;
  /** The answer for a record already held: it and the files it still lacks. */
  answer(record: R): Promise<T>;
  /** The checks only a new declaration meets; what they found goes to the insert. */
  checkNew(): Promise<C>;
  /** Writes the record and answers it; null when the id is taken (the transaction is then rolled back). */
  insert(trx: Transaction<DB>, checked: C): Promise<T | null>;
}

/**
 * A declaration: a repeat with the same content gets the first answer (200), with other content
 * 409 `IDEMPOTENCY_CONFLICT`; a new one is checked and written (201). A repeat is answered before
 * the checks of a new one, since the phone sent it while they held.
 */
export async function acceptDeclaration<R, C, T>(deps: AppDeps, d: Declaration<R, C, T>): Promise<Answer<T>> {
  const repeat = async () => {
    const existing = await d.find();
    if (!existing) return null;
    if (d.hashOf(existing) !== d.hash) throw new Problem('IDEMPOTENCY_CONFLICT');
    return d.answer(existing);
  };
  const first = await repeat();
  if (first) return { status: 200, body: first };

  const checked = await d.checkNew();
  const inserted = await deps.db
    .transaction()
    .execute(async (trx) => {
      const body = await d.insert(trx, checked);
      // Rolled back, so an office's number the insert took is given back and the office's numbers
      // keep no gap (docs/decisions/057-offices.md).
      if (!body) throw ID_TAKEN;
      return body;
    })
    .catch((err: unknown) => (err === ID_TAKEN ? null : Promise.reject(err)));
  if (inserted) return { status: 201, body: inserted };
  // Another request with the same id won the race: answer as its repeat.
  const again = await repeat();
  if (again) return { status: 200, body: again };
  // The id is a record of another office (ids are one space for every office, and this office
  // cannot see it): a conflict for this phone, never a 500 that its outbox would retry forever.
  throw new Problem('IDEMPOTENCY_CONFLICT');
}

/** A file a record holds, as far as the protocol looks at it. */
export interface Held {
  sha256: string;
  mime: string;
}

/**
 * Checked before a file's body is read, so a refused upload does not cost the phone its bytes:
 * once the record is complete, only a repeat of a file it holds (its answer was lost on the way)
 * is still welcome; anything else is 409 `FILES_CLOSED`.
 */
export async function checkStillWelcome(
  status: 'receiving' | 'complete',
  held: () => Promise<Held | undefined>,
  claimedSha256: string | null,
): Promise<void> {
  if (status === 'receiving') return;
  const file = await held();
  if (!file || (claimedSha256 !== null && claimedSha256 !== file.sha256)) throw new Problem('FILES_CLOSED');
}

/**
 * The bytes must be the ones declared (and the ones the X-File-Sha256 header names): a file damaged
 * on the way is refused with `wrong`, before its type is looked at, and the phone re-sends it.
 * Answers their SHA-256.
 */
export function declaredBytes(
  bytes: Uint8Array,
  declaredSha256: string,
  claimedSha256: string | null,
  wrong: () => Problem,
): string {
  const sha256 = sha256Hex(bytes);
  if (sha256 !== declaredSha256 || (claimedSha256 !== null && claimedSha256 !== sha256)) throw wrong();
  return sha256;
}

/** A record receiving its declared files, read under its row lock, with the slot being uploaded. */
export interface LockedRecord<M> {
  status: 'receiving' | 'complete';
  /** What the slot holds already, if its file arrived. */
  held: Held | undefined;
  /** Declared files not yet held, in the order the phone sends them; asked again after a save. */
  missing(): M[];
  /** Stores the (checked) file in the slot. */
  save(): Promise<void>;
  /** Marks the record complete and does what completion means for it (audit, texts, position). */
  complete(): Promise<void>;
}

export interface StoredAnswer<M> {
  status: 200 | 201;
  /** The held file's type, from its bytes. */
  mime: string;
  state: 'receiving' | 'complete';
  missing: M[];
}

/**
 * Stores one file whose bytes passed `declaredBytes` and the module's checks. `lock` reads the
 * record with its row locked (null: no such record), which serialises the uploads of one record,
 * so exactly one of them completes it. A repeat of a held file is 200; a closed record refuses a
 * new one (409 `FILES_CLOSED`).
 */
export async function storeDeclaredFile<M>(
  deps: AppDeps,
  input: { sha256: string; mime: string; lock: (trx: Transaction<DB>) => Promise<LockedRecord<M> | null> },
): Promise<StoredAnswer<M>> {
  return deps.db.transaction().execute(async (trx) => {
    const record = await input.lock(trx);
    if (!record) throw new Problem('NOT_FOUND');
    if (record.held && record.held.sha256 === input.sha256)
      return { status: 200, mime: record.held.mime, state: record.status, missing: record.missing() };
    if (record.status !== 'receiving') throw new Problem('FILES_CLOSED');
    await record.save();
    const complete = record.missing().length === 0;
    if (complete) await record.complete();
    return { status: 201, mime: input.mime, state: complete ? 'complete' : 'receiving', missing: record.missing() };
  });
}
