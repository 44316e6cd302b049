import type { Database } from '../db/database.js';

/**
 * Demo resolutions of the upazila irrigation committee (docs/decisions/036-resolutions.md), made
 * by BADC through the real API after the applications exist: three meetings whose ranges cover
 * the seeded application numbers, so the printed view of each lists real applications.
 */
type Call = (path: string, init?: { method?: string; json?: unknown }) => Promise<unknown>;

export async function seedResolutions(badc: Call, db: Database): Promise<number> {
  const numbers = (
    await db
      .selectFrom('applications')
      .select('application_number')
      .where('intake_status', '=', 'complete')
      .orderBy('application_number')
      .execute()
  ).map((r) => Number(r.application_number));
  if (numbers.length === 0) return 0;
  const at = (share: number) => numbers[Math.min(numbers.length - 1, Math.floor(numbers.length * share))]!;
  const meetings = [
    {
      title: 'উপজেলা সেচ কমিটির ১ম সভা',
      rangeFrom: numbers[0]!,
      rangeTo: at(0.3),
      html:
        '<p>সভাপতি: উপজেলা নির্বাহী অফিসার। সভায় উপস্থিত সদস্যদের সম্মতিতে নিচের সিদ্ধান্তগুলো গৃহীত হয়:</p>' +
        '<ol><li>মাঠ পরিদর্শনে যেসব নলকূপ দূরত্বের শর্ত পূরণ করেছে, সেগুলোর লাইসেন্স অনুমোদন করা হলো।</li>' +
        '<li>যেসব আবেদনে কাগজ অসম্পূর্ণ, আবেদনকারীকে ১৫ দিনের মধ্যে কাগজ জমা দিতে বলা হবে।</li></ol>',
    },
    {
      title: 'উপজেলা সেচ কমিটির ২য় সভা',
      rangeFrom: at(0.3) + 1,
      rangeTo: at(0.6),
      html:
        '<p>বিএডিসি-র সহকারী প্রকৌশলীর প্রতিবেদন অনুযায়ী আবেদনগুলো বিবেচনা করা হয়।</p>' +
        '<p><strong>সিদ্ধান্ত:</strong> অনুমোদনযোগ্য আবেদনগুলোর লাইসেন্স দেওয়া হবে; বাকিগুলো পুনরায় যাচাই হবে।</p>',
    },
    {
      title: 'উপজেলা সেচ কমিটির বিশেষ সভা (নবায়ন ও পরিবর্তন)',
      rangeFrom: at(0.6) + 1,
      rangeTo: numbers[numbers.length - 1]!,
      html: '<p>লাইসেন্স নবায়ন এবং নাম ও দাগ পরিবর্তনের আবেদনগুলো নিয়ে আলোচনা হয়।</p>',
    },
  ].filter((m) => m.rangeFrom <= m.rangeTo);
  for (const json of meetings) await badc('/api/staff/resolutions', { method: 'POST', json });
  return meetings.length;
}
