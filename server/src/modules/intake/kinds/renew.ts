import { licenceStatus, todayInDhaka, translate, type RenewalFields } from '@portal/shared';
import { Problem } from '../../../platform/http/problem.js';
import { smsText } from '../../sms/messages.js';
import { findLicenceByNumber } from '../stores/application-store.js';
import { applicationKind, placementFromSettings, searchColumns } from './application-kind.js';
import type { CheckContext, Checked } from './types.js';

const refuse = (key: 'intake.v.licenceNotFound' | 'intake.v.licenceSuspended' | 'intake.v.licenceTesting') =>
  new Problem('LICENCE_NOT_RENEWABLE', { fields: { licenceNumber: translate('bn', key) } });

/**
 * The licence must exist and belong to this mobile (the issuing application's), and be active or
 * expired: a suspended licence is not renewed, and a testing licence becomes regular by BADC's
 * approval, not by the holder. An unknown number and a wrong mobile get the same answer, so the
 * form tells a stranger nothing about a licence.
 */
async function checkLicence({ deps }: CheckContext, f: RenewalFields): Promise<Checked> {
  const licence = await findLicenceByNumber(deps.db, Number(f.licenceNumber));
  if (!licence || licence.mobile !== f.mobile) throw refuse('intake.v.licenceNotFound');
  const status = licenceStatus(
    {
      suspended: licence.status === 'suspended',
      testing: licence.is_testing,
      validFrom: '',
      validTo: String(licence.valid_to).slice(0, 10),
    },
    todayInDhaka(deps.now()),
  );
  if (status === 'suspended') throw refuse('intake.v.licenceSuspended');
  if (status === 'testing') throw refuse('intake.v.licenceTesting');
  return { licenceId: licence.id };
}

/**
 * A renewal of a licence (spec 1 §3, §5; Form-Ga). Its "received" text has its own setting (spec 1
 * §7); with it off, the holder is still told that a renewal was filed (decision 050).
 */
export const renewKind = applicationKind({
  kind: 'Renew',
  check: checkLicence,
  // The renewal form has no upazila of its own (spec 1 §5): the column stays empty.
  columns: (f) => searchColumns(f, f.applicantName),
  placement: placementFromSettings,
  receivedText: (settings, row) => {
    const p = {
      applicationNumber: row.referenceNumber,
      licenceNumber: String(row.fields.licenceNumber ?? ''),
      webUrl: settings.webUrl,
    };
    return settings.sms_renew_application_submit === 'ON' ? smsText.renewalReceived(p) : smsText.renewalFiled(p);
  },
});
