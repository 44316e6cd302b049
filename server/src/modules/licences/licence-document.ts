import {
  displayName,
  LICENCE_VALIDITY_ROWS,
  todayInDhaka,
  type LicenceDocument,
  type SiteSettings,
} from '@portal/shared';
import { Problem } from '../../platform/http/problem.js';
import type { LicenceRecord } from './licences.repository.js';

/**
 * Builds the certificate's content (spec 1 §2 licence print, spec 3 §2 licensePrint) from the
 * application, its licence row and its periods; LICENCE_NOT_READY while no licence has been
 * issued. Who may see it is decided in licence-access.ts.
 */
export function toLicenceDocument(
  record: LicenceRecord,
  settings: SiteSettings,
  /** The signed link of the verification QR (server/src/modules/licence-check/licence-qr.ts). */
  checkUrl: string,
): LicenceDocument {
  const { application, licence } = record;
  if (!licence) throw new Problem('LICENCE_NOT_READY');
  const f = application.fields;
  const text = (key: string) =>
    typeof f[key] === 'string' ? (f[key] as string).trim() : f[key] == null ? '' : String(f[key]);
  // The well's position is the one the map and the siting check use (decision 028): BADC's, if recorded.
  const latitude = application.position?.latitude ?? null;
  const longitude = application.position?.longitude ?? null;

  // The licence's own holder and plot (an approved name/plot change changes them, decision 022);
  // the application's form only for a licence row that predates them.
  const applicantName =
    licence.holderName || displayName(f as Parameters<typeof displayName>[0]) || text('applicantName');
  const dagNumber = licence.dagNumber || text('dagNumber');
  const validFrom = isoDate(licence.validFrom);
  const validTo = isoDate(licence.validTo);
  const licenceNumber = licence.licenceNumber;
  const status = licence.status;
  const suspended = status === 'suspended';

  return {
    applicationId: application.id,
    licenceId: licence.id,
    version: licence.version,
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
    dagNumber,
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
    changes: record.changes.map((c) => ({ field: c.field, from: c.from, to: c.to, on: todayInDhaka(c.at) })),
    approver: approverOf(licence.approver),
    qr: {
      details: checkUrl,
      location:
        latitude !== null && longitude !== null ? `https://www.google.com/maps?q=${latitude},${longitude}` : null,
    },
  };
}

/** Dates come back as 'YYYY-MM-DD' strings; a Date (other drivers) is read as a calendar date. */
function isoDate(v: string | Date): string {
  return typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);
}

/**
 * The rows of the back page's validity table (spec 3 §3 renewal history): every period the licence
 * had (licence_periods holds each one, the current included; the current is added again for rows
 * from before that rule), oldest first, without repeats. The latest six (LICENCE_VALIDITY_ROWS) fit.
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
