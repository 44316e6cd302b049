import { distanceM, type LatLng } from '@portal/shared';
import type { TestContext } from '../../test/harness.js';
import { createStaffUser } from '../../test/roles.js';
import { insertApplication, type AppSeed } from '../requests/request-fixtures.js';
import { issueLicence, updateLicence } from '../licences/licence.writer.js';
import { wellPositionColumns } from './well-position.js';

/**
 * Wells for the map and siting tests: an application inserted as the intake leaves it, its
 * position columns written by the one helper the real writers call (well-position.ts), and, for a
 * licensed well, a licence issued (and suspended) through the licence writer.
 */

/** The point `metres` due north of `p`, measured by distanceM itself (so 100 m is 100 m to the test). */
export function northOf(p: LatLng, metres: number): LatLng {
  const oneDegree = distanceM(p, { latitude: p.latitude + 1, longitude: p.longitude });
  return { latitude: p.latitude + metres / oneDegree, longitude: p.longitude };
}

export function eastOf(p: LatLng, metres: number): LatLng {
  const oneDegree = distanceM(p, { latitude: p.latitude, longitude: p.longitude + 1 });
  return { latitude: p.latitude, longitude: p.longitude + metres / oneDegree };
}

export type LicenceState = 'testing' | 'active' | 'expired' | 'suspended';

export interface WellSeed extends AppSeed {
  /** No position: the form had none. */
  at: LatLng | null;
  wellSize?: string;
  licence?: LicenceState;
}

const ALL_SEEN = { chairman: true, uno: true, badc: true };
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 24 * 3600 * 1000;
const daysFrom = (d: Date, days: number) => dayOf(new Date(d.getTime() + days * DAY_MS));

export async function insertWell(
  ctx: TestContext,
  seed: WellSeed,
): Promise<{ id: string; applicationNumber: number; licenceId: string | null; licenceNumber: number | null }> {
  const { at, wellSize = '1.0', licence, ...rest } = seed;
  const fields = {
    wellSize,
    ...(at ? { latitude: at.latitude, longitude: at.longitude } : { latitude: undefined, longitude: undefined }),
    ...rest.fields,
  };
  const app = await insertApplication(ctx, {
    ...(licence ? { stage: 'Approved', seen: ALL_SEEN } : {}),
    ...rest,
    fields,
  });
  await ctx.db
    .updateTable('applications')
    .set(wellPositionColumns(fields, 'applicant'))
    .where('id', '=', app.id)
    .execute();
  if (!licence) return { ...app, licenceId: null, licenceNumber: null };

  const now = ctx.clock.now;
  // A testing licence is a one-year one; an expired one ended two days ago.
  const validFrom = licence === 'expired' ? daysFrom(now, -3 * 365) : dayOf(now);
  const validTo = licence === 'expired' ? daysFrom(now, -2) : daysFrom(now, licence === 'testing' ? 365 : 3 * 365);
  const issuer = await createStaffUser(ctx, 'BADC');
  const issued = await ctx.db.transaction().execute(async (trx) => {
    const l = await issueLicence(trx, {
      applicationId: app.id,
      termYears: licence === 'testing' ? 1 : 3,
      issuedOn: validFrom,
      validFrom,
      validTo,
      by: issuer.id,
      now,
    });
    if (licence === 'suspended')
      await updateLicence(trx, l.licenceId, { status: 'suspended', suspend_note: 'স্থানান্তর' });
    return l;
  });
  return { ...app, licenceId: issued.licenceId, licenceNumber: issued.licenceNumber };
}
