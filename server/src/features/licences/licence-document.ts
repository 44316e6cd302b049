import {
  displayName,
  formatDateBn,
  LICENCE_VALIDITY_ROWS,
  toBanglaDigits,
  translate,
  type LicenceDocument,
  type MessageKey,
  type SiteSettings,
} from '@portal/shared';
import { Problem } from '../../http/problem.js';
import type { LicenceRecord } from './licences.repository.js';

/**
 * Builds the certificate's content (spec 1 §2 licence print, spec 3 §2 licensePrint) from the
 * application, its licence row and its periods; LICENCE_NOT_READY while no licence has been
 * issued. Who may see it is decided in licence-access.ts.
 */
export function toLicenceDocument(record: LicenceRecord, settings: SiteSettings): LicenceDocument {
  const { application, licence } = record;
  if (!licence) throw new Problem('LICENCE_NOT_READY');
  const f = application.fields;
  const text = (key: string) =>
    typeof f[key] === 'string' ? (f[key] as string).trim() : f[key] == null ? '' : String(f[key]);
  const coordinate = (key: string) => {
    const n = typeof f[key] === 'number' ? (f[key] as number) : Number.parseFloat(text(key));
    return Number.isFinite(n) ? n : null;
  };
  let latitude = coordinate('latitude');
  let longitude = coordinate('longitude');
  if (latitude === null || longitude === null) latitude = longitude = null;

  // Suspension is recorded on the licence; an override to the Suspend stage counts too (spec 3 §4).
  const suspended = licence.status === 'suspended' || application.stage === 'Suspend';
  const applicantName = displayName(f as Parameters<typeof displayName>[0]) || text('name');
  const validFrom = isoDate(licence.validFrom);
  const validTo = isoDate(licence.validTo);
  const licenceNumber = licence.licenceNumber;
  const status = suspended ? 'suspended' : 'active';

  return {
    applicationId: application.id,
    applicationNumber: application.applicationNumber,
    licenceNumber,
    upazila: text('upazila') || application.upazila || settings.address,
    district: settings.jilla,
    officeAddress: [settings.address, settings.jilla].filter(Boolean).join(', '),
    approvalDate: isoDate(licence.issuedOn),
    wellClass: text('wellClass'),
    wellSize: text('wellSize'),
    pumpType: text('pumpType'),
    applicantName,
    fatherName: text('fatherName'),
    village: text('village'),
    union: text('union'),
    postOffice: text('postOffice'),
    mouza: text('mouza'),
    jlNumber: text('jlNumber'),
    khotian: text('khotian'),
    dagNumber: text('dagNumber'),
    latitude,
    longitude,
    termYears: licence.termYears,
    isTesting: licence.isTesting,
    issuedOn: isoDate(licence.issuedOn),
    validFrom,
    validTo,
    status,
    suspendNote: suspended ? (licence.suspendNote ?? null) : null,
    periods: validityPeriods(record),
    approver: approverOf(licence.approver),
    qr: {
      details: [
        bn('licence.qrText.number', toBanglaDigits(licenceNumber)),
        bn('licence.qrText.name', applicantName),
        bn('licence.qrText.status', bn(`licence.status.${status}`)),
        bn(
          'licence.qrText.validity',
          bn('licence.validRange', { from: formatDateBn(validFrom), to: formatDateBn(validTo) }),
        ),
      ].join('\n'),
      location:
        latitude !== null && longitude !== null ? `https://www.google.com/maps?q=${latitude},${longitude}` : null,
    },
  };
}

function bn(key: string, value?: string | Record<string, string>): string {
  const params = typeof value === 'string' ? { value } : value;
  return translate('bn', key as MessageKey, params);
}

/** Dates come back as 'YYYY-MM-DD' strings; a Date (other drivers) is read as a calendar date. */
function isoDate(v: string | Date): string {
  return typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);
}

/**
 * The rows of the back page's validity table: every stored period plus the current one, oldest
 * first, without repeats. Whether a renewal stores the old or the new period in licence_periods,
 * the table comes out the same. At most the latest six (LICENCE_VALIDITY_ROWS) fit on paper.
 */
function validityPeriods(record: LicenceRecord): LicenceDocument['periods'] {
  const licence = record.licence!;
  const all = [...record.periods, { validFrom: licence.validFrom, validTo: licence.validTo }].map((p) => ({
    validFrom: isoDate(p.validFrom),
    validTo: isoDate(p.validTo),
  }));
  const seen = new Set<string>();
  const unique = all.filter((p) => {
    const key = `${p.validFrom}/${p.validTo}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort((a, b) => a.validFrom.localeCompare(b.validFrom) || a.validTo.localeCompare(b.validTo));
  return unique.slice(-LICENCE_VALIDITY_ROWS);
}

/**
 * The approver block (spec 3 §4): custom lines when sign_status is on, else the default UNO block.
 * Accepts the stored shape `{ custom, lines }` and the legacy `{ sign_status, text_1..text_6 }`.
 */
function approverOf(stored: Record<string, unknown> | null): LicenceDocument['approver'] {
  if (!stored) return { custom: false, lines: [] };
  const custom = stored.custom === true || stored.sign_status === true || stored.sign_status === 'true';
  const raw = Array.isArray(stored.lines) ? stored.lines : [1, 2, 3, 4, 5, 6].map((i) => stored[`text_${i}`]);
  const lines = raw.slice(0, 6).map((l) => (typeof l === 'string' ? l.trim() : ''));
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  return custom && lines.length ? { custom: true, lines } : { custom: false, lines: [] };
}
