import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { SiteSettings } from '@portal/shared';
import { embedFonts, type FontSet } from '../platform/pdf/fonts.js';
import { drawCentered, drawLine, wrap } from '../platform/pdf/text.js';
import type { DemoPlace } from './demo-places.js';

/**
 * What a demo office's Admin has written in a year (docs/decisions/053-demo-seed.md): the site
 * settings, the three pages, notices, the public downloads and the private archive, the video
 * gallery's links and the messages visitors left, each naming the office's own upazila
 * (./demo-places.ts). demo-office.ts posts each through the Admin's screens' routes at its own
 * date; the papers are real small PDFs set in the shipped Noto fonts.
 */

/** Every setting a page, a print or a text reads; the deadlines and switches keep their defaults. */
export function demoSettings(place: DemoPlace, webUrl: string): Partial<SiteSettings> {
  const { upazila, district, office } = place;
  return {
    websiteName: `উপজেলা সেচ কমিটি, ${upazila}`,
    websiteTitle: `সেচ নলকূপ লাইসেন্স — ${upazila}, ${district}`,
    description: `${upazila} উপজেলার গভীর ও অগভীর সেচ নলকূপের লাইসেন্সের আবেদন, নবায়ন, নাম ও দাগ পরিবর্তন এবং অভিযোগ — ঘরে বসে মোবাইল থেকে।`,
    authorName: `উপজেলা নির্বাহী অফিসার, ${upazila}`,
    address: upazila,
    jilla: district,
    phone1: place.phones[0],
    phone2: place.phones[1],
    email1: `sech.${place.slug}@example.org`,
    email2: `badc.${place.slug}@example.org`,
    copyright: `© উপজেলা সেচ কমিটি, ${upazila}, ${district}`,
    headline: place.headline,
    webUrl,
    gmap: `https://maps.google.com/?q=${office.latitude},${office.longitude}`,
    officeLatitude: office.latitude,
    officeLongitude: office.longitude,
    staffMobile: place.staffMobile,
  };
}

/** The three pages, written for the office's upazila. */
export const demoPages = (
  place: DemoPlace,
): { slug: 'policies' | 'application-instruction' | 'about-us'; title: string; html: string }[] => [
  {
    slug: 'about-us',
    title: 'আমাদের সম্পর্কে',
    html:
      `<p>উপজেলা সেচ কমিটি, ${place.upazila} ক্ষুদ্র সেচ নীতিমালা অনুযায়ী উপজেলার সেচ নলকূপ স্থাপন ও পরিচালনার লাইসেন্স দেয়। কমিটির সভাপতি উপজেলা নির্বাহী অফিসার; সদস্য সচিব বিএডিসি-র সহকারী প্রকৌশলী (ক্ষুদ্র সেচ)।</p>` +
      '<p>আবেদন প্রথমে ইউনিয়ন পরিষদ চেয়ারম্যান, তারপর উপজেলা নির্বাহী অফিসার দেখেন; বিএডিসি সরেজমিনে পরিদর্শন করে সিদ্ধান্ত দেয়। প্রতিটি ধাপের সময় নির্ধারিত আছে।</p>' +
      `<ul><li>ঠিকানা: উপজেলা পরিষদ চত্বর, ${place.upazila}, ${place.district}</li><li>অফিস সময়: রবি–বৃহস্পতি, সকাল ৯টা–বিকেল ৫টা</li></ul>`,
  },
  {
    slug: 'application-instruction',
    title: 'আবেদনের নিয়ম',
    html:
      '<ol><li>মোবাইল নম্বর ও জাতীয় পরিচয়পত্র নম্বর দিয়ে ফরম পূরণ করুন; নলকূপের স্থান ম্যাপে চিহ্নিত করুন।</li>' +
      '<li>ছবি, স্বাক্ষর, জাতীয় পরিচয়পত্র, খতিয়ান, খাজনার রসিদ ও মৌজা ম্যাপ যুক্ত করুন (চালু পাম্পের জন্য বিদ্যুৎ বিলও)।</li>' +
      '<li>আবেদন জমা হলে মোবাইলে আবেদন নম্বর আসবে। সংযোগ না থাকলে আবেদন ফোনে থাকে, সংযোগ এলে নিজেই যায়।</li>' +
      '<li>"আমার আবেদন" পাতায় আবেদন নম্বর ও মোবাইলে আসা কোড দিয়ে অবস্থা দেখুন; অনুমোদনের পর লাইসেন্স প্রিন্ট করুন।</li></ol>',
  },
  {
    slug: 'policies',
    title: 'নীতিমালা',
    html:
      '<p>ক্ষুদ্র সেচ নীতিমালা অনুযায়ী দুটি গভীর নলকূপের মধ্যে ন্যূনতম দূরত্ব এবং অগভীর নলকূপের দূরত্ব উপজেলা সেচ কমিটি নির্ধারণ করে। লাইসেন্স ছাড়া সেচ নলকূপ স্থাপন বা চালানো দণ্ডনীয়।</p>' +
      '<p>লাইসেন্সের মেয়াদ তিন বছর; পরীক্ষামূলক লাইসেন্স এক বছরের। মেয়াদ শেষের আগে নবায়নের আবেদন করতে হয়। শর্ত ভঙ্গ হলে লাইসেন্স স্থগিত করা হয়।</p>',
  },
];

