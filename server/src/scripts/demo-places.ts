import type { StaffRole } from '@portal/shared';

/**
 * The demo's three upazila offices (docs/decisions/057-offices.md; docs/decisions/053-demo-seed.md,
 * "Three offices"): each in its own district and division, so that the national address has
 * something to list and a district viewer a district to see. The names are the country's list
 * (server/reference/bd-admin-units/upazilas.csv); the seed checks them against it. Each office
 * answers at `http://<host>:<port>/`: browsers resolve `<name>.localhost` to this machine.
 */
export interface DemoPlace {
  /** The upazila's id in the country's list; the office's code is `u<id>`. */
  upazilaId: number;
  host: string;
  upazila: string;
  upazilaEn: string;
  district: string;
  districtEn: string;
  /** The upazila parishad, where the office's map point is. */
  office: { latitude: number; longitude: number };
  /** Where the applicants' homes lie, about the office. */
  wells: { latitude: number; longitude: number };
  /** The demo tile archive's square over the wells: west, south, east, north. */
  tiles: [number, number, number, number];
  /** Unions the applicants live in (their post offices share the names). */
  unions: readonly string[];
  /** Staff sign in as `<role>@<mail>`. */
  mail: string;
  /** The office's own e-mail names (`sech.<slug>@example.org`). */
  slug: string;
  phones: [string, string];
  staffMobile: string;
  headline: string;
  /** The officers' own names (decision 056). */
  staff: Record<StaffRole, string>;
  /** Where the office's farmers start in the demo's list of names, so each office has its own. */
  peopleFrom: number;
  /** The first four digits of the farmers' mobiles. */
  mobile: string;
}

export const DEMO_PLACES: readonly [DemoPlace, ...DemoPlace[]] = [
  {
    upazilaId: 159,
    host: 'shibganj.localhost',
    upazila: 'শিবগঞ্জ',
    upazilaEn: 'Shibganj',
    district: 'চাঁপাইনবাবগঞ্জ',
    districtEn: 'Chapainawabganj',
    office: { latitude: 24.6833, longitude: 88.1583 },
    wells: { latitude: 24.68, longitude: 88.16 },
    tiles: [88.05, 24.58, 88.27, 24.78],
    unions: ['কানসাট', 'শাহবাজপুর', 'মোবারকপুর', 'বিনোদপুর'],
    // Office 1 keeps the addresses the demo has always printed.
    mail: 'demo.local',
    slug: 'shibganj',
    phones: ['০৭৮২৫-৫৬০১২', '০১৭৬৯-৯৫০১২৩'],
    staffMobile: '01769950101, 01769950102, 01769950103',
    headline:
      'রবি মৌসুমের সেচ চার্জ নির্ধারিত হয়েছে — নোটিশ দেখুন। লাইসেন্সের মেয়াদ শেষের আগে অনলাইনে নবায়নের আবেদন করুন। অফিস সময়: রবি–বৃহস্পতি, সকাল ৯টা থেকে বিকেল ৫টা।',
    staff: {
      Admin: 'মোঃ রাকিবুল হাসান',
      Chairman: 'আলহাজ্ব মোঃ আব্দুল মান্নান',
      UNO: 'ফারহানা ইয়াসমিন',
      BADC: 'প্রকৌশলী মোঃ তারেক রহমান',
      Pollibidut: 'মোঃ শহিদুল ইসলাম',
    },
    peopleFrom: 0,
    mobile: '0171',
  },
  {
    upazilaId: 317,
    host: 'kaliganj.localhost',
    upazila: 'কালীগঞ্জ',
    upazilaEn: 'Kaliganj',
    district: 'গাজীপুর',
    districtEn: 'Gazipur',
    office: { latitude: 23.9205, longitude: 90.5655 },
    wells: { latitude: 23.92, longitude: 90.56 },
    tiles: [90.48, 23.85, 90.64, 23.99],
    unions: ['বাহাদুরসাদী', 'জামালপুর', 'জাঙ্গালিয়া', 'মোক্তারপুর'],
    mail: 'kaliganj.demo',
    slug: 'kaliganj',
    phones: ['০৬৮২৩-৫১০২৪', '০১৭৬৯-৯৫২২৪১'],
    staffMobile: '01769952201, 01769952202, 01769952203',
    headline:
      'কালীগঞ্জে বোরো মৌসুমের আগে অগভীর নলকূপের লাইসেন্স নবায়ন করুন — নোটিশ দেখুন। নতুন আবেদন অনলাইনে, ইউনিয়ন ডিজিটাল সেন্টার থেকেও করা যায়।',
    staff: {
      Admin: 'মোঃ সাজ্জাদ হোসেন',
      Chairman: 'মোঃ আবুল কালাম আজাদ',
      UNO: 'নাজনীন সুলতানা',
      BADC: 'প্রকৌশলী মোঃ মাহবুবুল আলম',
      Pollibidut: 'মোঃ জাকির হোসেন',
    },
    peopleFrom: 16,
    mobile: '0181',
  },
  {
    upazilaId: 444,
    host: 'mithapukur.localhost',
    upazila: 'মিঠাপুকুর',
    upazilaEn: 'Mithapukur',
    district: 'রংপুর',
    districtEn: 'Rangpur',
    office: { latitude: 25.5531, longitude: 89.2817 },
    wells: { latitude: 25.55, longitude: 89.28 },
    tiles: [89.2, 25.48, 89.36, 25.62],
    unions: ['পায়রাবন্দ', 'রাণীপুকুর', 'লতিবপুর', 'ইমাদপুর'],
    mail: 'mithapukur.demo',
    slug: 'mithapukur',
    phones: ['০৫২২৬-৫৬০৩১', '০১৭৬৯-৯৬৩৩১২'],
    staffMobile: '01769963301, 01769963302, 01769963303',
    headline:
      'মিঠাপুকুরে আমন মৌসুমের সম্পূরক সেচের জন্য গভীর নলকূপের আবেদন নেওয়া হচ্ছে — নোটিশ দেখুন। লাইসেন্সের মেয়াদ শেষের আগে অনলাইনে নবায়ন করুন।',
    staff: {
      Admin: 'মোঃ আরিফুল ইসলাম',
      Chairman: 'মোঃ নূর আলম সিদ্দিকী',
      UNO: 'সুমাইয়া আফরিন',
      BADC: 'প্রকৌশলী মোঃ রেজাউল করিম',
      Pollibidut: 'মোঃ আতিকুর রহমান',
    },
    peopleFrom: 28,
    mobile: '0191',
  },
];

/** A staff account's e-mail in an office. */
export const staffEmail = (place: DemoPlace, role: StaffRole) => `${role.toLowerCase()}@${place.mail}`;

/** An office's public address: its host over PUBLIC_URL's scheme and port (as offices/office-url.ts sends it). */
export function officeAddress(publicUrl: string, place: DemoPlace): string {
  const url = new URL(publicUrl);
  url.hostname = place.host;
  return url.origin;
}
