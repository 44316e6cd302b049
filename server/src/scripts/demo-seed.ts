/**
 * Fills the configured database with demo data for trying the portal out, so that a newcomer can
 * open every screen: one staff account per role (random passwords, printed once); new and
 * existing-well applications at every stage; licences in every state (testing, active, expired,
 * suspended, reactivated); renewals, name changes and plot changes at every stage of their own
 * review; an application with a recheck asked, one amended by its applicant, one with a consent
 * letter; complaints and copy requests; and the public site's slider, photo gallery and GEO
 * database. Every paper is a real picture (demo-pictures.ts, docs/decisions/016-image-decoding-and-metadata.md).
 *
 * It goes through the real API in-process, so every rule applies as it would for a person: the
 * one intake (/api/intake/{kind}), the officers' actions, the licence actions, and the citizen's
 * verification with the one-time code read from the SMS outbox as the phone would show it. Each
 * citizen comes from an address of their own (X-Forwarded-For behind one trusted hop), as phones
 * do, so the per-address intake limits of docs/decisions/015-abuse-limits-and-exports.md hold.
 * The expired licences are issued by a second app instance whose clock stands four years back.
 *
 * Never runs by itself: `npm run demo:seed` on a database of its own (it refuses one that already
 * holds applications).
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import {
  KIND_SLUG,
  KIND_SLOTS,
  STAFF_ROLES,
  WELL_SIZES,
  todayInDhaka,
  type Kind,
  type StaffRole,
} from '@portal/shared';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { hashPassword } from '../features/auth/password.js';
import { randomPassword } from '../features/auth/password-policy.js';
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
import { seedResolutions } from './demo-resolutions.js';
import { seedOldRecords } from './demo-old-records.js';

const started = Date.now();
const config = { ...loadConfig(), trustProxyHops: 1 };
const db = await createDatabase(config);
await migrateToLatest(db);
const existing = await db
  .selectFrom('applications')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(existing.n) > 0) {
  console.error('এই ডেটাবেসে আগে থেকেই আবেদন আছে; ডেমো ডেটা শুধু আলাদা ডেটাবেসে দেওয়া যায়।');
  console.error('This database already holds applications; the demo seed only fills a database of its own.');
  process.exit(1);
}

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const now = new Date();
/** The clock of the office four years ago: licences issued then for three years have expired. */
const past = new Date(now.getTime() - 4 * YEAR_MS);
const apps = {
  today: createApp({ db, config, now: () => now }),
  past: createApp({ db, config, now: () => past }),
};
type When = keyof typeof apps;
const today = todayInDhaka(now);
const pastDay = todayInDhaka(past);
const yearsAfter = (day: string, n: number) => `${Number(day.slice(0, 4)) + n}${day.slice(4)}`;

type Call = (
  path: string,
  init?: { method?: string; json?: unknown; body?: Uint8Array; headers?: Record<string, string> },
) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many routes, read by field

/** A client of the in-process app keeping its cookies (a session, a citizen's grant), from one address. */
async function client(opts: { when?: When; address?: string; email?: string; password?: string } = {}): Promise<Call> {
  const app = apps[opts.when ?? 'today'];
  let cookie = '';
  const call: Call = async (path, init = {}) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (cookie) headers.cookie = cookie;
    if (opts.address) headers['x-forwarded-for'] = opts.address;
    let body: string | Uint8Array | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.body) body = init.body;
    const res = await app.request(path, { method: init.method ?? 'GET', headers, body });
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (set) cookie = set;
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  if (opts.email)
    await call('/api/auth/login', { method: 'POST', json: { email: opts.email, password: opts.password } });
  return call;
}

