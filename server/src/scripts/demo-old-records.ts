import { templateHeaders } from '../modules/old-records/import-columns.js';
import type { DemoPlace } from './demo-places.js';

/**
 * Demo old records from the paper register (docs/decisions/039-old-records-import.md), through the
 * real API: three typed into the form by BADC and five imported from a CSV by the Admin (after the
 * dry run, as the screen does it), when the office moved to the portal: the licences issued
 * afterwards continue above the register's numbers. One is long expired, one has no mobile (its
 * holder cannot renew online until the office adds one), the rest are current. Each office's register
 * names its own upazila, first union and farmers' mobiles (./demo-places.ts).
 */
type Call = (
  path: string,
  init?: { method?: string; json?: unknown; body?: Uint8Array; headers?: Record<string, string> },
) => Promise<unknown>;

function registerOf(p: DemoPlace) {
  const [first, second, third] = p.unions;
  const place = { upazila: p.upazila, village: first!, union: first!, postOffice: first!, mouza: first! };
  const mobile = (n: string) => `${p.mobile}1000${n}`;
  const typed = [
    {
      licenceNumber: '৭০০১',
      regulationNumber: 'উসেক-৩/২০১৬',
      applicantName: 'আবদুল হামিদ',
      fatherName: 'মোঃ ইসমাইল হোসেন',
      mobile: mobile('701'),
      ...place,
      jlNumber: '১২',
      khotian: '২২১',
      dagNumber: '৪১২',
      pumpType: 'electric',
      wellClass: 'deep',
      wellSize: '2.0',
      issuedOn: '2016-05-10',
      validFrom: '2025-05-10',
      validTo: '2028-05-09',
      latitude: (p.wells.latitude + 0.0212).toFixed(4),
      longitude: (p.wells.longitude + 0.0131).toFixed(4),
    },
    {
      licenceNumber: '৭০০২',
      regulationNumber: 'উসেক-৫/২০১১',
      applicantName: 'জমিলা খাতুন',
      mobile: mobile('702'),
      ...place,
      union: second!,
      postOffice: second!,
      pumpType: 'diesel',
      wellClass: 'shallow',
      wellSize: '0.5',
      issuedOn: '2011-02-01',
      validTo: '2014-01-31',
    },
    {
      licenceNumber: '৭০০৩',
      regulationNumber: 'উসেক-১/২০১৯',
      applicantName: 'মোস্তফা জামান',
      ...place,
      union: third!,
      postOffice: third!,
      pumpType: 'solar',
      wellClass: 'shallow',
      wellSize: '1.0',
      issuedOn: '2019-11-20',
    },
  ];

  const imported: Record<string, string>[] = [
    ['7004', 'রুহুল আমিন', 'electric', 'deep', '1.5', mobile('704'), '15-06-2017'],
    ['7005', 'শামসুন নাহার', 'diesel', 'shallow', '0.5', mobile('705'), '02-01-2018'],
    ['7006', 'আবুল কাশেম', 'electric', 'shallow', '1.0', mobile('706'), '20-03-2020'],
    ['7007', 'নূরুন্নবী', 'solar', 'shallow', '1.0', mobile('707'), '11-09-2021'],
    ['7008', 'হাফিজুর রহমান', 'electric', 'deep', '2.0', mobile('708'), '05-12-2022'],
  ].map(([licenseNumber, name, sechPampType, tubeoyelClass, tubeyelSize, phone, issueDate]) => ({
    licenseNumber: licenseNumber!,
    resulation: `উসেক-${licenseNumber!.slice(2)}`,
    name: name!,
    upzila: place.upazila,
    village: place.village,
    union: place.union,
    post: place.postOffice,
    mouza: place.mouza,
    sechPampType: sechPampType!,
    tubeoyelClass: tubeoyelClass!,
    tubeyelSize: tubeyelSize!,
    mobile: phone!,
    issueDate: issueDate!,
  }));
  return { typed, imported };
}

/** Quotes every cell (a name may hold a comma); the file is what Excel's "CSV UTF-8" saves. */
function csvOf(rows: Record<string, string>[]): Uint8Array {
  const header = templateHeaders();
  const cell = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lines = [header.map(cell).join(','), ...rows.map((r) => header.map((h) => cell(r[h] ?? '')).join(','))];
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/**
 * Types the three records and imports the five, with `more` rows in the same file (the demo office's
 * register licences of its own farmers, keyed by the template's legacy headers); answers how many.
 */
export async function seedOldRecords(
  badc: Call,
  admin: Call,
  p: DemoPlace,
  more: Record<string, string>[] = [],
): Promise<number> {
  const { typed, imported } = registerOf(p);
  for (const record of typed) await badc('/api/staff/old-records', { method: 'POST', json: record });
  const body = csvOf([...imported, ...more]);
  const headers = { 'content-type': 'text/csv' };
  await admin('/api/staff/old-records/import?dryRun=1', { method: 'POST', body, headers });
  await admin('/api/staff/old-records/import', { method: 'POST', body, headers });
  return typed.length + imported.length + more.length;
}
