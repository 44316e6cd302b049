import type { Context } from 'hono';
import { canReadLicence, type LicenceDocument } from '@portal/shared';
import type { AppEnv } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { readGrant } from '../../platform/http/citizen-grant.js';
import { roleOf } from '../../platform/http/guards.js';
import { getSettings } from '../settings/settings.repository.js';
import { licenceCheckUrl } from '../licence-check/licence-qr.js';
import { toLicenceDocument } from './licence-document.js';
import { findLicenceRecord } from './licences.repository.js';

/**
 * Who may see a licence (docs/decisions/006-licence-access.md): a staff role holding licences.read
 * whose lists show the application (docs/decisions/017-permissions.md); a citizen only through a
 * verified grant for that very application, only once it is finally approved (a suspended licence
 * stays visible, marked suspended), and only while the office lets licences be collected online
 * (licenseOnline, spec 1 §4).
 */
type Ctx = Context<AppEnv>;

/** 404 without the application; 403 for a role that may not read it, before 409 without a licence. */
export async function staffLicence(c: Ctx, applicationId: string): Promise<LicenceDocument> {
  const role = roleOf(c);
  const { db, now } = c.get('deps');
  const record = await findLicenceRecord(db, applicationId, now());
  if (!record) throw new Problem('NOT_FOUND');
  if (!canReadLicence(role, record.application)) throw new Problem('FORBIDDEN');
  const settings = await getSettings(db);
  return toLicenceDocument(record, settings, await licenceCheckUrl(c, record.licence?.id, settings));
}

/** The licence of the caller's verified application; with applicationId, it must be that one. */
export async function citizenLicence(c: Ctx, applicationId?: string): Promise<LicenceDocument> {
  const grant = await readGrant(c);
  if (!grant) throw new Problem('VERIFICATION_REQUIRED');
  if (applicationId !== undefined && grant.applicationId !== applicationId) throw new Problem('FORBIDDEN');
  const { db, now } = c.get('deps');
  const record = await findLicenceRecord(db, grant.applicationId, now());
  if (!record) throw new Problem('NOT_FOUND');
  // Not approved yet comes first: that is the answer the citizen can act on (wait), spec 1 §4.
  // The licence exists for the citizen once its application is approved; a suspended licence keeps
  // its application approved and the licence's own status marks it (decision 022).
  if (!record.licence || record.application.stage !== 'Approved') throw new Problem('LICENCE_NOT_READY');
  const settings = await getSettings(db);
  if (settings.licenseOnline !== 'ON') throw new Problem('LICENCE_OFFLINE_ONLY');
  return toLicenceDocument(record, settings, await licenceCheckUrl(c, record.licence.id, settings));
}

/** The PDFs: staff with a role go by the staff rules; everyone else through the citizen rules. */
export async function anyoneLicence(c: Ctx, applicationId: string): Promise<LicenceDocument> {
  const staff = c.get('staff');
  if (staff?.role) return staffLicence(c, applicationId);
  if (staff && !(await readGrant(c))) throw new Problem('ACCOUNT_NO_ROLE');
  return citizenLicence(c, applicationId);
}