// Staff: one account per role, each with a random password shown once.
const staff: Record<string, { email: string; password: string }> = {};
for (const role of STAFF_ROLES) {
  const email = `${role.toLowerCase()}@demo.local`;
  const password = randomPassword();
  await db
    .insertInto('staff_users')
    .values({
      email,
      password_hash: await hashPassword(password),
      role: role as StaffRole,
      created_at: now,
      updated_at: now,
    })
    .execute();
  staff[role] = { email, password };
}
const officers = ['Chairman', 'UNO', 'BADC'] as const;
type Officer = (typeof officers)[number];
async function signedIn(when: When): Promise<Record<Officer, Call>> {
  const entries = await Promise.all(officers.map(async (r) => [r, await client({ when, ...staff[r]! })] as const));
  return Object.fromEntries(entries) as Record<Officer, Call>;
}
const as = { today: await signedIn('today'), past: await signedIn('past') };
const admin = await client(staff.Admin!);
const unions = ['কানসাট', 'শাহবাজপুর', 'মোবারকপুর'];
for (const name of unions) {
  await admin('/api/admin/localities', { method: 'POST', json: { kind: 'union', name } });
  await admin('/api/admin/localities', { method: 'POST', json: { kind: 'post', name } });
}

// The public site's pictures, uploaded as the Admin would (each list shows the newest first).
console.log('ছবি তৈরি হচ্ছে / Drawing the pictures…');
const galleries: [string, Promise<Uint8Array>[]][] = [
  [
    'slider',
    [
      outletCloseUp(1, { width: 1600, height: 900 }),
      officeSignboard(1, { width: 1600, height: 900 }),
      fieldWithPumpHouse(1, { width: 1600, height: 900 }),
    ],
  ],
  [
    'gallery',
    [
      outletCloseUp(2, { width: 1200, height: 800 }),
      fieldWithPumpHouse(4, { width: 1200, height: 800, warm: true }),
      officeSignboard(2, { width: 1200, height: 800 }),
      fieldWithPumpHouse(3, { width: 1200, height: 800 }),
      outletCloseUp(3, { width: 1200, height: 800 }),
      fieldWithPumpHouse(2, { width: 1200, height: 800, ripe: true, warm: true }),
    ],
  ],
  ['geo', unions.map((union, i) => geoMap(i + 1, union, { width: 1400, height: 1000 }))],
];
for (const [gallery, pictures] of galleries) {
  for (const [i, picture] of pictures.entries()) {
    const place = gallery === 'geo' ? geoSheetPlace(i) : null;
    await admin(`/api/admin/galleries/${gallery}${place?.query ?? ''}`, {
      method: 'POST',
      body: place?.exif ? await withGps(await picture, place) : await picture,
      headers: { 'content-type': 'image/jpeg' },
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Citizens and their papers

const men = [
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
const women = [
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
const fathers = [
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

type FileSet = Record<string, { bytes: Uint8Array; mime: string; name: string }>;
interface Person extends Applicant {
  mobile: string;
  nid: string;
  union: string;
  /** The person's phone: its own address and cookies (a verification grant lands here). */
  call: Call;
  when: When;
  papers: () => Promise<FileSet>;
}

let people = 0;
/** The next citizen, each with a name, a plot, a mobile, a phone and (drawn once, when first needed) six papers. */
async function person(when: When = 'today'): Promise<Person> {
  const i = people++;
  const woman = i % 2 === 1;
  const name = woman ? women[(i >> 1) % women.length]! : men[(i >> 1) % men.length]!;
  const union = unions[i % unions.length]!;
  let drawn: Promise<FileSet> | undefined;
  const p: Person = {
    seed: i + 1,
    name,
    father: fathers[i % fathers.length]!,
    woman,
    village: union,
    mouza: union,
    dag: String(100 + i),
    union,
    mobile: `0171${String(1000000 + i).padStart(7, '0')}`,
    nid: String(1_900_000_000 + i * 7919),
    when,
    call: await client({ when, address: `10.20.${i >> 8}.${i & 255}` }),
    papers: () => (drawn ??= drawPapers(p)),
  };
  return p;
}

const jpeg = (bytes: Uint8Array, name: string) => ({ bytes, mime: 'image/jpeg', name });

/** The six papers of the new-licence form (spec 1 §5), drawn together (sharp works on other threads). */
async function drawPapers(a: Person): Promise<FileSet> {
  const [photo, sign, nid, land, tax, map] = await Promise.all([
    passportPhoto(a.seed, a.name, a.woman),
    signature(a.seed, a.name),
    nidScan(a),
    khotianPdf(a),
    taxReceipt(a),
    mouzaMap(a),
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

const billAccount = (a: Person) => `${4000 + a.seed}-${String(a.seed * 37).padStart(3, '0')}`;
const billOf = async (a: Person) => jpeg(await electricityBill({ ...a, account: billAccount(a) }), 'বিদ্যুৎ বিল.jpg');
const slipOf = async (a: Person, amount: number, purpose: string) =>
  jpeg(await depositSlip({ ...a, amount, purpose }), 'জমা রসিদ.jpg');

const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/**
 * Sends one item the way the phone's outbox does (docs/decisions/018-service-targets.md): the
 * manifest, then each file with its SHA-256; the last file completes it. Only the kind's slots go.
 */
async function intake(
  who: Person,
  kind: Kind,
  fields: Record<string, unknown>,
  files: FileSet,
): Promise<{ id: string; number: number }> {
  const slots = KIND_SLOTS[kind] as readonly string[];
  const missing = slots.filter((s) => !files[s]);
  if (missing.length > 0) throw new Error(`${kind}: no paper for ${missing.join(', ')}`);
  const chosen = slots.map((slot) => [slot, files[slot]!] as const);
  const slug = KIND_SLUG[kind];
  const answer = await who.call(`/api/intake/${slug}`, {
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
  for (const [slot, f] of chosen) {
    await who.call(`/api/intake/${slug}/${answer.id}/files/${slot}`, {
      method: 'PUT',
      body: f.bytes,
      headers: { 'content-type': f.mime, 'x-file-name': encodeURIComponent(f.name), 'x-file-sha256': sha256(f.bytes) },
    });
  }
  return { id: answer.id as string, number: Number(answer.referenceNumber) };
}

/**
 * Where each GEO sheet sits on the /geo-db map (docs/decisions/034-geo-database-map.md): the middle
 * of the area it draws (demo-pictures.ts geoMap), among the demo wells. The first two are typed with
 * the upload as the Admin would; the last comes as a phone photo with its GPS in EXIF, which the
 * server reads before it strips the metadata.
 */
function geoSheetPlace(index: number): { latitude: number; longitude: number; query: string; exif: boolean } {
  const seed = index + 1;
  const latitude = Number((24.66 + seed * 0.013 + 0.02).toFixed(4));
  const longitude = Number((88.13 + seed * 0.011 + 0.025).toFixed(4));
  const exif = index === unions.length - 1;
  return { latitude, longitude, exif, query: exif ? '' : `?latitude=${latitude}&longitude=${longitude}` };
}

/** EXIF GPS as a phone writes it: degrees, minutes and hundredths of seconds as rationals. */
async function withGps(jpeg: Uint8Array, p: { latitude: number; longitude: number }): Promise<Uint8Array> {
  const dms = (v: number) => {
    const d = Math.floor(v);
    const m = Math.floor((v - d) * 60);
    const s = Math.round(((v - d) * 60 - m) * 60 * 100);
    return `${d}/1 ${m}/1 ${s}/100`;
  };
  const out = await sharp(jpeg)
    .jpeg({ quality: 85 })
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: dms(p.latitude), GPSLongitudeRef: 'E', GPSLongitude: dms(p.longitude) },
    })
    .toBuffer();
  return new Uint8Array(out);
}

/**
 * Wells scattered over the fields around Shibganj the way a sunflower lays its seeds (a golden-angle
 * spiral), about 450 m apart: far enough to read on the live map, near enough that some command
 * areas overlap and the siting check has something to warn about.
 */
function demoPosition(seed: number): { latitude: number; longitude: number } {
  const r = 260 * Math.sqrt(seed);
  const angle = seed * 2.399963;
  const latitude = 24.68 + (r * Math.cos(angle)) / 111_195;
  const longitude = 88.16 + (r * Math.sin(angle)) / (111_195 * Math.cos((24.68 * Math.PI) / 180));
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

/** The new form's fields as this person fills them in; `existing` adds the pump's bill number. */
function wellFields(a: Person, existingWell = false): Record<string, unknown> {
  return {
    applicantName: a.name,
    fatherName: a.father,
    nid: a.nid,
    mobile: a.mobile,
    upazila: 'শিবগঞ্জ',
    village: a.village,
    union: a.union,
    postOffice: a.union,
    mouza: a.mouza,
    jlNumber: '১২',
    khotian: String(300 + a.seed),
    dagNumber: a.dag,
    wellClass: a.seed % 3 === 0 ? 'shallow' : 'deep',
    wellSize: WELL_SIZES[a.seed % WELL_SIZES.length]!.value,
    pumpType: existingWell ? 'electric' : a.seed % 2 ? 'electric' : 'diesel',
    advanceFee: '৫০০',
    ...demoPosition(a.seed),
    ...(existingWell ? { billNumber: billAccount(a) } : {}),
    agreed: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Officers' steps

type Step = [Officer, string, Record<string, unknown>];

/** The application's version, as the acting officer's screen holds it (each role reads from its own stage on). */
async function versionOf(id: string, when: When, role: Officer): Promise<number> {
  return (await as[when][role](`/api/staff/applications/${id}`)).version as number;
}

async function carry(id: string, steps: Step[], when: When = 'today'): Promise<void> {
  for (const [role, action, payload] of steps) {
    await as[when][role](`/api/staff/applications/${id}/actions`, {
      method: 'POST',
      json: { action, version: await versionOf(id, when, role), clientActionId: crypto.randomUUID(), payload },
    });
  }
}

const yes = (n: number) => Array.from({ length: n }, () => ({ ok: true }));
const toStepTwo: Step[] = [['Chairman', 'forward', {}]];
const toStepThree: Step[] = [...toStepTwo, ['UNO', 'forward', {}]];
const inspect = (n: number): Step => ['BADC', 'inspect', { checklist: yes(n), finalRemarks: 'সরেজমিনে দেখা হয়েছে' }];
const toPending = (n = 6): Step[] => [...toStepThree, inspect(n)];
const toApprovable = (n = 6): Step[] => [...toPending(n), ['BADC', 'decideFirst', { approvable: true }]];
const toNotApprovable = (n = 6): Step[] => [
  ...toPending(n),
  ['BADC', 'decideFirst', { approvable: false, reason: 'নিকটতম নলকূপ খুব কাছে' }],
];
const approve = (day: string, termYears: 1 | 2 | 3 = 3): Step => [
  'BADC',
  'approve',
  { termYears, issuedOn: day, validFrom: day, validTo: yearsAfter(day, termYears) },
];
const decline: Step = ['BADC', 'decline', { reason: 'জমির কাগজ সঠিক নয়' }];

/** The licence an approved application carries, with the version its row actions need. */
async function licenceOf(applicationId: string): Promise<{ id: string; number: number; version: number }> {
  const row = await db
    .selectFrom('licences')
    .select(['id', 'licence_number', 'version'])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!row) throw new Error(`application ${applicationId} has no licence`);
  return { id: row.id, number: Number(row.licence_number), version: Number(row.version) };
}

/** A BADC row action on a licence (suspend, reactivate, confirm), as the licence lists send it. */
async function licenceAction(applicationId: string, action: string, payload: Record<string, unknown>) {
  const licence = await licenceOf(applicationId);
  await as.today.BADC(`/api/staff/licences/${licence.id}/actions`, {
    method: 'POST',
    json: { action, version: licence.version, clientActionId: crypto.randomUUID(), payload },
  });
}

/** The citizen proves the mobile with the texted code (read from the SMS outbox, as the phone shows it). */
async function verify(who: Person, applicationNumber: number, purpose: number): Promise<void> {
  const sent = await who.call('/api/verification/send', {
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
  await who.call('/api/verification/confirm', { method: 'POST', json: { challengeId: sent.challengeId, code } });
}

const counts: Record<string, number> = {};
const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);

/** A new or existing-well application by a new person, carried through `steps`. */
async function wellApplication(
  kind: 'New' | 'Existing',
  steps: Step[],
  when: When = 'today',
): Promise<{ who: Person; id: string; number: number }> {
  const who = await person(when);
  const files = { ...(await who.papers()), ...(kind === 'Existing' ? { electricityBill: await billOf(who) } : {}) };
  const { id, number } = await intake(who, kind, wellFields(who, kind === 'Existing'), files);
  await carry(id, steps, when);
  count(kind);
  return { who, id, number };
}

// ---------------------------------------------------------------------------------------------
// New and existing-well applications at every stage

console.log('নতুন ও বিদ্যমান নলকূপের আবেদন / New and existing-well applications…');
const newPlans: Step[][] = [
  [],
  [],
  toStepTwo,
  toStepTwo,
  toStepThree,
  toStepThree,
  toPending(),
  toApprovable(),
  toNotApprovable(),
  [...toApprovable(), approve(today)],
  [...toApprovable(), decline],
  [...toApprovable(), approve(today)], // suspended below
];
const newOnes = [];
for (const plan of newPlans) newOnes.push(await wellApplication('New', plan));
await licenceAction(newOnes[11]!.id, 'suspend', { note: 'শর্ত ভঙ্গ: অনুমতি ছাড়া স্থান বদল' });

// An existing well's checklist has seven items: the seventh is the electricity bill (spec 3 §5).
const existingPlans: Step[][] = [
  [],
  toStepTwo,
  toStepThree,
  toPending(7),
  toApprovable(7),
  toNotApprovable(7),
  [...toApprovable(7), approve(today)],
  [...toApprovable(7), decline],
];
const existingOnes = [];
for (const plan of existingPlans) existingOnes.push(await wellApplication('Existing', plan));

// ---------------------------------------------------------------------------------------------
// Licences in every state (the licence's own record, docs/decisions/022-licence-aggregate.md)

console.log('লাইসেন্স / Licences…');
/** A licence holder: an application approved for `termYears` on the day of `when`. */
async function holder(when: When = 'today', termYears: 1 | 2 | 3 = 3) {
  const day = when === 'past' ? pastDay : today;
  const app = await wellApplication('New', [...toApprovable(), approve(day, termYears)], when);
  // From here on the holder uses the portal today.
  const who = { ...app.who, call: await client({ address: `10.30.0.${app.who.seed}` }) };
  const licence = await licenceOf(app.id);
  return { ...app, who, licence, validTo: yearsAfter(day, termYears) };
}
await holder('today', 1); // testing: a one-year licence waiting for BADC's confirmation
await holder('past'); // expired: issued four years ago for three
const reactivated = await holder();
await licenceAction(reactivated.id, 'suspend', { note: 'পাম্প ঘর ছাড়া চালানো হচ্ছিল' });
await licenceAction(reactivated.id, 'reactivate', { validFrom: today, validTo: yearsAfter(today, 3) });

// ---------------------------------------------------------------------------------------------
// Renewals (spec 1 §5 "Renewal form", spec 3 §4 "Renewal") at every stage

console.log('নবায়ন / Renewals…');
const renewalChecks = yes(6);
const renewalPlans: { when: When; steps: Step[] }[] = [
  { when: 'today', steps: [] },
  { when: 'today', steps: toStepTwo },
  { when: 'today', steps: toStepThree },
  // An expired licence renewed: a second period on the licence's back, and it is active again.
  {
    when: 'past',
    steps: [
      ...toStepThree,
      [
        'BADC',
        'decideRenewal',
        { checks: renewalChecks, approve: true, issuedOn: today, validFrom: today, validTo: yearsAfter(today, 3) },
      ],
    ],
  },
  {
    when: 'today',
    steps: [
      ...toStepThree,
      [
        'BADC',
        'decideRenewal',
        {
          checks: renewalChecks.map((c, i) => (i === 3 ? { ok: false, reason: 'খতিয়ান অস্পষ্ট' } : c)),
          approve: false,
          reason: 'গত মৌসুমের সেচ চার্জ অপরিশোধিত',
        },
      ],
    ],
  },
];
for (const plan of renewalPlans) {
  const h = await holder(plan.when);
  const papers = await h.who.papers();
  const [licencePicture, slip] = await Promise.all([
    licenceCopy({ ...h.who, licenceNumber: h.licence.number, validTo: h.validTo }),
    slipOf(h.who, 1000, 'লাইসেন্স নবায়ন ফি'),
  ]);
  const { id } = await intake(
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
      feePaidOn: today,
      agreed: true,
    },
    { ...papers, licenceCopy: jpeg(licencePicture, 'লাইসেন্স.jpg'), depositReceipt: slip },
  );
  await carry(id, plan.steps);
  count('Renew');
}

// ---------------------------------------------------------------------------------------------
// Name and plot changes (spec 1 §5 "Change form", spec 3 §4), after the holder's verification

console.log('নাম ও দাগ পরিবর্তন / Name and plot changes…');
const marks = yes(7);
const changePlans: Step[][] = [
  [],
  toStepTwo,
  toStepThree, // UNO's forward takes a change to BADC's pending list
  [...toStepThree, ['BADC', 'decideChange', { marks, approve: true }]],
  [
    ...toStepThree,
    [
      'BADC',
      'decideChange',
      {
        marks: marks.map((m, i) => (i === 3 ? { ok: false, note: 'খতিয়ানে নতুন নাম নেই' } : m)),
        approve: false,
        reason: 'প্রস্তাবিত দাগের কাগজ সঠিক নয়',
      },
    ],
  ],
];
for (const kind of ['NameChange', 'PlotChange'] as const) {
  for (const [n, plan] of changePlans.entries()) {
    const h = await holder();
    await verify(h.who, h.number, kind === 'NameChange' ? 2 : 3);
    const papers = { ...(await h.who.papers()), electricityBill: await billOf(h.who) };
    const { id } = await intake(
      h.who,
      kind,
      {
        applicationId: h.id,
        mobile: h.who.mobile,
        fatherName: h.who.father,
        upazila: 'শিবগঞ্জ',
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
        feePaidOn: today,
        agreed: true,
        // A licence passes to an heir (name change) or the well moves to the next plot (plot change).
        ...(kind === 'NameChange'
          ? { newApplicantName: men[(h.who.seed + 7) % men.length] }
          : { newDagNumber: String(500 + n + h.who.seed) }),
      },
      papers,
    );
    await carry(id, plan);
    count(kind);
  }
}

// ---------------------------------------------------------------------------------------------
// Recheck, amendment by the applicant, consent letter (spec 1 §4)

console.log('পুনঃপরীক্ষা, সংশোধন, সম্মতিপত্র / Recheck, amendment, consent…');
const taxNo = yes(6).map((c, i) => (i === 4 ? { ok: false, reason: 'খাজনার রসিদ পুরনো বছরের' } : c));
const recheckSteps: Step[] = [
  ...toStepThree,
  ['BADC', 'inspect', { checklist: taxNo, finalRemarks: 'খাজনার রসিদ হালনাগাদ নয়' }],
  ['BADC', 'requestRecheck', { on: true, message: 'চলতি বছরের খাজনার রসিদ দিন' }],
];
await wellApplication('New', recheckSteps); // a recheck asked, the applicant has not answered yet
const amended = await wellApplication('New', recheckSteps);
await verify(amended.who, amended.number, 4);
const newTax = await taxReceipt({ ...amended.who, seed: amended.who.seed + 1000 });
await amended.who.call('/api/citizen/application/files/landTaxReceipt', {
  method: 'PUT',
  body: newTax,
  headers: { 'content-type': 'image/jpeg', 'x-file-name': encodeURIComponent('নতুন খাজনার রসিদ.jpg') },
});
await amended.who.call('/api/citizen/application/amendment/submit', { method: 'POST', json: {} });

const consent = await wellApplication('New', toApprovable());
const consentLetter = (signedBy: string) =>
  typedLetter(consent.who, {
    title: 'সম্মতিপত্র',
    lines: [
      'বরাবর, সভাপতি, উপজেলা সেচ কমিটি, শিবগঞ্জ।',
      `আমি ${consent.who.name}, পিতা ${consent.who.father}, গ্রাম ${consent.who.village},`,
      `দাগ নং ${consent.who.dag}-এ নলকূপ স্থাপনে নিকটবর্তী নলকূপের`,
      'ম্যানেজার হিসেবে আমার কোনো আপত্তি নেই।',
    ],
    signedBy,
  });
await as.today.BADC(`/api/staff/applications/${consent.id}/files/managerConsent`, {
  method: 'PUT',
  body: await consentLetter('ম্যানেজার, পার্শ্ববর্তী গভীর নলকূপ'),
  headers: { 'content-type': 'image/jpeg', 'x-file-name': encodeURIComponent('সম্মতিপত্রের ফরম.jpg') },
});
await verify(consent.who, consent.number, 5);
await consent.who.call('/api/citizen/application/consent', {
  method: 'PUT',
  body: await consentLetter(consent.who.name),
  headers: { 'content-type': 'image/jpeg', 'x-file-name': encodeURIComponent('স্বাক্ষরিত সম্মতিপত্র.jpg') },
});

// ---------------------------------------------------------------------------------------------
// Complaints and copy requests (spec 1 §2, §5), one of each already dealt with

console.log('অভিযোগ ও অনুলিপি / Complaints and copies…');
const licensed = newOnes[9]!;
const licensedNumber = (await licenceOf(licensed.id)).number;
for (const [n, status] of (['received', 'resolved'] as const).entries()) {
  const who = await person();
  const [form, certificate, slip, licencePicture] = await Promise.all([
    typedLetter(who, {
      title: 'অভিযোগপত্র',
      lines: [
        'বরাবর, সভাপতি, উপজেলা সেচ কমিটি, শিবগঞ্জ।',
        `লাইসেন্স নং ${licensedNumber}-এর নলকূপটি আমার জমির`,
        'খুব কাছে বসানো হয়েছে; আমার নলকূপে পানি কমে গেছে।',
        'সরেজমিনে তদন্তের অনুরোধ করছি।',
      ],
      signedBy: who.name,
    }),
    typedLetter(who, {
      title: 'প্রত্যয়নপত্র',
      lines: [`প্রত্যয়ন করা যাচ্ছে যে ${who.name} এই ইউনিয়নের`, 'স্থায়ী বাসিন্দা ও কৃষক।'],
      signedBy: 'চেয়ারম্যান, ইউনিয়ন পরিষদ',
      stampLines: ['ইউনিয়ন পরিষদ', who.union],
    }),
    slipOf(who, 200, 'অভিযোগ ফি'),
    licenceCopy({ ...licensed.who, licenceNumber: licensedNumber, validTo: yearsAfter(today, 3) }),
  ]);
  const { id } = await intake(
    who,
    'Complaint',
    { name: who.name, mobile: who.mobile },
    {
      licenceForm: jpeg(licencePicture, 'লাইসেন্স.jpg'),
      depositReceipt: slip,
      complaintForm: jpeg(form, 'অভিযোগপত্র.jpg'),
      certificate: jpeg(certificate, 'প্রত্যয়নপত্র.jpg'),
    },
  );
  if (status !== 'received') {
    await admin(`/api/services/complaints/${id}/status`, {
      method: 'PUT',
      json: { status, note: n ? 'সরেজমিনে দেখা হয়েছে; দূরত্ব নিয়ম মেনেই' : '' },
    });
  }
  count('Complaint');
}
for (const [n, status] of (['received', 'in_progress'] as const).entries()) {
  const h = n === 0 ? licensed : existingOnes[6]!;
  const licence = await licenceOf(h.id);
  const who = { ...h.who, call: await client({ address: `10.40.0.${n}` }) };
  const [gd, licencePicture, slip, bill] = await Promise.all([
    typedLetter(who, {
      title: 'সাধারণ ডায়েরি (জিডি)',
      lines: ['শিবগঞ্জ থানা, চাঁপাইনবাবগঞ্জ', `লাইসেন্স নং ${licence.number}-এর মূল কাগজ`, 'বন্যায় হারিয়ে গেছে।'],
      signedBy: 'ডিউটি অফিসার',
      stampLines: ['শিবগঞ্জ থানা', 'চাঁপাইনবাবগঞ্জ'],
    }),
    licenceCopy({ ...who, licenceNumber: licence.number, validTo: yearsAfter(today, 3) }),
    slipOf(who, 300, 'লাইসেন্সের অনুলিপি ফি'),
    billOf(who),
  ]);
  const { id } = await intake(
    who,
    'Copy',
    { licenceNumber: String(licence.number), mobile: who.mobile, fee: '৩০০', appType: n ? 'destroyed' : 'lost' },
    {
      ...(await who.papers()),
      gdCopy: jpeg(gd, 'জিডি.jpg'),
      licenceCopy: jpeg(licencePicture, 'লাইসেন্স.jpg'),
      electricityBill: bill,
      depositReceipt: slip,
    },
  );
  if (status !== 'received') {
    await admin(`/api/services/copies/${id}/status`, { method: 'PUT', json: { status, note: 'ফি যাচাই চলছে' } });
  }
  count('Copy');
}

// The irrigation committee's resolutions over the applications above (decision 036).
counts.Resolution = await seedResolutions(as.today.BADC, db);

// Licences of the paper register, typed and imported (decision 039).
console.log('পুরোনো রেজিস্টার / Old records…');
counts.Old = await seedOldRecords(as.today.BADC, admin);

// Everything above was sent today (or, for 'past' licences, years ago). Spread today's submissions
// over the last eleven months, as a year of the office's work would be, so that the dashboards'
// month chart (decision 042) has a shape for a newcomer to judge. Stages, deadlines and licences
// keep their own dates.
await sql`
  UPDATE applications
     SET submitted_at = submitted_at - make_interval(days => ((application_number * 37) % 330)::int),
         created_at = created_at - make_interval(days => ((application_number * 37) % 330)::int)
   WHERE submitted_at > now() - interval '2 days' AND kind <> 'Old'
`.execute(db);

const seconds = Math.round((Date.now() - started) / 1000);
console.log(`ডেমো ডেটা তৈরি হয়েছে / Demo data created in ${seconds} s:`);
for (const [what, n] of Object.entries(counts)) console.log(`  ${what.padEnd(10)} ${n}`);
console.log('স্টাফ অ্যাকাউন্ট (পাসওয়ার্ড শুধু এখন দেখানো হচ্ছে) / Staff accounts (passwords shown only now):');
for (const [role, s] of Object.entries(staff)) console.log(`  ${role.padEnd(10)} ${s.email}  ${s.password}`);
await db.destroy();
process.exit(0);