/** Six slots; YouTube links of the office's choosing. The demo's are placeholders the Admin replaces. */
export const DEMO_VIDEO_URLS = [
  'https://www.youtube.com/watch?v=demo-video1',
  'https://youtu.be/demo-video2',
  'https://www.youtube.com/watch?v=demo-video3',
  '',
  '',
  '',
];

export interface DemoDocument {
  title: string;
  /** The lines of the paper's body: a paragraph each, or a table row as [label, value]. */
  body: (string | [string, string])[];
  signedBy?: string;
}

export interface DemoNotice {
  daysAgo: number;
  title: string;
  html: string;
  /** A PDF set from this, or 'picture' for a photographed office order. */
  file?: DemoDocument | 'picture';
}

/** The notices, written for the office's upazila. */
export const demoNotices = (place: DemoPlace): DemoNotice[] => [
  {
    daysAgo: 330,
    title: 'অনলাইনে সেচ নলকূপ লাইসেন্সের আবেদন গ্রহণ শুরু',
    html: `<p>${place.upazila} উপজেলার কৃষকদের জানানো যাচ্ছে যে, এখন থেকে নতুন গভীর ও অগভীর নলকূপের লাইসেন্সের আবেদন এই পোর্টালে অনলাইনে নেওয়া হচ্ছে। ইউনিয়ন ডিজিটাল সেন্টার থেকেও আবেদন করা যাবে।</p>`,
    file: {
      title: 'বিজ্ঞপ্তি: অনলাইনে লাইসেন্সের আবেদন',
      body: [
        'উপজেলা সেচ কমিটির সিদ্ধান্ত অনুযায়ী সেচ নলকূপ স্থাপনের লাইসেন্সের আবেদন এখন থেকে অনলাইনে গ্রহণ করা হবে। কাগজে আবেদন আর নেওয়া হবে না।',
        ['আবেদনের ঠিকানা', 'এই পোর্টালের "নতুন আবেদন" পাতা'],
        ['প্রয়োজনীয় কাগজ', 'ছবি, স্বাক্ষর, এনআইডি, খতিয়ান, খাজনার রসিদ, মৌজা ম্যাপ'],
        ['আবেদন ফি', `৫০০ টাকা (সোনালী ব্যাংক, ${place.upazila} শাখা)`],
        'আবেদনের অবস্থা মোবাইলে এসএমএসে জানানো হবে।',
      ],
      signedBy: 'উপজেলা নির্বাহী অফিসার ও সভাপতি, উপজেলা সেচ কমিটি',
    },
  },
  {
    daysAgo: 240,
    title: 'উপজেলা সেচ কমিটির সভার নোটিশ',
    html: '<p>উপজেলা সেচ কমিটির মাসিক সভা আগামী বৃহস্পতিবার সকাল ১০টায় উপজেলা পরিষদ সম্মেলন কক্ষে অনুষ্ঠিত হবে। সদস্যদের উপস্থিতি একান্ত কাম্য।</p>',
  },
  {
    daysAgo: 150,
    title: 'নলকূপের মধ্যবর্তী দূরত্ব মেনে চলার নির্দেশনা',
    html: '<p>নতুন নলকূপ স্থাপনের আগে পার্শ্ববর্তী নলকূপ থেকে নির্ধারিত দূরত্ব নিশ্চিত করুন। দূরত্ব কম হলে পার্শ্ববর্তী নলকূপের ম্যানেজারের সম্মতিপত্র লাগবে। অফিস আদেশের কপি সংযুক্ত।</p>',
    file: 'picture',
  },
  {
    daysAgo: 60,
    title: 'লাইসেন্স নবায়নের আবেদন অনলাইনে করুন',
    html: '<p>যাঁদের লাইসেন্সের মেয়াদ আগামী তিন মাসের মধ্যে শেষ হবে, তাঁরা "লাইসেন্স নবায়ন" পাতায় লাইসেন্স নম্বর দিয়ে আবেদন করুন। নবায়ন ফি ১,০০০ টাকা।</p>',
  },
  {
    daysAgo: 12,
    title: 'রবি মৌসুমের সেচ চার্জ নির্ধারণ',
    html: '<p>উপজেলা সেচ কমিটি রবি মৌসুমের সেচ চার্জ নির্ধারণ করেছে। উঁচু ও নিচু জমির বিঘাপ্রতি চার্জ সংযুক্ত তালিকায় দেখুন। নির্ধারিত চার্জের বেশি নেওয়া হলে অভিযোগ করুন।</p>',
    file: {
      title: 'রবি মৌসুমের সেচ চার্জ (বিঘাপ্রতি)',
      body: [
        'উপজেলা সেচ কমিটির সভার সিদ্ধান্ত অনুযায়ী রবি মৌসুমে নিচের হারে সেচ চার্জ নেওয়া যাবে।',
        ['গভীর নলকূপ, উঁচু জমি', '১,২০০ টাকা'],
        ['গভীর নলকূপ, নিচু জমি', '৯০০ টাকা'],
        ['অগভীর নলকূপ, উঁচু জমি', '১,০০০ টাকা'],
        ['অগভীর নলকূপ, নিচু জমি', '৭৫০ টাকা'],
        'ফসল বিক্রির পর চার্জ পরিশোধের সুযোগ দিতে হবে।',
      ],
      signedBy: 'সদস্য সচিব, উপজেলা সেচ কমিটি',
    },
  },
];

