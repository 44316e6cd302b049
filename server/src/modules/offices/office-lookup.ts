import { OFFICE_CODE } from '@portal/shared/licence-facts';
import type { Database } from '../../platform/db/database.js';
import { listOffices, officesChanged, type Office } from './offices.repository.js';

/**
 * One office of the deployment by its code or id (docs/decisions/057-offices.md), open or closed:
 * a closed office's licences still verify. Read from the office list, kept a minute.
 */

/** The office with this code; null for an unknown or malformed one (a public caller's input). */
export async function officeByCode(db: Database, code: string): Promise<Office | null> {
  if (!OFFICE_CODE.test(code)) return null;
  return (await listOffices(db)).find((o) => o.code === code) ?? null;
}

/**
 * The office with this id, which a row of the database names. An id missing from the kept list is
 * an office opened by another instance within the minute: the list is read again once.
 */
export async function officeById(db: Database, id: number): Promise<Office | null> {
  const found = (await listOffices(db)).find((o) => o.id === id);
  if (found) return found;
  officesChanged(db);
  return (await listOffices(db)).find((o) => o.id === id) ?? null;
}
