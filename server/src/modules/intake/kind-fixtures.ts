import type { Kind } from '@portal/shared';
import { filesFor, manifestOf, validFields } from '../applications/intake-fixtures.js';
import { complaintFields, copyFields } from '../services/services-fixtures.js';

/** Valid forms of the kinds added by decision 023, for the intake's tests and the input walk. */
export const HOLDER_MOBILE = '01712345678';

export function renewalFields(o: Record<string, unknown> = {}) {
  return {
    licenceNumber: '১',
    mobile: HOLDER_MOBILE,
    applicantName: 'রহিম উদ্দিন',
    nid: '১২৩৪৫৬৭৮৯০',
    fatherName: 'করিম উদ্দিন',
    village: 'কানসাট',
    union: 'কানসাট',
    postOffice: 'কানসাট',
    mouza: 'কানসাট',
    wellClass: 'deep',
    khotian: '৩৪',
    jlNumber: '১২',
    dagNumber: '৫৬',
    suspensionHistory: 'কখনো স্থগিত হয়নি',
    lastSeasonArea: '২০ একর',
    unusedPeriod: 'বন্ধ থাকেনি',
    chargeHighLand: '৫০০',
    chargeLowLand: '৪০০',
    applicationFee: '২০০',
    feePaidOn: '2026-11-01',
    agreed: true,
    ...o,
  };
}

export function changeFields(applicationId: string, o: Record<string, unknown> = {}) {
  return {
    applicationId,
    mobile: HOLDER_MOBILE,
    fatherName: 'করিম উদ্দিন',
    upazila: 'শিবগঞ্জ',
    village: 'কানসাট',
    union: 'কানসাট',
    postOffice: 'কানসাট',
    mouza: 'কানসাট',
    jlNumber: '১২',
    khotian: '৩৪',
    dagNumber: '৫৬',
    proposedMouza: 'কানসাট',
    proposedUnion: 'কানসাট',
    advanceFee: '৫০০',
    slipNumber: 'স্লিপ-৭',
    feePaidOn: '2026-11-01',
    agreed: true,
    ...o,
  };
}

/** A valid item of any kind (a renewal or change still needs its licence and grant to be accepted). */
export function kindBody(kind: Kind, clientId: string, about = '00000000-0000-4000-8000-000000000000') {
  const fields: Record<Kind, Record<string, unknown>> = {
    New: validFields(),
    Existing: validFields({ billNumber: '১২৩৪' }),
    Renew: renewalFields(),
    NameChange: changeFields(about, { newApplicantName: 'রহিমা খাতুন' }),
    PlotChange: changeFields(about, { newDagNumber: '৫৭' }),
    Complaint: complaintFields(),
    Copy: copyFields(),
  };
  return { clientId, fields: fields[kind], files: manifestOf(filesFor(kind)) };
}
