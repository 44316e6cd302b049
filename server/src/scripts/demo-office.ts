import crypto from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import {
  DEFAULT_HOLIDAYS,
  KIND_SLOTS,
  KIND_SLUG,
  STAFF_ROLES,
  WELL_SIZES,
  addDays,
  addWorkingDays,
  addYears,
  isWorkingDay,
  todayInDhaka,
  workCalendar,
  workingDaysBetween,
  type Kind,
  type StaffRole,
} from '@portal/shared';
import { SMS_NOTE } from '@portal/shared/sms-notes';
import { createApp } from '../app.js';
import type { Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { hashPassword } from '../modules/auth/password.js';
import { randomPassword } from '../modules/auth/password-policy.js';
import { insertUser } from '../modules/auth/users.repository.js';
import { createSession, endSessionsOfUser } from '../platform/http/session.js';
import { remindExpiringLicences } from '../modules/licences/expiry-reminder.js';
import {
  DEMO_CONTACTS,
  DEMO_VIDEO_URLS,
  demoArchive,
  demoNotices,
  demoPages,
  demoSettings,
  officePdf,
  type DemoDocument,
} from './demo-content.js';
import { DEMO_PLACES, officeAddress, staffEmail, type DemoPlace } from './demo-places.js';
import { seedOldRecords } from './demo-old-records.js';
import {
  depositSlip,
  electricityBill,
  fieldWithPumpHouse,
  geoMap,
  khotianPdf,
  licenceCopy,
  mouzaMap,
  nidScan,
  officeSignboard,
  outletCloseUp,
  passportPhoto,
  signature,
  taxReceipt,
  typedLetter,
  type Applicant,
} from './demo-pictures.js';
import { RESOLUTION_MEETINGS, recordMeeting } from './demo-resolutions.js';

/**
 * The demo office (docs/decisions/053-demo-seed.md): what an upazila irrigation office holds after a
 * year of work on the portal, for a newcomer to judge every screen by. One staff account per role
 * with one password; filled site settings with the office's place among the wells; new and
 * existing-well applications at every stage, renewals, name and plot changes at every stage of
 * their own review, a recheck, an amendment, a consent letter, complaints and copy requests;
 * licences in every state, some expiring within the month and some expired; the old paper register;
 * the committee's resolutions; notices, downloads, archive files, pages, videos and contact messages.
 *
 * Everything goes through the portal's own routes in-process, so every rule applies as it would for
 * a person, and every paper is a real picture (demo-pictures.ts). Written directly are only the
 * five staff accounts (one password, hashed once), their sessions (ended at the close) and, at the
 * close, the year's texts marked as sent on their day. What makes it a year is the clock:
 * the app instance's clock is the timeline's, and the timeline runs every story's steps in the
 * order of their dates, each at its date. A request's submission, each officer's action, a licence's
 * dates, the audit rows, the texts and the stage entry times (set by the database's trigger from
 * the row's updated_at) therefore agree with one another, as in an office that did the work on
 * those days: stages entered weeks ago read as overdue, licences issued three years ago expire now.
 *
 * Its size is a parameter (DEMO_FULL, DEMO_SMALL): the tests seed a small office with plain pictures.
 * Its place is another (./demo-places.ts): the upazila its papers, texts and settings name, where its
 * wells lie, and the host its requests go to, so that with several offices open each is seeded
 * through its own address (docs/decisions/057-offices.md).
 */

export interface DemoOptions {
  /** Distinct applicants; each is drawn once with every paper and files several requests over the years. */
  people: number;
  /** Applications decided over the year besides the ones that show every stage. */
  yearly: number;
  /** Two applications per stage (one within its target, one past it), or one. */
  pairs: boolean;
  /** 'real': drawn papers and photos at a phone's size; 'plain': one small picture for every slot (tests). */
  pictures: 'real' | 'plain';
  /** Where the office's history ends (now). */
  now?: Date;
  /** Progress, a line at a time. */
  log?: (line: string) => void;
}

export const DEMO_FULL: DemoOptions = { people: 16, yearly: 18, pairs: true, pictures: 'real' };
/** Offices 2 and 3 of the full seed: every kind at every stage once, and a shorter year (the seed's time). */
export const DEMO_NEIGHBOUR: DemoOptions = { people: 6, yearly: 4, pairs: false, pictures: 'real' };
export const DEMO_SMALL: DemoOptions = { people: 3, yearly: 0, pairs: false, pictures: 'plain' };

export interface DemoApplication {
  id: string;
  number: number;
  kind: string;
  /** What a newcomer sees on it, in English. */
  what: string;
}

export interface DemoReport {
  place: DemoPlace;
  /** The one password of every demo staff account. */
  password: string;
  staff: { role: StaffRole; email: string }[];
  /** The first and last day of the office's history. */
  from: string;
  to: string;
  counts: Record<string, number>;
  /** Applications worth opening, by what they show. */
  highlights: DemoApplication[];
  /** An application a citizen can follow at /my-application, and the mobile on it. */
  citizen: { number: number; mobile: string } | null;
}

// ---------------------------------------------------------------------------------------------
// The timeline: stories run one step at a time in the order of their dates

type Call = (
  path: string,
  init?: { method?: string; json?: unknown; body?: Uint8Array; headers?: Record<string, string> },
) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many routes, read by field

/**
 * Each story is an async function that waits for its next date with `until`; the timeline wakes the
 * story whose date comes first, lets it run to its next wait, and so on, so the portal's numbers
 * (applications, licences) come in the order of the dates, as they would have.
 */
class Timeline {
  now: Date;
  private queue: { at: number; seq: number; wake: () => void }[] = [];
  private seq = 0;
  private turnEnded: (() => void) | null = null;
  private failure: unknown = null;

  constructor(
    start: Date,
    private readonly end: Date,
  ) {
    this.now = start;
  }

  story(at: Date, run: () => Promise<void>): void {
    this.push(at, () => {
      run().then(
        () => this.endTurn(),
        (err: unknown) => {
          this.failure ??= err;
          this.endTurn();
        },
      );
    });
  }

  /** Parks the running story until `at` (never before the present, never after the end). */
  until(at: Date): Promise<void> {
    return new Promise((resolve) => {
      this.push(at, resolve);
      this.endTurn();
    });
  }

  async run(): Promise<void> {
    while (this.queue.length) {
      const next = this.queue.shift()!;
      this.now = new Date(Math.max(next.at, this.now.getTime()));
      const ended = new Promise<void>((resolve) => (this.turnEnded = resolve));
      next.wake();
      await ended;
      if (this.failure) throw this.failure;
    }
  }

  private push(at: Date, wake: () => void) {
    const item = { at: Math.min(at.getTime(), this.end.getTime()), seq: this.seq++, wake };
    let i = this.queue.length;
    while (
      i > 0 &&
      (this.queue[i - 1]!.at > item.at || (this.queue[i - 1]!.at === item.at && this.queue[i - 1]!.seq > item.seq))
    )
      i--;
    this.queue.splice(i, 0, item);
  }

  private endTurn() {
    const ended = this.turnEnded;
    this.turnEnded = null;
    ended?.();
  }
}

// ---------------------------------------------------------------------------------------------
// Days: Dhaka's calendar, Friday and Saturday off, the default holidays

const calendar = workCalendar(DEFAULT_HOLIDAYS);
const DHAKA_MS = 6 * 3600_000;
/** A moment of a Dhaka day (hour and minute of the local clock). */
const atDhaka = (day: string, hour: number, minute = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + (hour * 60 + minute) * 60_000 - DHAKA_MS);

/** A small deterministic random source, so the same options give the same office. */
function random(seed: number): () => number {
  let a = (seed * 2654435761) >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// People and their papers

const MEN = [
  'রহিম উদ্দিন',
  'আবদুল মালেক',
  'জহিরুল ইসলাম',
  'মোস্তফা কামাল',
  'হাবিবুর রহমান',
  'কামরুল হাসান',
  'সাইফুল ইসলাম',
  'আনোয়ার হোসেন',
  'মিজানুর রহমান',
  'শফিকুল আলম',
  'রফিকুল ইসলাম',
  'দেলোয়ার হোসেন',
  'আমিনুল হক',
  'নজরুল ইসলাম',
  'তোফাজ্জল হোসেন',
  'গোলাম মোস্তফা',
  'আবু বকর সিদ্দিক',
  'ইদ্রিস আলী',
  'মতিউর রহমান',
  'বেলাল হোসেন',
  'ফজলুল হক',
];
const WOMEN = [
  'করিমা খাতুন',
  'সালমা বেগম',
  'নাসরিন আক্তার',
  'রাশিদা পারভীন',
  'শাহনাজ পারভীন',
  'ফাতেমা জোহরা',
  'মমতাজ বেগম',
  'রোকেয়া খাতুন',
  'শিরিন আক্তার',
  'হালিমা খাতুন',
  'জাহানারা বেগম',
  'কোহিনূর বেগম',
  'রেহানা পারভীন',
  'সুফিয়া খাতুন',
  'নূরজাহান বেগম',
  'মাহমুদা খাতুন',
  'আছিয়া বেগম',
  'লাইলী বেগম',
  'তাহমিনা আক্তার',
  'পারুল বেগম',
  'সেলিনা খাতুন',
];
const FATHERS = [
  'করিম উদ্দিন',
  'আবুল হোসেন',
  'মোঃ আবদুল জলিল',
  'নুরুল ইসলাম',
  'মোঃ শফিকুল ইসলাম',
  'আবদুর রশিদ',
  'মোঃ সিরাজুল হক',
  'আলতাফ হোসেন',
  'মোঃ আজিজুর রহমান',
  'মোঃ মোজাম্মেল হক',
  'আবদুস সাত্তার',
  'মোঃ আনোয়ার হোসেন',
];

type Paper = { bytes: Uint8Array; mime: string; name: string };
type FileSet = Record<string, Paper>;

interface Person extends Applicant {
  /** The person's place in the office's list, from 1: where the home lies on the spiral of homes. */
  home: number;
  mobile: string;
  nid: string;
  union: string;
  /** The phone's own address (the per-address intake limits hold, as for phones). */
  address: string;
  /** How many wells this person has applied for so far (each a little apart on the person's land). */
  wells: number;
}

/** The office's i-th farmer; offices draw from different parts of the lists of names (demo-places.ts). */
function personOf(i: number, place: DemoPlace): Person {
  const n = place.peopleFrom + i;
  const woman = n % 2 === 1;
  const union = place.unions[i % place.unions.length]!;
  return {
    seed: n + 1,
    home: i + 1,
    name: woman ? WOMEN[(n >> 1) % WOMEN.length]! : MEN[(n >> 1) % MEN.length]!,
    father: FATHERS[n % FATHERS.length]!,
    woman,
    village: union,
    mouza: union,
    dag: String(100 + i * 7),
    upazila: place.upazila,
    district: place.district,
    union,
    mobile: `${place.mobile}${String(1000000 + i).padStart(7, '0')}`,
    nid: String(1_900_000_000 + n * 7919),
    address: `10.20.${n >> 8}.${n & 255}`,
    wells: 0,
  };
}

const jpeg = (bytes: Uint8Array, name: string): Paper => ({ bytes, mime: 'image/jpeg', name });

/**
 * At most `n` pictures drawn at once, so the uploads' own checks are never queued behind a pile of
 * drawings. A picture drawn `ahead` (before anyone asks for it) waits behind every picture a
 * running office asks for: with three offices on one queue, office 1's letters must not wait for
 * office 3's papers.
 */
export function demoDrawing(n = 2) {
  let active = 0;
  const asked: (() => void)[] = [];
  const ahead: (() => void)[] = [];
  return async <T>(job: () => Promise<T>, early = false): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => (early ? ahead : asked).push(resolve));
    active++;
    try {
      return await job();
    } finally {
      active--;
      (asked.shift() ?? ahead.shift())?.();
    }
  };
}