export interface DemoArchiveFile {
  daysAgo: number;
  name: string;
  visibility: 'Public' | 'Private';
  file: DemoDocument | 'picture';
}

/** The public downloads and the private archive, written for the office's upazila. */
export const demoArchive = (place: DemoPlace): DemoArchiveFile[] => [
  {
    daysAgo: 340,
    name: 'নতুন লাইসেন্সের আবেদন ফরম (ফরম-ক)',
    visibility: 'Public',
    file: {
      title: 'নলকূপ স্থাপনের লাইসেন্সের আবেদন ফরম (ফরম-ক)',
      body: [
        'যাঁরা অনলাইনে আবেদন করতে পারছেন না, তাঁরা এই ফরম পূরণ করে ইউনিয়ন ডিজিটাল সেন্টারে জমা দিন।',
        ['আবেদনকারীর নাম', '................................................'],
        ['পিতা/স্বামীর নাম', '................................................'],
        ['মোবাইল নম্বর', '................................................'],
        ['গ্রাম, ইউনিয়ন', '................................................'],
        ['মৌজা, জে.এল. নং', '................................................'],
        ['খতিয়ান ও দাগ নং', '................................................'],
        ['নলকূপের ধরন ও আকার', '................................................'],
      ],
      signedBy: 'আবেদনকারীর স্বাক্ষর',
    },
  },
  {
    daysAgo: 338,
    name: 'লাইসেন্স নবায়নের আবেদন ফরম (ফরম-গ)',
    visibility: 'Public',
    file: {
      title: 'লাইসেন্স নবায়নের আবেদন ফরম (ফরম-গ)',
      body: [
        ['লাইসেন্স নম্বর', '................................................'],
        ['লাইসেন্সধারীর নাম', '................................................'],
        ['নলকূপের বর্তমান অবস্থা', '................................................'],
        ['গত মৌসুমে সেচকৃত জমি', '................................................'],
        ['নবায়ন ফি জমার রসিদ নং', '................................................'],
      ],
      signedBy: 'লাইসেন্সধারীর স্বাক্ষর',
    },
  },
  {
    daysAgo: 300,
    name: 'ক্ষুদ্র সেচ নীতিমালা — সারসংক্ষেপ',
    visibility: 'Public',
    file: {
      title: 'ক্ষুদ্র সেচ নীতিমালা: মূল কথা',
      body: [
        'সেচ নলকূপ স্থাপন ও পরিচালনার জন্য উপজেলা সেচ কমিটির লাইসেন্স লাগে। লাইসেন্স ছাড়া নলকূপ চালানো যাবে না।',
        'দুটি নলকূপের মধ্যে নির্ধারিত দূরত্ব রাখতে হয়, যাতে একটির কারণে আরেকটিতে পানি না কমে।',
        'লাইসেন্সের মেয়াদ তিন বছর; পরীক্ষামূলক লাইসেন্স এক বছরের, পরে বিএডিসি-র সুপারিশে নিয়মিত হয়।',
        'শর্ত ভঙ্গ, অনুমতি ছাড়া স্থান বদল বা অতিরিক্ত সেচ চার্জ নিলে লাইসেন্স স্থগিত হতে পারে।',
      ],
    },
  },
  {
    daysAgo: 200,
    name: 'উপজেলা সেচ কমিটির ১ম সভার কার্যবিবরণী',
    visibility: 'Private',
    file: {
      title: 'উপজেলা সেচ কমিটির ১ম সভার কার্যবিবরণী',
      body: [
        `সভাপতি: উপজেলা নির্বাহী অফিসার, ${place.upazila}। উপস্থিত: কমিটির সদস্যবৃন্দ।`,
        'আলোচ্য বিষয় ১: প্রাপ্ত আবেদনের মাঠ পরিদর্শন প্রতিবেদন। সিদ্ধান্ত: দূরত্বের শর্ত পূরণকারী আবেদনের লাইসেন্স দেওয়া হবে।',
        'আলোচ্য বিষয় ২: অসম্পূর্ণ কাগজের আবেদন। সিদ্ধান্ত: আবেদনকারীকে পনের দিনের মধ্যে কাগজ দিতে বলা হবে।',
      ],
      signedBy: 'সভাপতি, উপজেলা সেচ কমিটি',
    },
  },
  {
    daysAgo: 90,
    name: 'বিএডিসি মাঠ জরিপের নকশা (অভ্যন্তরীণ)',
    visibility: 'Private',
    file: 'picture',
  },
];

