import type { Database } from '../platform/db/database.js';

/**
 * Demo resolutions of the upazila irrigation committee (docs/decisions/036-resolutions.md), made by
 * BADC through the real API: three meetings over the year, each over the applications received
 * since the one before, so the printed view of each lists real applications of its months.
 */
type Call = (path: string, init?: { method?: string; json?: unknown }) => Promise<unknown>;

export interface Meeting {
  title: string;
  html: string;
}

export const RESOLUTION_MEETINGS: Meeting[] = [
  {
    title: 'উপজেলা সেচ কমিটির ১ম সভা',
    html:
      '<p>সভাপতি: উপজেলা নির্বাহী অফিসার। সভায় উপস্থিত সদস্যদের সম্মতিতে নিচের সিদ্ধান্তগুলো গৃহীত হয়:</p>' +
      '<ol><li>মাঠ পরিদর্শনে যেসব নলকূপ দূরত্বের শর্ত পূরণ করেছে, সেগুলোর লাইসেন্স অনুমোদন করা হলো।</li>' +
      '<li>যেসব আবেদনে কাগজ অসম্পূর্ণ, আবেদনকারীকে ১৫ দিনের মধ্যে কাগজ জমা দিতে বলা হবে।</li></ol>',
  },
  {
    title: 'উপজেলা সেচ কমিটির ২য় সভা',
    html:
      '<p>বিএডিসি-র সহকারী প্রকৌশলীর প্রতিবেদন অনুযায়ী আবেদনগুলো বিবেচনা করা হয়।</p>' +
      '<p><strong>সিদ্ধান্ত:</strong> অনুমোদনযোগ্য আবেদনগুলোর লাইসেন্স দেওয়া হবে; বাকিগুলো পুনরায় যাচাই হবে।</p>',
  },
  {
    title: 'উপজেলা সেচ কমিটির বিশেষ সভা (নবায়ন ও পরিবর্তন)',
    html: '<p>লাইসেন্স নবায়ন এবং নাম ও দাগ পরিবর্তনের আবেদনগুলো নিয়ে আলোচনা হয়।</p>',
  },
];

/**
 * Records one meeting over the complete applications numbered above `after`; answers the last
 * number it covers, or null when nothing new came in (no meeting then).
 */
export async function recordMeeting(badc: Call, db: Database, meeting: Meeting, after: number): Promise<number | null> {
  const numbers = (
    await db
      .selectFrom('applications')
      .select('application_number')
      .where('intake_status', '=', 'complete')
      .where('kind', '<>', 'Old')
      .where('application_number', '>', after)
      .orderBy('application_number')
      .execute()
  ).map((r) => Number(r.application_number));
  if (numbers.length === 0) return null;
  const rangeFrom = numbers[0]!;
  const rangeTo = numbers[numbers.length - 1]!;
  await badc('/api/staff/resolutions', { method: 'POST', json: { ...meeting, rangeFrom, rangeTo } });
  return rangeTo;
}
