import type { Context } from 'hono';
import type { LicenceDocument } from '@portal/shared';
import type { AppEnv } from '../../http/env.js';
import { Problem } from '../../http/problem.js';
import { readGrant } from '../../http/citizen-grant.js';
import { getSettings } from '../settings/settings.repository.js';
import { buildLicenceDocument, toLicenceDocument } from './licence-document.js';
import { findLicenceRecord } from './licences.repository.js';

/**
 * Who may see a licence (docs/decisions/006-licence-access.md): any staff member with a role; a
 * citizen only through a verified grant for that very application, only once it is finally
 * approved (a suspended licence stays visible, marked suspended), and only while the office lets
 * licences be collected online (licenseOnline, spec 1 §4).
 */
type Ctx = Context<AppEnv>;

/** Stages at which the licence exists for the citizen: approved, or approved and then suspended. */
const ISSUED_STAGES = new Set(['Approved', 'Suspend']);

export async function staffLicence(c: Ctx, applicationId: string): Promise<LicenceDocument> {
  const { db } = c.get('deps');
  return buildLicenceDocument(db, applicationId, await getSettings(db));
}

/** The licence of the caller's verified application; with applicationId, it must be that one. */
export async function citizenLicence(c: Ctx, applicationId?: string): Promise<LicenceDocument> {
  const grant = await readGrant(c);
  if (!grant) throw new Problem('VERIFICATION_REQUIRED');
  if (applicationId !== undefined && grant.applicationId !== applicationId) throw new Problem('FORBIDDEN');
  const { db } = c.get('deps');
  const record = await findLicenceRecord(db, grant.applicationId);
  if (!record) throw new Problem('NOT_FOUND');
  // Not approved yet comes first: that is the answer the citizen can act on (wait), spec 1 §4.
  if (!record.licence || !ISSUED_STAGES.has(record.application.stage)) throw new Problem('LICENCE_NOT_READY');
  const settings = await getSettings(db);
  if (settings.licenseOnline !== 'ON') throw new Problem('LICENCE_OFFLINE_ONLY');
  return toLicenceDocument(record, settings);
}

/** The PDFs: staff with a role see any licence; everyone else goes through the citizen rules. */
export async function anyoneLicence(c: Ctx, applicationId: string): Promise<LicenceDocument> {
  const staff = c.get('staff');
  if (staff?.role) return staffLicence(c, applicationId);
  if (staff && !(await readGrant(c))) throw new Problem('ACCOUNT_NO_ROLE');
  return citizenLicence(c, applicationId);
}