/** Messages left through the home page's contact form, each from a phone of its own. */
export const DEMO_CONTACTS: { daysAgo: number; name: string; phone: string; message: string }[] = [
  {
    daysAgo: 290,
    name: 'মোঃ শামীম রেজা',
    phone: '01713456701',
    message: 'আমার জমিতে অগভীর নলকূপ বসাতে চাই। পাশের নলকূপ থেকে কত দূরে বসাতে হবে জানালে উপকৃত হব।',
  },
  {
    daysAgo: 180,
    name: 'রোকসানা পারভীন',
    phone: '01913456702',
    message: 'অনলাইনে আবেদন করেছি কিন্তু মোবাইলে কোড আসেনি। পরে আবার চেষ্টা করে পেয়েছি, ধন্যবাদ।',
  },
  {
    daysAgo: 75,
    name: 'আবদুর রাজ্জাক',
    phone: '01813456703',
    message: 'আমাদের গ্রামের নলকূপের ম্যানেজার নির্ধারিত চার্জের বেশি টাকা নিচ্ছেন। কোথায় অভিযোগ করব?',
  },
  {
    daysAgo: 20,
    name: 'সাবিনা ইয়াসমিন',
    phone: '01713456704',
    message: 'লাইসেন্সের মেয়াদ শেষ হয়ে গেছে। নবায়নের জন্য কি অফিসে আসতে হবে, নাকি অনলাইনে হবে?',
  },
  {
    daysAgo: 3,
    name: 'মোঃ জাহাঙ্গীর আলম',
    phone: '01513456705',
    message: 'নাম পরিবর্তনের আবেদন করেছি (বাবার নামের লাইসেন্স)। কত দিনে সিদ্ধান্ত হবে?',
  },
];

