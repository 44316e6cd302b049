/**
 * Fills the configured database with demo data for trying the portal out: one staff account per
 * role (random passwords, printed once), applications at every stage of the pipeline with real
 * pictures and papers, and the public site's slider, photo gallery and GEO database (pictures
 * drawn by demo-pictures.ts, docs/decisions/016-image-decoding-and-metadata.md). It goes through
 * the real API in-process, so every rule applies as it would for a person.
 * Never runs by itself: `npm run demo:seed` on a database of its own (it refuses one that already
 * holds applications).
 */
import crypto from 'node:crypto';
import { STAFF_ROLES, type StaffRole } from '@portal/shared';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { hashPassword } from '../features/auth/password.js';
import { randomPassword } from '../features/auth/password-policy.js';
import { manifestOf, validFields, type FileSet } from '../features/applications/intake-fixtures.js';
import {
  fieldWithPumpHouse,
  geoMap,
  khotianPdf,
  mouzaMap,
  nidScan,
  officeSignboard,
  outletCloseUp,
  passportPhoto,
  signature,
  taxReceipt,
  type Applicant,
} from './demo-pictures.js';

const config = loadConfig();
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
const app = createApp({ db, config, now: () => new Date() });

/** A signed-in client of the in-process app, keeping its session cookie. */
async function client(email?: string, password?: string) {
  let cookie = '';
  const call = async (
    path: string,
    init: { method?: string; json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (cookie) headers.cookie = cookie;
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
  if (email) await call('/api/auth/login', { method: 'POST', json: { email, password } });
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
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  staff[role] = { email, password };
}
const as = {
  Chairman: await client(staff.Chairman!.email, staff.Chairman!.password),
  UNO: await client(staff.UNO!.email, staff.UNO!.password),
  BADC: await client(staff.BADC!.email, staff.BADC!.password),
};
const admin = await client(staff.Admin!.email, staff.Admin!.password);
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
  for (const picture of pictures) {
    await admin(`/api/admin/galleries/${gallery}`, {
      method: 'POST',
      body: await picture,
      headers: { 'content-type': 'image/jpeg' },
    });
  }
}

const citizen = await client();
const names = [
  'রহিম উদ্দিন',
  'করিমা খাতুন',
  'আবদুল মালেক',
  'সালমা বেগম',
  'জহিরুল ইসলাম',
  'নাসরিন আক্তার',
  'মোস্তফা কামাল',
  'রাশিদা পারভীন',
  'হাবিবুর রহমান',
  'শাহনাজ পারভীন',
  'কামরুল হাসান',
  'ফাতেমা জোহরা',
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
const today = new Date().toISOString().slice(0, 10);

/** The six papers of the new-licence form (spec 1 §5), as the applicant's phone would send them. */
async function papers(a: Applicant): Promise<FileSet> {
  const jpeg = (bytes: Uint8Array, name: string) => ({ bytes, mime: 'image/jpeg', name });
  return {
    photo: jpeg(await passportPhoto(a.seed, a.name, a.woman), 'ছবি.jpg'),
    signature: jpeg(await signature(a.seed, a.name), 'স্বাক্ষর.jpg'),
    nid: jpeg(await nidScan(a), 'জাতীয় পরিচয়পত্র.jpg'),
    landRecord: { bytes: await khotianPdf(a), mime: 'application/pdf', name: 'খতিয়ান.pdf' },
    landTaxReceipt: jpeg(await taxReceipt(a), 'খাজনার রসিদ.jpg'),
    mouzaMap: jpeg(await mouzaMap(a), 'মৌজা ম্যাপ.jpg'),
  };
}
const inYears = (n: number) => `${Number(today.slice(0, 4)) + n}${today.slice(4)}`;

async function submit(i: number): Promise<{ id: string; version: () => Promise<number> }> {
  const id = crypto.randomUUID();
  const village = unions[i % unions.length]!;
  const applicant: Applicant = {
    seed: i + 1,
    name: names[i]!,
    father: fathers[i]!,
    woman: i % 2 === 1,
    village,
    mouza: village,
    dag: String(100 + i),
  };
  const files = await papers(applicant);
  await citizen('/api/applications', {
    method: 'POST',
    json: {
      clientId: id,
      kind: 'New',
      fields: validFields({
        applicantName: names[i],
        fatherName: fathers[i],
        village,
        union: village,
        postOffice: village,
        mouza: village,
        mobile: `0171${String(1000000 + i).padStart(7, '0')}`,
        dagNumber: String(100 + i),
        latitude: 24.68 + i / 100,
        longitude: 88.16 + i / 100,
      }),
      files: manifestOf(files),
    },
  });
  for (const [slot, f] of Object.entries(files)) {
    await citizen(`/api/applications/${id}/files/${slot}`, {
      method: 'PUT',
      body: f!.bytes,
      headers: {
        'content-type': f!.mime,
        'x-file-name': encodeURIComponent(f!.name),
        'x-file-sha256': manifestOf({ [slot]: f })[0]!.sha256,
      },
    });
  }
  return { id, version: async () => (await as.BADC(`/api/staff/applications/${id}`)).version as number };
}

type Step = [keyof typeof as, string, Record<string, unknown>];
const yes = Array.from({ length: 6 }, () => ({ ok: true }));
const toStepTwo: Step[] = [['Chairman', 'forward', {}]];
const toStepThree: Step[] = [...toStepTwo, ['UNO', 'forward', {}]];
const toPending: Step[] = [
  ...toStepThree,
  ['BADC', 'inspect', { checklist: yes, finalRemarks: 'সরেজমিনে দেখা হয়েছে' }],
];
const toApprovable: Step[] = [...toPending, ['BADC', 'decideFirst', { approvable: true }]];
const approve: Step = ['BADC', 'approve', { termYears: 3, issuedOn: today, validFrom: today, validTo: inYears(3) }];
const plans: Step[][] = [
  [],
  [],
  toStepTwo,
  toStepTwo,
  toStepThree,
  toStepThree,
  toPending,
  toApprovable,
  [...toPending, ['BADC', 'decideFirst', { approvable: false, reason: 'নিকটতম নলকূপ খুব কাছে' }]],
  [...toApprovable, approve],
  [...toApprovable, ['BADC', 'decline', { reason: 'জমির কাগজ সঠিক নয়' }]],
  [...toApprovable, approve, ['BADC', 'suspend', { note: 'শর্ত ভঙ্গ: অনুমতি ছাড়া স্থান বদল' }]],
];
for (const [i, plan] of plans.entries()) {
  const app = await submit(i);
  for (const [role, action, payload] of plan) {
    const version = await app.version();
    await as[role](`/api/staff/applications/${app.id}/actions`, {
      method: 'POST',
      json: { action, version, clientActionId: crypto.randomUUID(), payload },
    });
  }
}

console.log('ডেমো ডেটা তৈরি হয়েছে / Demo data created: 12 applications at every stage.');
console.log('স্টাফ অ্যাকাউন্ট (পাসওয়ার্ড শুধু এখন দেখানো হচ্ছে) / Staff accounts (passwords shown only now):');
for (const [role, s] of Object.entries(staff)) console.log(`  ${role.padEnd(10)} ${s.email}  ${s.password}`);
await db.destroy();
process.exit(0);