/**
 * The pictures of the office: each drawn once, when first asked for, and its bytes reused wherever
 * the same paper is sent again (a farmer's NID with each of the farmer's requests).
 */
export class DemoPictures {
  private memo = new Map<string, Promise<Uint8Array>>();
  /** Set while prepareDemoPictures asks for pictures nobody waits for yet. */
  ahead = false;
  private plainJpeg: Promise<Uint8Array> | null = null;
  private plainPdf: Promise<Uint8Array> | null = null;

  /** `draw` may be shared by several offices' pictures: they are then drawn in the order asked for. */
  constructor(
    private readonly mode: 'real' | 'plain',
    private readonly draw = demoDrawing(),
  ) {}

  private once(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    let p = this.memo.get(key);
    if (!p) {
      p =
        this.mode === 'plain'
          ? key.startsWith('pdf:')
            ? (this.plainPdf ??= plainPdf())
            : (this.plainJpeg ??= plainJpeg())
          : this.draw(make, this.ahead);
      this.memo.set(key, p);
    }
    return p;
  }

  /** The six papers of the new-licence form (spec 1 §5), the same for every request of the person. */
  async papers(a: Person): Promise<FileSet> {
    const [photo, sign, nid, land, tax, map] = await Promise.all([
      this.once(`photo:${a.seed}`, () => passportPhoto(a.seed, a.name, a.woman)),
      this.once(`signature:${a.seed}`, () => signature(a.seed, a.name)),
      this.once(`nid:${a.seed}`, () => nidScan(a)),
      this.once(`pdf:khotian:${a.seed}`, () => khotianPdf(a)),
      this.once(`tax:${a.seed}`, () => taxReceipt(a)),
      this.once(`mouza:${a.seed}`, () => mouzaMap(a)),
    ]);
    return {
      photo: jpeg(photo, 'ছবি.jpg'),
      signature: jpeg(sign, 'স্বাক্ষর.jpg'),
      nid: jpeg(nid, 'জাতীয় পরিচয়পত্র.jpg'),
      landRecord: { bytes: land, mime: 'application/pdf', name: 'খতিয়ান.pdf' },
      landTaxReceipt: jpeg(tax, 'খাজনার রসিদ.jpg'),
      mouzaMap: jpeg(map, 'মৌজা ম্যাপ.jpg'),
    };
  }

  async bill(a: Person): Promise<Paper> {
    const bytes = await this.once(`bill:${a.seed}`, () => electricityBill({ ...a, account: billAccount(a) }));
    return jpeg(bytes, 'বিদ্যুৎ বিল.jpg');
  }

  async slip(a: Person, amount: number, purpose: string): Promise<Paper> {
    return jpeg(
      await this.once(`slip:${a.seed}:${amount}`, () => depositSlip({ ...a, amount, purpose })),
      'জমা রসিদ.jpg',
    );
  }

  async licence(a: Person, licenceNumber: number, validTo: string): Promise<Paper> {
    const bytes = await this.once(`licence:${licenceNumber}:${validTo}`, () =>
      licenceCopy({ ...a, licenceNumber, validTo }),
    );
    return jpeg(bytes, 'লাইসেন্স.jpg');
  }

  letter(key: string, a: Applicant, letter: Parameters<typeof typedLetter>[1]): Promise<Uint8Array> {
    return this.once(`letter:${key}`, () => typedLetter(a, letter));
  }

  picture(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    return this.once(key, make);
  }
}