// ---------------------------------------------------------------------------------------------
// The office's papers as PDFs

const A4: [number, number] = [595.28, 841.89];
const GREEN = rgb(0.04, 0.29, 0.16);
const GREY = rgb(0.27, 0.27, 0.27);

function letterhead(page: PDFPage, fonts: FontSet, place: DemoPlace): number {
  const [w, h] = A4;
  page.drawRectangle({ x: 0, y: h - 8, width: w, height: 8, color: GREEN });
  page.drawCircle({ x: 70, y: h - 62, size: 22, color: GREEN });
  page.drawCircle({ x: 67, y: h - 62, size: 12, color: rgb(0.84, 0.16, 0.16) });
  drawCentered(page, fonts, 'গণপ্রজাতন্ত্রী বাংলাদেশ সরকার', w / 2, h - 48, { size: 12, color: GREY });
  drawCentered(page, fonts, `উপজেলা সেচ কমিটি, ${place.upazila}, ${place.district}`, w / 2, h - 68, {
    size: 15,
    bold: true,
    color: GREEN,
  });
  drawCentered(page, fonts, `উপজেলা পরিষদ চত্বর, ${place.upazila} · sech.${place.slug}@example.org`, w / 2, h - 86, {
    size: 9.5,
    color: GREY,
  });
  page.drawLine({ start: { x: 50, y: h - 98 }, end: { x: w - 50, y: h - 98 }, thickness: 1, color: GREEN });
  return h - 98;
}

/**
 * One page of an office paper: the letterhead, the title, paragraphs and label-value rows, and a
 * signature line. `dated` is the day it was issued (Bangla digits as the office writes them).
 */
export async function officePdf(doc: DemoDocument, dated: string, place: DemoPlace): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setCreator(`উপজেলা সেচ কমিটি, ${place.upazila}`);
  pdf.setProducer('demo seed');
  const fonts = await embedFonts(pdf);
  const page = pdf.addPage(A4);
  const [w] = A4;
  let y = letterhead(page, fonts, place) - 26;
  drawLine(page, fonts, `তারিখ: ${dated}`, w - 190, y, { size: 11, color: GREY });
  y -= 34;
  drawCentered(page, fonts, doc.title, w / 2, y, { size: 16, bold: true });
  y -= 34;
  for (const item of doc.body) {
    if (typeof item === 'string') {
      for (const line of wrap(fonts, item, w - 120, { size: 12 })) {
        drawLine(page, fonts, line, 60, y, { size: 12 });
        y -= 19;
      }
      y -= 8;
    } else {
      drawLine(page, fonts, `${item[0]}:`, 60, y, { size: 12, color: GREY });
      drawLine(page, fonts, item[1], 240, y, { size: 12, color: rgb(0.1, 0.16, 0.42) });
      y -= 24;
    }
  }
  if (doc.signedBy) {
    y = Math.min(y - 50, 180);
    page.drawLine({ start: { x: w - 250, y: y + 16 }, end: { x: w - 60, y: y + 16 }, thickness: 0.6, color: GREY });
    for (const line of wrap(fonts, doc.signedBy, 190, { size: 10.5 })) {
      drawLine(page, fonts, line, w - 250, y, { size: 10.5, color: GREY });
      y -= 15;
    }
  }
  return pdf.save();
}