/** One small picture that decodes, for every slot of a test's office. */
async function plainJpeg(): Promise<Uint8Array> {
  const out = await sharp({ create: { width: 48, height: 64, channels: 3, background: '#e8e2d0' } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(out);
}

async function plainPdf(): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  return pdf.save();
}

const billAccount = (a: Applicant) => `${4000 + a.seed}-${String(a.seed * 37).padStart(3, '0')}`;
const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/** Where a person's n-th well stands: around the person's home field, about 120 m from the last. */
function wellPosition(a: Person, n: number, place: DemoPlace): { latitude: number; longitude: number } {
  // The homes lie on a golden-angle spiral around the office's wells, about 650 m apart.
  const r = 650 * Math.sqrt(a.home);
  const angle = a.home * 2.399963;
  const north = r * Math.cos(angle) + 120 * n * Math.cos(n * 2.1);
  const east = r * Math.sin(angle) + 120 * n * Math.sin(n * 2.1);
  const { latitude: lat0, longitude: lon0 } = place.wells;
  const latitude = lat0 + north / 111_195;
  const longitude = lon0 + east / (111_195 * Math.cos((lat0 * Math.PI) / 180));
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

/** The new form's fields as this person fills them in; `existingWell` adds the pump's bill number. */
function wellFields(a: Person, existingWell: boolean, place: DemoPlace): Record<string, unknown> {
  const n = a.wells++;
  return {
    applicantName: a.name,
    fatherName: a.father,
    nid: a.nid,
    mobile: a.mobile,
    upazila: a.upazila,
    village: a.village,
    union: a.union,
    postOffice: a.union,
    mouza: a.mouza,
    jlNumber: '১২',
    khotian: String(300 + a.seed),
    dagNumber: a.dag,
    wellClass: (a.seed + n) % 3 === 0 ? 'shallow' : 'deep',
    wellSize: WELL_SIZES[(a.seed + n) % WELL_SIZES.length]!.value,
    pumpType: existingWell ? 'electric' : (a.seed + n) % 2 ? 'electric' : 'diesel',
    advanceFee: '৫০০',
    ...wellPosition(a, n, place),
    ...(existingWell ? { billNumber: billAccount(a) } : {}),
    agreed: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Officers' steps

type Officer = 'Chairman' | 'UNO' | 'BADC';
/** An officer's action; the payload may depend on the day it is taken (a licence's dates). */
type Step = [Officer, string, (day: string) => Record<string, unknown>];

const yes = (n: number) => Array.from({ length: n }, () => ({ ok: true }));
const none = () => ({});
const toStepTwo: Step[] = [['Chairman', 'forward', none]];
const toStepThree: Step[] = [...toStepTwo, ['UNO', 'forward', none]];
const inspect = (n: number): Step => [
  'BADC',
  'inspect',
  () => ({ checklist: yes(n), finalRemarks: 'সরেজমিনে দেখা হয়েছে; দূরত্বের শর্ত পূরণ হয়েছে' }),
];
const toPending = (n = 6): Step[] => [...toStepThree, inspect(n)];
const toApprovable = (n = 6): Step[] => [...toPending(n), ['BADC', 'decideFirst', () => ({ approvable: true })]];
const toNotApprovable = (n = 6): Step[] => [
  ...toPending(n),
  ['BADC', 'decideFirst', () => ({ approvable: false, reason: 'নিকটতম নলকূপ খুব কাছে' })],
];
const approve = (termYears: 1 | 2 | 3 = 3): Step => [
  'BADC',
  'approve',
  (day) => ({ termYears, issuedOn: day, validFrom: day, validTo: addYears(day, termYears) }),
];
const decline: Step = ['BADC', 'decline', () => ({ reason: 'জমির কাগজ সঠিক নয়' })];

/** Working days an officer takes for each kind of step (inspection is a site visit). */
function gapFor(step: Step | 'submit', rnd: () => number): number {
  if (step === 'submit') return 1 + Math.floor(rnd() * 2);
  const [, action] = step;
  if (action === 'inspect') return 2 + Math.floor(rnd() * 5);
  return 1 + Math.floor(rnd() * 3);
}

// ---------------------------------------------------------------------------------------------

/**
 * Starts drawing every applicant's papers and the public site's pictures, a couple at a time on
 * sharp's threads, so that most are ready before the timeline asks for them: the CLI calls it
 * before the database has started.
 */
export function prepareDemoPictures(
  options: DemoOptions,
  place: DemoPlace = DEMO_PLACES[0],
  draw = demoDrawing(),
): DemoPictures {
  const pictures = new DemoPictures(options.pictures, draw);
  const people = Array.from({ length: Math.max(2, options.people) }, (_, i) => personOf(i, place));
  // Each call below asks for its pictures before its first await, so `ahead` marks exactly these.
  pictures.ahead = true;
  for (const p of people) void pictures.papers(p);
  void sitePictures(pictures, options.pictures, place);
  for (const p of people) void pictures.bill(p);
  pictures.ahead = false;
  return pictures;
}

/** The slider's, the photo gallery's and the GEO database's pictures, each list in upload order. */
function sitePictures(
  pictures: DemoPictures,
  mode: 'real' | 'plain',
  place: DemoPlace,
): [string, Promise<Uint8Array>[]][] {
  const scale = mode === 'real' ? 1 : 0.25;
  const { upazila } = place;
  const size = (w: number, h: number) => ({ width: Math.round(w * scale), height: Math.round(h * scale), upazila });
  const board = `${place.upazila}, ${place.district}`;
  const sets: [string, (() => Promise<Uint8Array>)[]][] = [
    [
      'slider',
      [
        () => outletCloseUp(1, size(1600, 900)),
        () => officeSignboard(1, { ...size(1600, 900), place: board }),
        () => fieldWithPumpHouse(1, size(1600, 900)),
      ],
    ],
    [
      'gallery',
      [
        () => outletCloseUp(2, size(1200, 800)),
        () => fieldWithPumpHouse(4, { ...size(1200, 800), warm: true }),
        () => officeSignboard(2, { ...size(1200, 800), place: board }),
        () => fieldWithPumpHouse(3, size(1200, 800)),
        () => outletCloseUp(3, size(1200, 800)),
        () => fieldWithPumpHouse(2, { ...size(1200, 800), ripe: true, warm: true }),
      ],
    ],
    [
      'geo',
      place.unions
        .slice(0, 3)
        .map((union, i) => () => geoMap(i + 1, union, { ...size(1400, 1000), centre: place.wells })),
    ],
  ];
  return sets.map(([gallery, makers]) => [
    gallery,
    makers.map((make, i) => pictures.picture(`site:${gallery}:${i}`, make)),
  ]);
}

/** The one password of every demo account, and its hash (hashed once, at the production cost). */
export interface DemoPassword {
  password: string;
  hash: string;
}
export async function demoPassword(): Promise<DemoPassword> {
  const password = randomPassword();
  return { password, hash: await hashPassword(password) };
}

/**
 * Seeds one office. `db` is the office's own view (scopedDatabase), so every row written directly is
 * the office's; every request goes to `place.host`, so with several offices open the portal routes it
 * to this office (offices/request-office.ts). Without `place`, Shibganj is seeded as the database's
 * only office, as before there were several.
 */
export async function seedDemoOffice(
  deps: { db: Database; config: Config; place?: DemoPlace; password?: DemoPassword },
  options: DemoOptions,
  drawn?: DemoPictures,
): Promise<DemoReport> {
  const { db } = deps;
  const place = deps.place ?? DEMO_PLACES[0];
  // With no place given, the office is the database's one office, at any host and PUBLIC_URL (as before).
  const host = deps.place ? place.host : 'localhost';
  const webUrl = deps.place ? officeAddress(deps.config.publicUrl, place) : deps.config.publicUrl;
  const pictures = drawn ?? prepareDemoPictures(options, place);
  const log = options.log ?? (() => {});
  const realNow = options.now ?? new Date();
  const end = new Date(realNow.getTime() - 2 * 60_000);
  const today = todayInDhaka(end);
  const rnd = random(42);
  const people = Array.from({ length: Math.max(2, options.people) }, (_, i) => personOf(i, place));

  /** The day the office started on the portal, thirteen months back. */
  const goLive = addDays(today, -400);
  const timeline = new Timeline(atDhaka(goLive, 9), end);
  const app = createApp({ db, config: { ...deps.config, trustProxyHops: 1 }, now: () => timeline.now });

  /** A client of the in-process app keeping its cookies, from one address. */
  function client(opts: { address?: string; cookie?: string } = {}): Call {
    let cookie = opts.cookie ?? '';
    return async (path, init = {}) => {
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      if (cookie) headers.cookie = cookie;
      if (opts.address) headers['x-forwarded-for'] = opts.address;
      let body: string | Uint8Array | undefined;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.body) body = init.body;
      const res = await app.request(`http://${host}${path}`, { method: init.method ?? 'GET', headers, body });
      const set = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      if (set) cookie = set;
      const text = await res.text();
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };
  }
  const phones = new Map<number, Call>();
  const phoneOf = (p: Person) => {
    let call = phones.get(p.seed);
    if (!call) phones.set(p.seed, (call = client({ address: p.address })));
    return call;
  };

  // Staff: one account per role and one password for them all, hashed once (production cost).
  const { password, hash: passwordHash } = deps.password ?? (await demoPassword());
  const staffAt = atDhaka(addDays(goLive, -1), 11);
  const staffIds = new Map<StaffRole, number>();
  for (const role of STAFF_ROLES) {
    const row = await insertUser(db, {
      name: place.staff[role],
      email: staffEmail(place, role),
      passwordHash,
      role,
      mustChangePassword: false,
      now: staffAt,
    });
    if (!row) throw new Error(`${staffEmail(place, role)} already has an account`);
    staffIds.set(role, row.id);
  }
  // Each officer's browser: a session that outlasts every date of the timeline (its last-seen time
  // lies ahead of them all), ended when the office is ready. Signing in five times at the production
  // password cost would take seconds and prove nothing the tests do not.
  const sessionsUntil = new Date(realNow.getTime() + 24 * 3600_000);
  const staffCall = new Map<StaffRole, Call>();
  for (const [role, id] of staffIds) {
    const { token } = await createSession(db, id, sessionsUntil);
    staffCall.set(role, client({ cookie: `portal_session=${token}` }));
  }
  const as = (role: StaffRole) => staffCall.get(role)!;
  const admin = as('Admin');

  const counts: Record<string, number> = {};
  const count = (what: string, n = 1) => (counts[what] = (counts[what] ?? 0) + n);
  const highlights: DemoApplication[] = [];
  let citizen: DemoReport['citizen'] = null;
  const note = (a: { id: string; number: number }, kind: string, what: string) =>
    highlights.push({ id: a.id, number: a.number, kind, what });

  // ---- Moments --------------------------------------------------------------------------------

  /** An officer's moment of the day: office hours, 10:00 to 16:30. */
  const officeTime = (day: string) => atDhaka(day, 10, Math.floor(rnd() * 390));
  /** A citizen's: 7:00 to 21:00. */
  const citizenTime = (day: string) => atDhaka(day, 7, Math.floor(rnd() * 840));
  /** The latest working day on which a stage entered then is `age` working days old today. */
  function dayAged(age: number): string {
    let d = today;
    for (let guard = 0; guard < 800; guard++) {
      if (isWorkingDay(d, calendar) && workingDaysBetween(d, today, calendar) === age) return d;
      d = addDays(d, -1);
    }
    throw new Error(`no working day ${age} working days back`);
  }
  /** The working day n working days before `day`. */
  function workdaysBefore(day: string, n: number): string {
    let d = day;
    for (let left = n; left > 0;) {
      d = addDays(d, -1);
      if (isWorkingDay(d, calendar)) left--;
    }
    return d;
  }
  /** `day` itself when it is a working day, else the working day after it. */
  const workday = (day: string) => (isWorkingDay(day, calendar) ? day : addWorkingDays(day, 1, calendar));
  /** The last working day at least n days back. */
  function daysAgo(n: number): string {
    let d = addDays(today, -n);
    while (!isWorkingDay(d, calendar)) d = addDays(d, -1);
    return d;
  }

  /**
   * The days of a request's events, submission first: `anchor` fixes one event's day (its index),
   * the others are placed before and after it by each officer's usual pace.
   */
  function planDays(steps: Step[], anchor: { index: number; day: string }): string[] {
    const gaps = [gapFor('submit', rnd), ...steps.slice(1).map((s) => gapFor(s, rnd))];
    const days: string[] = [];
    days[anchor.index] = anchor.day;
    for (let i = anchor.index - 1; i >= 0; i--) days[i] = workdaysBefore(days[i + 1]!, gaps[i]!);
    for (let i = anchor.index + 1; i <= steps.length; i++)
      days[i] = addWorkingDays(days[i - 1]!, gaps[i - 1]!, calendar);
    return days;
  }
  /** Days for a request still open: its last event `age` working days back. */
  const openDays = (steps: Step[], age: number) => planDays(steps, { index: steps.length, day: dayAged(age) });

  // ---- Requests through the one intake --------------------------------------------------------

  /**
   * Sends one item the way the phone's outbox does (docs/decisions/018-service-targets.md): the
   * manifest, then the files, each with its SHA-256, side by side (the row lock lets one complete it).
   */
  async function intake(who: Person, kind: Kind, fields: Record<string, unknown>, files: FileSet) {
    const slots = KIND_SLOTS[kind] as readonly string[];
    const missing = slots.filter((s) => !files[s]);
    if (missing.length > 0) throw new Error(`${kind}: no paper for ${missing.join(', ')}`);
    const chosen = slots.map((slot) => [slot, files[slot]!] as const);
    const slug = KIND_SLUG[kind];
    const call = phoneOf(who);
    const answer = await call(`/api/intake/${slug}`, {
      method: 'POST',
      json: {
        clientId: crypto.randomUUID(),
        fields,
        files: chosen.map(([slot, f]) => ({
          slot,
          size: f.bytes.byteLength,
          sha256: sha256(f.bytes),
          mime: f.mime,
          name: f.name,
        })),
      },
    });
    await Promise.all(
      chosen.map(([slot, f]) =>
        call(`/api/intake/${slug}/${answer.id}/files/${slot}`, {
          method: 'PUT',
          body: f.bytes,
          headers: {
            'content-type': f.mime,
            'x-file-name': encodeURIComponent(f.name),
            'x-file-sha256': sha256(f.bytes),
          },
        }),
      ),
    );
    count(kind);
    return { id: answer.id as string, number: Number(answer.referenceNumber) };
  }

  const versions = new Map<string, number>();
  /** One officer's action, on the version the officer's screen holds. */
  async function act(id: string, [role, action, payload]: Step, day: string) {
    const call = as(role);
    const version = versions.get(id) ?? (await call(`/api/staff/applications/${id}`)).version;
    const detail = await call(`/api/staff/applications/${id}/actions`, {
      method: 'POST',
      json: { action, version, clientActionId: crypto.randomUUID(), payload: payload(day) },
    });
    versions.set(id, detail.version as number);
  }

  /** Carries a request through `steps`, each on its day (days[0] was the submission). */
  async function carry(id: string, steps: Step[], days: string[]) {
    for (const [i, step] of steps.entries()) {
      await timeline.until(officeTime(days[i + 1]!));
      await act(id, step, days[i + 1]!);
    }
  }

  /** A new or existing-well application by `who`, submitted on days[0] and carried through `steps`. */
  async function wellApplication(who: Person, kind: 'New' | 'Existing', steps: Step[], days: string[]) {
    await timeline.until(citizenTime(days[0]!));
    const files = {
      ...(await pictures.papers(who)),
      ...(kind === 'Existing' ? { electricityBill: await pictures.bill(who) } : {}),
    };
    const made = await intake(who, kind, wellFields(who, kind === 'Existing', place), files);
    await carry(made.id, steps, days);
    return made;
  }

  async function licenceOf(applicationId: string) {
    const row = await db
      .selectFrom('licences')
      .select(['id', 'licence_number', 'version', 'valid_to'])
      .where('application_id', '=', applicationId)
      .executeTakeFirstOrThrow();
    return { id: row.id, number: Number(row.licence_number), version: Number(row.version), validTo: row.valid_to };
  }

  /** A BADC row action on a licence (suspend, reactivate, confirm), as the licence lists send it. */
  async function licenceAction(applicationId: string, action: string, payload: Record<string, unknown>) {
    const licence = await licenceOf(applicationId);
    await as('BADC')(`/api/staff/licences/${licence.id}/actions`, {
      method: 'POST',
      json: { action, version: licence.version, clientActionId: crypto.randomUUID(), payload },
    });
  }

  /** The citizen proves the mobile with the texted code (read from the outbox, as the phone shows it). */
  async function verify(who: Person, applicationNumber: number, purpose: number) {
    const call = phoneOf(who);
    const sent = await call('/api/verification/send', {
      method: 'POST',
      json: { applicationNumber: String(applicationNumber), mobile: who.mobile, purpose },
    });
    const { body } = await db
      .selectFrom('sms_outbox')
      .select('body')
      .where('to_number', 'like', `%${who.mobile.slice(1)}`)
      .where('kind', '=', 'otp')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(body)?.[1];
    if (!code) throw new Error(`no code in the text to ${who.mobile}`);
    await call('/api/verification/confirm', { method: 'POST', json: { challengeId: sent.challengeId, code } });
  }

  let nextPerson = 0;
  const someone = () => people[nextPerson++ % people.length]!;

  // ---- The paper register ------------------------------------------------------------------------

  /**
   * Licences of the paper register held by the demo's farmers, typed into the import file when the
   * office moved to the portal (decision 039): the licences of years ago that expire now or have
   * expired, and those whose holders file renewals and changes this year. Their holders' papers
   * are the farmers' own (demo-pictures.ts), so a renewal's NID and khotian match the register.
   */
  interface Registered {
    who: Person;
    licenceNumber: number;
    validTo: string;
    /** The register entry's application and licence, read once the import has run. */
    get(): Promise<{
      id: string;
      number: number;
      licence: { id: string; number: number; version: number; validTo: string };
    }>;
  }
  const registerRows: Record<string, string>[] = [];
  let nextRegisterNumber = 7009;
  function registered(validTo: string, termYears: 2 | 3 = 3): Registered {
    const who = someone();
    const licenceNumber = nextRegisterNumber++;
    const validFrom = addYears(validTo, -termYears);
    const position = wellPosition(who, who.wells++, place);
    const n = registerRows.length;
    registerRows.push({
      licenseNumber: String(licenceNumber),
      resulation: `উসেক-${licenceNumber - 7000}/${validFrom.slice(0, 4)}`,
      name: who.name,
      father: who.father,
      upzila: place.upazila,
      village: who.village,
      union: who.union,
      post: who.union,
      mouza: who.mouza,
      jlNumber: '১২',
      khotian: String(300 + who.seed),
      dagnumber: who.dag,
      sechPampType: n % 3 === 2 ? 'diesel' : 'electric',
      tubeoyelClass: n % 4 === 3 ? 'shallow' : 'deep',
      tubeyelSize: WELL_SIZES[n % WELL_SIZES.length]!.value,
      mobile: who.mobile,
      issueDate: addYears(validFrom, -(n % 3) * 3),
      currDate: validFrom,
      expDate: validTo,
      gMap: `${position.latitude},${position.longitude}`,
    });
    return {
      who,
      licenceNumber,
      validTo,
      async get() {
        const row = await db
          .selectFrom('licences as l')
          .innerJoin('applications as a', 'a.id', 'l.application_id')
          .select(['a.id', 'a.application_number', 'l.id as licenceId', 'l.version', 'l.valid_to'])
          .where('l.licence_number', '=', licenceNumber)
          .executeTakeFirstOrThrow();
        return {
          id: row.id,
          number: Number(row.application_number),
          licence: { id: row.licenceId, number: licenceNumber, version: Number(row.version), validTo: row.valid_to },
        };
      },
    };
  }

  // ---- The office's first day -----------------------------------------------------------------

  timeline.story(atDhaka(goLive, 10), async () => {
    await admin('/api/admin/settings', {
      method: 'PUT',
      json: demoSettings(place, webUrl),
    });
    for (const name of place.unions) {
      await admin('/api/admin/localities', { method: 'POST', json: { kind: 'union', name } });
      await admin('/api/admin/localities', { method: 'POST', json: { kind: 'post', name } });
    }
    for (const page of demoPages(place)) {
      await admin(`/api/admin/pages/${page.slug}`, { method: 'PUT', json: { title: page.title, html: page.html } });
    }
  });

  // ---- The public site's content over the year -------------------------------------------------

  timeline.story(officeTime(daysAgo(350)), async () => {
    // Uploaded as the Admin would (each list shows the newest first), a minute apart: pictures of
    // one moment come in no set order.
    for (const [gallery, drawn] of sitePictures(pictures, options.pictures, place)) {
      for (const [i, picture] of drawn.entries()) {
        await timeline.until(new Date(timeline.now.getTime() + 60_000));
        // A plain test picture carries no EXIF: each of its sheets has its place typed.
        const sheet =
          gallery === 'geo' ? geoSheetPlace(i, options.pictures === 'real' ? drawn.length : 0, place) : null;
        await admin(`/api/admin/galleries/${gallery}${sheet?.query ?? ''}`, {
          method: 'POST',
          body: sheet?.exif ? await withGps(await picture, sheet) : await picture,
          headers: { 'content-type': 'image/jpeg' },
        });
        count(`picture:${gallery}`);
      }
    }
  });

  const dated = (day: string) =>
    day
      .split('-')
      .reverse()
      .join('/')
      .replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
  const paperOf = async (file: DemoDocument | 'picture', key: string, day: string) =>
    file === 'picture'
      ? {
          bytes: await pictures.picture(`paper:${key}`, () =>
            key.startsWith('notice')
              ? typedLetter(people[0]!, {
                  title: 'অফিস আদেশ',
                  lines: [
                    'উপজেলা সেচ কমিটির সিদ্ধান্ত অনুযায়ী নতুন নলকূপ স্থাপনের আগে',
                    'পার্শ্ববর্তী নলকূপ থেকে নির্ধারিত দূরত্ব নিশ্চিত করতে হবে।',
                    'দূরত্ব কম হলে পার্শ্ববর্তী নলকূপের ম্যানেজারের',
                    'লিখিত সম্মতিপত্র আবেদনের সঙ্গে দিতে হবে।',
                  ],
                  signedBy: `উপজেলা নির্বাহী অফিসার, ${place.upazila}`,
                  stampLines: ['উপজেলা সেচ কমিটি', place.upazila],
                })
              : geoMap(9, place.unions[3]!, {
                  width: 1400,
                  height: 1000,
                  upazila: place.upazila,
                  centre: place.wells,
                }),
          ),
          mime: 'image/jpeg',
        }
      : {
          bytes: options.pictures === 'real' ? await officePdf(file, dated(day), place) : await plainPdf(),
          mime: 'application/pdf',
        };

  for (const [i, n] of demoNotices(place).entries()) {
    const day = daysAgo(n.daysAgo);
    timeline.story(officeTime(day), async () => {
      const notice = await admin('/api/admin/notices', {
        method: 'POST',
        json: { title: n.title, descriptionHtml: n.html },
      });
      if (n.file) {
        const paper = await paperOf(n.file, `notice:${i}`, day);
        await admin(`/api/admin/notices/${notice.id}/file`, {
          method: 'PUT',
          body: paper.bytes,
          headers: { 'content-type': paper.mime },
        });
      }
      count('notice');
    });
  }
  for (const [i, f] of demoArchive(place).entries()) {
    const day = daysAgo(f.daysAgo);
    timeline.story(officeTime(day), async () => {
      const paper = await paperOf(f.file, `archive:${i}`, day);
      const query = new URLSearchParams({ name: f.name, visibility: f.visibility });
      await admin(`/api/admin/archive?${query}`, {
        method: 'POST',
        body: paper.bytes,
        headers: { 'content-type': paper.mime },
      });
      count(f.visibility === 'Public' ? 'download' : 'archive');
    });
  }
  timeline.story(officeTime(daysAgo(320)), async () => {
    await admin('/api/admin/videos', { method: 'PUT', json: { urls: DEMO_VIDEO_URLS } });
    count('video', DEMO_VIDEO_URLS.filter(Boolean).length);
  });
  for (const [i, m] of DEMO_CONTACTS.entries()) {
    timeline.story(citizenTime(addDays(today, -m.daysAgo)), async () => {
      await client({ address: `10.50.0.${i + 1}` })('/api/public/contact', {
        method: 'POST',
        json: { name: m.name, phone: m.phone, message: m.message },
      });
      count('contact');
    });
  }

  // The paper register, typed and imported when the office moved to the portal (decision 039).
  timeline.story(officeTime(addWorkingDays(goLive, 4, calendar)), async () => {
    count('Old', await seedOldRecords(as('BADC'), admin, place, registerRows));
  });

  // The irrigation committee's meetings, each over the applications received since the last.
  let covered = 0;
  for (const [i, meeting] of RESOLUTION_MEETINGS.entries()) {
    timeline.story(officeTime(daysAgo([240, 120, 15][i] ?? 15)), async () => {
      const to = await recordMeeting(as('BADC'), db, meeting, covered);
      if (to !== null) {
        covered = to;
        count('Resolution');
      }
    });
  }

  // ---- New and existing-well applications at every stage ------------------------------------

  /** Stage plans with how many working days each has been waiting (targets: decision 040). */
  const pairs = options.pairs;
  const newOpen: [Step[], number, string][] = [
    [[], 1, 'at the Chairman (StepOne), in time'],
    ...(pairs ? ([[[], 5, 'at the Chairman (StepOne), overdue']] as [Step[], number, string][]) : []),
    [toStepTwo, 2, 'at the UNO (StepTwo), in time'],
    ...(pairs ? ([[toStepTwo, 7, 'at the UNO (StepTwo), overdue']] as [Step[], number, string][]) : []),
    [toStepThree, 4, "in BADC's unseen list (StepThree)"],
    ...(pairs ? ([[toStepThree, 12, "in BADC's unseen list, overdue"]] as [Step[], number, string][]) : []),
    [toPending(), 3, 'inspected, waiting for the first decision (Pending)'],
    [toApprovable(), 6, 'approvable, waiting for approval: overdue'],
    [toNotApprovable(), 2, 'not approvable, waiting for the decline'],
  ];
  for (const [steps, age, what] of newOpen) {
    const who = someone();
    const days = openDays(steps, age);
    timeline.story(atDhaka(days[0]!, 6), async () => {
      const made = await wellApplication(who, 'New', steps, days);
      note(made, 'New', what);
      citizen ??= { number: made.number, mobile: who.mobile };
    });
  }
  {
    // Approved nine months ago after passing the Chairman and the UNO; its licence gets a copy request.
    const who = someone();
    const steps = [...toApprovable(), approve()];
    const days = planDays(steps, { index: 0, day: daysAgo(275) });
    timeline.story(atDhaka(days[0]!, 6), async () => {
      const made = await wellApplication(who, 'New', steps, days);
      note(made, 'New', 'approved nine months ago; its licence is in the licence lists and on the live map');
      const licence = await licenceOf(made.id);
      await copyRequest(who, licence, 'lost', daysAgo(4), null);
      await complaint(licence.number, daysAgo(2), null);
    });
  }
  {
    const who = someone();
    const steps = [...toApprovable(), decline];
    const days = planDays(steps, { index: 0, day: daysAgo(190) });
    timeline.story(atDhaka(days[0]!, 6), async () => {
      note(await wellApplication(who, 'New', steps, days), 'New', 'declined six months ago (reason on the history)');
    });
  }
  {
    const who = someone();
    const steps = [...toApprovable(), approve()];
    const days = planDays(steps, { index: 0, day: daysAgo(250) });
    timeline.story(atDhaka(days[0]!, 6), async () => {
      const made = await wellApplication(who, 'New', steps, days);
      await timeline.until(officeTime(daysAgo(40)));
      await licenceAction(made.id, 'suspend', { note: 'শর্ত ভঙ্গ: অনুমতি ছাড়া স্থান বদল' });
      note(made, 'New', 'licence suspended forty days ago');
    });
  }

  // An existing well's checklist has seven items: the seventh is the electricity bill (spec 3 §5).
  const existingOpen: [Step[], number, string][] = [
    [[], 0, 'submitted today'],
    [toStepTwo, 3, 'at the UNO, due today'],
    [toStepThree, 9, "in BADC's unseen list, overdue"],
    [toPending(7), 8, 'inspected, first decision overdue'],
    [toApprovable(7), 1, 'approvable'],
    [toNotApprovable(7), 5, 'not approvable, decline overdue'],
  ];
  for (const [steps, age, what] of existingOpen) {
    const who = someone();
    const days = openDays(steps, age);
    // Submitted today: earlier today, whatever the hour the seed runs at.
    if (age === 0) days[0] = today;
    timeline.story(age === 0 ? new Date(end.getTime() - 3600_000) : citizenTime(days[0]!), async () => {
      note(await wellApplication(who, 'Existing', steps, days), 'Existing', what);
    });
  }
  {
    const who = someone();
    const steps = [...toApprovable(7), approve()];
    const days = planDays(steps, { index: 0, day: daysAgo(215) });
    timeline.story(atDhaka(days[0]!, 6), async () => {
      const made = await wellApplication(who, 'Existing', steps, days);
      const licence = await licenceOf(made.id);
      await copyRequest(who, licence, 'destroyed', daysAgo(18), daysAgo(14));
    });
  }
  {
    const who = someone();
    const steps = [...toApprovable(7), decline];
    const days = planDays(steps, { index: 0, day: daysAgo(105) });
    timeline.story(atDhaka(days[0]!, 6), async () => {
      await wellApplication(who, 'Existing', steps, days);
    });
  }

  // ---- Licences in every state (decision 022) -------------------------------------------------

  interface Holder {
    who: Person;
    id: string;
    number: number;
    licence: Awaited<ReturnType<typeof licenceOf>>;
  }
  /**
   * A licence holder's story: a new-well application approved for `termYears` on `approvedOn`,
   * after the usual weeks of review before it, and what the holder does later (`then`).
   */
  const licenceStory = (approvedOn: string, termYears: 1 | 2 | 3, then?: (h: Holder) => Promise<void>) => {
    const who = someone();
    const steps = [...toApprovable(), approve(termYears)];
    const days = planDays(steps, { index: steps.length, day: workday(approvedOn) });
    timeline.story(atDhaka(days[0]!, 6), async () => {
      const made = await wellApplication(who, 'New', steps, days);
      const h = { who, ...made, licence: await licenceOf(made.id) };
      await then?.(h);
    });
  };
  // A one-year testing licence from three hundred days ago, not yet confirmed by BADC.
  licenceStory(addDays(today, -300), 1);
  // Another whose year ends within the month: the reminder text goes out.
  licenceStory(addDays(addYears(today, -1), 16), 1, async (h) => {
    note(h, 'New', `testing licence ${h.licence.number} ends on ${h.licence.validTo}: reminder due`);
  });
  // From the register: one that ended forty days ago and was never renewed; a three-year and a
  // two-year one ending within the month.
  const lapsed = registered(addDays(today, -40));
  const endingSoon = [registered(addDays(today, 9)), registered(addDays(today, 24), 2)];
  timeline.story(officeTime(daysAgo(1)), async () => {
    const h = await lapsed.get();
    note(h, 'Old', `register licence ${h.licence.number} expired on ${h.licence.validTo}, not renewed`);
    for (const r of endingSoon) {
      const e = await r.get();
      note(e, 'Old', `register licence ${e.licence.number} ends on ${e.licence.validTo}: reminder due`);
    }
  });
  // Suspended and reactivated.
  licenceStory(addDays(today, -330), 3, async (h) => {
    await timeline.until(officeTime(daysAgo(200)));
    await licenceAction(h.id, 'suspend', { note: 'পাম্প ঘর ছাড়া চালানো হচ্ছিল' });
    const back = daysAgo(150);
    await timeline.until(officeTime(back));
    await licenceAction(h.id, 'reactivate', { validFrom: back, validTo: addYears(back, 3) });
  });
  // A testing licence BADC confirmed (three years from the confirmation).
  licenceStory(addDays(today, -320), 1, async (h) => {
    await timeline.until(officeTime(daysAgo(230)));
    await licenceAction(h.id, 'confirm', {});
  });

  // ---- Renewals (spec 1 §5 "Renewal form", spec 3 §4 "Renewal") at every stage ---------------

  const renewalChecks = yes(6);
  const decideRenewal = (approve: boolean): Step => [
    'BADC',
    'decideRenewal',
    (day) =>
      approve
        ? { checks: renewalChecks, approve: true, issuedOn: day, validFrom: day, validTo: addYears(day, 3) }
        : {
            checks: renewalChecks.map((c, i) => (i === 3 ? { ok: false, reason: 'খতিয়ান অস্পষ্ট' } : c)),
            approve: false,
            reason: 'গত মৌসুমের সেচ চার্জ অপরিশোধিত',
          },
  ];
  /** Each renewal's licence ends (ended) on `validTo`. */
  const renewals: { validTo: string; steps: Step[]; age?: number; decidedDaysAgo?: number; what: string }[] = [
    {
      validTo: addDays(today, 20),
      steps: [],
      age: 2,
      what: 'renewal at the Chairman; the licence ends within the month',
    },
    { validTo: addDays(today, 35), steps: toStepTwo, age: 4, what: 'renewal at the UNO, overdue' },
    { validTo: addDays(today, -10), steps: toStepThree, age: 3, what: "renewal of an expired licence in BADC's list" },
    {
      validTo: addDays(today, -120),
      steps: [...toStepThree, decideRenewal(true)],
      decidedDaysAgo: 70,
      what: 'expired licence renewed seventy days ago: a second period on its back',
    },
    {
      validTo: addDays(today, 60),
      steps: [...toStepThree, decideRenewal(false)],
      decidedDaysAgo: 30,
      what: 'renewal declined a month ago',
    },
  ];
  for (const r of renewals) {
    const days =
      r.age !== undefined
        ? openDays(r.steps, r.age)
        : planDays(r.steps, { index: r.steps.length, day: daysAgo(r.decidedDaysAgo!) });
    const holder = registered(r.validTo);
    timeline.story(atDhaka(days[0]!, 6), async () => {
      await timeline.until(citizenTime(days[0]!));
      const h = { who: holder.who, ...(await holder.get()) };
      const papers = await pictures.papers(h.who);
      const [licencePicture, slip] = await Promise.all([
        pictures.licence(h.who, h.licence.number, h.licence.validTo),
        pictures.slip(h.who, 1000, 'লাইসেন্স নবায়ন ফি'),
      ]);
      const made = await intake(
        h.who,
        'Renew',
        {
          licenceNumber: String(h.licence.number),
          mobile: h.who.mobile,
          applicantName: h.who.name,
          nid: h.who.nid,
          fatherName: h.who.father,
          village: h.who.village,
          union: h.who.union,
          postOffice: h.who.union,
          mouza: h.who.mouza,
          wellClass: 'deep',
          wellCondition: 'ভালো, পাম্প চালু আছে',
          khotian: String(300 + h.who.seed),
          jlNumber: '১২',
          dagNumber: h.who.dag,
          suspensionHistory: 'কখনো স্থগিত হয়নি',
          lastSeasonArea: 'বোরো মৌসুমে ৪৫ বিঘা জমিতে সেচ',
          unusedPeriod: 'আমন মৌসুমে দুই মাস বন্ধ ছিল (বৃষ্টি)',
          chargeHighLand: '১২০০',
          chargeLowLand: '৯০০',
          applicationFee: '১০০০',
          receiptNumber: String(5000 + h.who.seed),
          feePaidOn: days[0]!,
          agreed: true,
        },
        { ...papers, licenceCopy: licencePicture, depositReceipt: slip },
      );
      await carry(made.id, r.steps, days);
      note(made, 'Renew', `${r.what} (licence ${h.licence.number}; Form-Ga at /renew-app-print/${made.id})`);
    });
  }

  // ---- Name and plot changes (spec 1 §5 "Change form", spec 3 §4), after the holder's code -----

  const marks = yes(7);
  const decideChange = (ok: boolean): Step => [
    'BADC',
    'decideChange',
    () =>
      ok
        ? { marks, approve: true }
        : {
            marks: marks.map((m, i) => (i === 3 ? { ok: false, note: 'খতিয়ানে নতুন নাম নেই' } : m)),
            approve: false,
            reason: 'প্রস্তাবিত দাগের কাগজ সঠিক নয়',
          },
  ];
  // UNO's forward takes a change to BADC's pending list.
  const changes: { steps: Step[]; age?: number; decidedDaysAgo?: number; what: string }[] = [
    { steps: [], age: 1, what: 'at the Chairman' },
    { steps: toStepTwo, age: 2, what: 'at the UNO' },
    { steps: toStepThree, age: 3, what: "in BADC's change list" },
    { steps: [...toStepThree, decideChange(true)], decidedDaysAgo: 50, what: 'approved: the licence shows the change' },
    { steps: [...toStepThree, decideChange(false)], decidedDaysAgo: 25, what: 'declined' },
  ];
  for (const kind of ['NameChange', 'PlotChange'] as const) {
    for (const [n, c] of changes.entries()) {
      // The plot changes wait longer: two of them are past their targets.
      const age = c.age === undefined ? undefined : kind === 'PlotChange' ? [1, 5, 7][n]! : [4, 2, 3][n]!;
      const days =
        age !== undefined
          ? openDays(c.steps, age)
          : planDays(c.steps, {
              index: c.steps.length,
              day: daysAgo(c.decidedDaysAgo! + (kind === 'PlotChange' ? 30 : 0)),
            });
      // Register licences a year or two into their three years (entered before the import).
      const holder = registered(addDays(today, 200 + 60 * n + (kind === 'PlotChange' ? 150 : 0)));
      timeline.story(atDhaka(days[0]!, 6), async () => {
        await timeline.until(citizenTime(days[0]!));
        const h = { who: holder.who, ...(await holder.get()) };
        await verify(h.who, h.number, kind === 'NameChange' ? 2 : 3);
        const papers = { ...(await pictures.papers(h.who)), electricityBill: await pictures.bill(h.who) };
        const made = await intake(
          h.who,
          kind,
          {
            applicationId: h.id,
            mobile: h.who.mobile,
            fatherName: h.who.father,
            upazila: place.upazila,
            village: h.who.village,
            union: h.who.union,
            postOffice: h.who.union,
            mouza: h.who.mouza,
            jlNumber: '১২',
            khotian: String(300 + h.who.seed),
            dagNumber: h.who.dag,
            proposedMouza: h.who.mouza,
            proposedUnion: h.who.union,
            advanceFee: '৫০০',
            slipNumber: String(7000 + h.who.seed),
            feePaidOn: days[0]!,
            agreed: true,
            // A licence passes to an heir (name change) or the well moves to the next plot (plot change).
            ...(kind === 'NameChange'
              ? { newApplicantName: MEN[(h.who.seed + 7 + n) % MEN.length] }
              : { newDagNumber: String(500 + n + h.who.seed) }),
          },
          papers,
        );
        await carry(made.id, c.steps, days);
        // The change review's targets: 3 working days at each level, 5 for BADC's decision (decision 040).
        const ageNote = age !== undefined && age > [3, 3, 5][n]! ? ', overdue' : '';
        note(made, kind, `${kind === 'NameChange' ? 'name' : 'plot'} change ${c.what}${ageNote}`);
      });
    }
  }

  // ---- Recheck, amendment by the applicant, consent letter (spec 1 §4) -------------------------

  const taxNo = yes(6).map((c, i) => (i === 4 ? { ok: false, reason: 'খাজনার রসিদ পুরনো বছরের' } : c));
  const recheckSteps: Step[] = [
    ...toStepThree,
    ['BADC', 'inspect', () => ({ checklist: taxNo, finalRemarks: 'খাজনার রসিদ হালনাগাদ নয়' })],
    ['BADC', 'requestRecheck', () => ({ on: true, message: 'চলতি বছরের খাজনার রসিদ দিন' })],
  ];
  {
    const who = someone();
    const days = openDays(recheckSteps, 6);
    timeline.story(atDhaka(days[0]!, 6), async () => {
      const made = await wellApplication(who, 'New', recheckSteps, days);
      note(made, 'New', 'BADC asked for a recheck six working days ago; the clock waits for the applicant');
    });
  }
  {
    const who = someone();
    const days = openDays(recheckSteps, 7);
    timeline.story(atDhaka(days[0]!, 6), async () => {
      const made = await wellApplication(who, 'New', recheckSteps, days);
      await timeline.until(citizenTime(dayAged(2)));
      await verify(who, made.number, 4);
      const newTax = await pictures.picture(`tax-new:${who.seed}`, () => taxReceipt({ ...who, seed: who.seed + 1000 }));
      await phoneOf(who)('/api/citizen/application/files/landTaxReceipt', {
        method: 'PUT',
        body: newTax,
        headers: { 'content-type': 'image/jpeg', 'x-file-name': encodeURIComponent('নতুন খাজনার রসিদ.jpg') },
      });
      await phoneOf(who)('/api/citizen/application/amendment/submit', { method: 'POST', json: {} });
      versions.delete(made.id);
      note(made, 'New', 'amended by the applicant after the recheck (new tax receipt)');
    });
  }
  {
    const who = someone();
    const steps = toApprovable();
    const days = openDays(steps, 5);
    timeline.story(atDhaka(days[0]!, 6), async () => {
      const made = await wellApplication(who, 'New', steps, days);
      const letter = (signedBy: string) =>
        pictures.letter(`consent:${who.seed}:${signedBy}`, who, {
          title: 'সম্মতিপত্র',
          lines: [
            `বরাবর, সভাপতি, উপজেলা সেচ কমিটি, ${place.upazila}।`,
            `আমি ${who.name}, পিতা ${who.father}, গ্রাম ${who.village},`,
            `দাগ নং ${who.dag}-এ নলকূপ স্থাপনে নিকটবর্তী নলকূপের`,
            'ম্যানেজার হিসেবে আমার কোনো আপত্তি নেই।',
          ],
          signedBy,
        });
      await timeline.until(officeTime(dayAged(4)));
      await as('BADC')(`/api/staff/applications/${made.id}/files/managerConsent`, {
        method: 'PUT',
        body: await letter('ম্যানেজার, পার্শ্ববর্তী গভীর নলকূপ'),
        headers: { 'content-type': 'image/jpeg', 'x-file-name': encodeURIComponent('সম্মতিপত্রের ফরম.jpg') },
      });
      await timeline.until(citizenTime(dayAged(2)));
      await verify(who, made.number, 5);
      await phoneOf(who)('/api/citizen/application/consent', {
        method: 'PUT',
        body: await letter(who.name),
        headers: { 'content-type': 'image/jpeg', 'x-file-name': encodeURIComponent('স্বাক্ষরিত সম্মতিপত্র.jpg') },
      });
      versions.delete(made.id);
      note(made, 'New', 'consent letter: form from BADC, signed copy from the applicant');
    });
  }

  // ---- Complaints and copy requests (spec 1 §2, §5) -------------------------------------------

  /** A complaint about a licence's well by a neighbour; `resolvedOn` when the office dealt with it. */
  async function complaint(licenceNumber: number, on: string, resolvedOn: string | null) {
    const who = someone();
    await timeline.until(citizenTime(on));
    const [form, certificate, slip, licencePicture] = await Promise.all([
      pictures.letter(`complaint:${who.seed}:${licenceNumber}`, who, {
        title: 'অভিযোগপত্র',
        lines: [
          `বরাবর, সভাপতি, উপজেলা সেচ কমিটি, ${place.upazila}।`,
          `লাইসেন্স নং ${licenceNumber}-এর নলকূপটি আমার জমির`,
          'খুব কাছে বসানো হয়েছে; আমার নলকূপে পানি কমে গেছে।',
          'সরেজমিনে তদন্তের অনুরোধ করছি।',
        ],
        signedBy: who.name,
      }),
      pictures.letter(`certificate:${who.seed}`, who, {
        title: 'প্রত্যয়নপত্র',
        lines: [`প্রত্যয়ন করা যাচ্ছে যে ${who.name} এই ইউনিয়নের`, 'স্থায়ী বাসিন্দা ও কৃষক।'],
        signedBy: 'চেয়ারম্যান, ইউনিয়ন পরিষদ',
        stampLines: ['ইউনিয়ন পরিষদ', who.union],
      }),
      pictures.slip(who, 200, 'অভিযোগ ফি'),
      pictures.licence(who, licenceNumber, addYears(today, 2)),
    ]);
    const { id } = await intake(
      who,
      'Complaint',
      { name: who.name, mobile: who.mobile },
      {
        licenceForm: licencePicture,
        depositReceipt: slip,
        complaintForm: jpeg(form, 'অভিযোগপত্র.jpg'),
        certificate: jpeg(certificate, 'প্রত্যয়নপত্র.jpg'),
      },
    );
    if (resolvedOn) {
      await timeline.until(officeTime(resolvedOn));
      await admin(`/api/services/complaints/${id}/status`, {
        method: 'PUT',
        json: { status: 'resolved', note: 'সরেজমিনে দেখা হয়েছে; দূরত্ব নিয়ম মেনেই' },
      });
    }
  }

  /** The holder asks for a copy of a lost or destroyed licence; `workingOn` when the office took it up. */
  async function copyRequest(
    who: Person,
    licence: { number: number; validTo: string },
    appType: 'lost' | 'destroyed',
    on: string,
    workingOn: string | null,
  ) {
    await timeline.until(citizenTime(on));
    const [gd, licencePicture, slip, bill] = await Promise.all([
      pictures.letter(`gd:${licence.number}`, who, {
        title: 'সাধারণ ডায়েরি (জিডি)',
        lines: [
          `${place.upazila} থানা, ${place.district}`,
          `লাইসেন্স নং ${licence.number}-এর মূল কাগজ`,
          appType === 'lost' ? 'হাট থেকে ফেরার পথে হারিয়ে গেছে।' : 'বন্যার পানিতে নষ্ট হয়ে গেছে।',
        ],
        signedBy: 'ডিউটি অফিসার',
        stampLines: [`${place.upazila} থানা`, place.district],
      }),
      pictures.licence(who, licence.number, licence.validTo),
      pictures.slip(who, 300, 'লাইসেন্সের অনুলিপি ফি'),
      pictures.bill(who),
    ]);
    const { id } = await intake(
      who,
      'Copy',
      { licenceNumber: String(licence.number), mobile: who.mobile, fee: '৩০০', appType },
      {
        ...(await pictures.papers(who)),
        gdCopy: jpeg(gd, 'জিডি.jpg'),
        licenceCopy: licencePicture,
        electricityBill: bill,
        depositReceipt: slip,
      },
    );
    if (workingOn) {
      await timeline.until(officeTime(workingOn));
      await admin(`/api/services/copies/${id}/status`, {
        method: 'PUT',
        json: { status: 'in_progress', note: 'ফি যাচাই চলছে' },
      });
    }
  }

  // The second complaint, already dealt with, about a well of the register.
  const complainedOf = registered(addDays(today, 500));
  timeline.story(atDhaka(daysAgo(62), 6), async () => {
    await complaint(complainedOf.licenceNumber, daysAgo(62), daysAgo(45));
  });

  // ---- The rest of the year's work ------------------------------------------------------------

  for (let i = 0; i < options.yearly; i++) {
    const kind = i % 3 === 2 ? 'Existing' : 'New';
    const declined = i % 5 === 4;
    const n = kind === 'Existing' ? 7 : 6;
    const steps = [...toApprovable(n), declined ? decline : approve()];
    const days = planDays(steps, { index: 0, day: daysAgo(30 + Math.round(((i + 0.5) * 320) / options.yearly)) });
    const who = someone();
    timeline.story(atDhaka(days[0]!, 6), async () => {
      await wellApplication(who, kind, steps, days);
    });
  }

  // ---- Run the year -------------------------------------------------------------------------------

  log(`Running the office's days from ${goLive} to ${today}…`);
  await timeline.run();

  // Every text the office queued went out that day, printed by the log driver as on a machine
  // without a gateway: a year-old message still waiting would say that the office had no SMS. One
  // statement instead of the worker's claim and update per message at each date.
  await db
    .updateTable('sms_outbox')
    .set((eb) => ({
      status: 'sent',
      attempts: 1,
      gateway_reply: SMS_NOTE.logDriver,
      sent_at: eb('created_at', '+', sql<Date>`interval '3 seconds'`),
    }))
    .where('status', '=', 'pending')
    .execute();

  // Today's reminders of licences ending within the month (decision 022): queued, and sent by the
  // portal's SMS worker when it starts.
  const reminders = await remindExpiringLicences({ db, now: () => realNow });
  count('reminder', reminders);

  for (const id of staffIds.values()) await endSessionsOfUser(db, id);

  return {
    place,
    password,
    staff: STAFF_ROLES.map((role) => ({ role, email: staffEmail(place, role) })),
    from: goLive,
    to: today,
    counts,
    highlights: highlights.sort((a, b) => a.number - b.number),
    citizen,
  };
}

// ---------------------------------------------------------------------------------------------
// GEO sheets

/**
 * Where each GEO sheet sits on the /geo-db map (docs/decisions/034-geo-database-map.md): the middle
 * of the area it draws (demo-pictures.ts geoMap), among the demo wells. The first ones are typed with
 * the upload as the Admin would; the last comes as a phone photo with its GPS in EXIF, which the
 * server reads before it strips the metadata.
 */
function geoSheetPlace(
  index: number,
  of: number,
  place: DemoPlace,
): { latitude: number; longitude: number; query: string; exif: boolean } {
  const seed = index + 1;
  const latitude = Number((place.wells.latitude - 0.02 + seed * 0.013 + 0.02).toFixed(4));
  const longitude = Number((place.wells.longitude - 0.03 + seed * 0.011 + 0.025).toFixed(4));
  const exif = index === of - 1;
  return { latitude, longitude, exif, query: exif ? '' : `?latitude=${latitude}&longitude=${longitude}` };
}

/** EXIF GPS as a phone writes it: degrees, minutes and hundredths of seconds as rationals. */
async function withGps(jpegBytes: Uint8Array, p: { latitude: number; longitude: number }): Promise<Uint8Array> {
  const dms = (v: number) => {
    const d = Math.floor(v);
    const m = Math.floor((v - d) * 60);
    const s = Math.round(((v - d) * 60 - m) * 60 * 100);
    return `${d}/1 ${m}/1 ${s}/100`;
  };
  const out = await sharp(jpegBytes)
    .jpeg({ quality: 85 })
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: dms(p.latitude), GPSLongitudeRef: 'E', GPSLongitude: dms(p.longitude) },
    })
    .toBuffer();
  return new Uint8Array(out);
}
