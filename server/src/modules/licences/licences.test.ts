import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { CITIZEN_GRANT_COOKIE, SESSION, licenceDocumentSchema, type StaffRole } from '@portal/shared';
import { Agent, createTestContext, type TestContext } from '../../test/harness.js';
import { createSession } from '../../platform/http/session.js';
import { hashGrantToken } from '../../platform/http/citizen-grant.js';
import { wellPositionColumns } from '../map/well-position.js';
import { changeLicenceHolder } from './licence.writer.js';
import { insertUser } from '../auth/users.repository.js';

/**
 * The licence certificate as an officer and a citizen meet it: who may open it, what it says, and
 * the two PDFs. Applications and licences are inserted directly (the review feature issues them).
 */
let ctx: TestContext;

const fields = {
  applicantName: 'মোঃ আব্দুর রহমান',
  fatherName: 'আব্দুল কুদ্দুস',
  mobile: '01712345678',
  upazila: 'কালীগঞ্জ',
  village: 'চন্দ্রপুর',
  union: 'জামালপুর',
  postOffice: 'কালীগঞ্জ',
  mouza: 'শ্রীরামপুর',
  jlNumber: '123',
  khotian: '456',
  dagNumber: '789',
  wellClass: 'deep',
  wellSize: '1.5',
  pumpType: 'electric',
  advanceFee: 500,
  latitude: 23.9214,
  longitude: 90.5678,
  agreed: true,
};

async function insertApplication(
  opts: {
    stage?: string;
    licence?: Partial<{ number: number; status: string; note: string; term: number; from: string; to: string }>;
  } = {},
) {
  const id = crypto.randomUUID();
  await ctx.db
    .insertInto('applications')
    .values({
      id,
      kind: 'New',
      content_hash: id,
      intake_status: 'complete',
      fields: JSON.stringify(fields),
      file_manifest: '[]',
      mobile: fields.mobile,
      applicant_name: fields.applicantName,
      ...wellPositionColumns(fields, 'applicant'),
      stage: (opts.stage ?? 'Approved') as never,
      submitted_at: new Date(),
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  let licenceId: string | null = null;
  if (opts.licence) {
    licenceId = crypto.randomUUID();
    const l = opts.licence;
    await ctx.db
      .insertInto('licences')
      .values({
        id: licenceId,
        application_id: id,
        holder_name: fields.applicantName,
        ...(l.number ? { licence_number: l.number } : {}),
        term_years: l.term ?? 3,
        is_testing: (l.term ?? 3) === 1,
        issued_on: l.from ?? '2026-01-10',
        valid_from: l.from ?? '2026-01-10',
        valid_to: l.to ?? '2029-01-10',
        status: (l.status ?? 'active') as never,
        suspend_note: l.note ?? null,
        created_at: new Date(),
      })
      .execute();
  }
  return { id, licenceId };
}

async function staffAgent(role: StaffRole | null): Promise<Agent> {
  const user = (await insertUser(ctx.db, {
    email: `${crypto.randomUUID()}@example.org`,
    passwordHash: 'x',
    role,
    mustChangePassword: false,
    now: new Date(),
  }))!;
  const { token } = await createSession(ctx.db, user.id, ctx.clock.now);
  const agent = new Agent();
  agent.cookies.set(SESSION.cookieName, token);
  return agent;
}

/** A browser whose mobile number was verified for this one application (what /verification/6 leaves behind). */
async function citizenAgent(applicationId: string, ttlMs = 30 * 60_000): Promise<Agent> {
  const token = crypto.randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('citizen_grants')
    .values({
      token_hash: hashGrantToken(token),
      application_id: applicationId,
      purpose: 6,
      expires_at: new Date(ctx.clock.now.getTime() + ttlMs),
      created_at: ctx.clock.now,
    })
    .execute();
  const agent = new Agent();
  agent.cookies.set(CITIZEN_GRANT_COOKIE, token);
  return agent;
}

async function setSettings(data: Record<string, unknown>) {
  await ctx.db
    .updateTable('site_settings')
    .set({ data: JSON.stringify(data) as never })
    .where('id', '=', 1)
    .execute();
}

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function pdfText(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
}

beforeAll(async () => {
  ctx = await createTestContext();
  await setSettings({ address: 'কালীগঞ্জ', jilla: 'গাজীপুর', licenseOnline: 'ON' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('who may open a licence', () => {
  it('asks an anonymous visitor to verify or sign in', async () => {
    const { id } = await insertApplication({ licence: {} });
    const citizen = await ctx.request('/api/citizen/licence');
    expect(citizen.status).toBe(401);
    expect(await errorCode(citizen)).toBe('VERIFICATION_REQUIRED');
    const staff = await ctx.request(`/api/staff/licences/${id}`);
    expect(staff.status).toBe(401);
    expect(await errorCode(staff)).toBe('UNAUTHENTICATED');
    const pdf = await ctx.request(`/api/licences/${id}/pdf/front`);
    expect(pdf.status).toBe(401);
    expect(await errorCode(pdf)).toBe('VERIFICATION_REQUIRED');
  });

  it('shows a verified citizen their own approved licence, and refuses another application', async () => {
    const mine = await insertApplication({ licence: {} });
    const other = await insertApplication({ licence: {} });
    const agent = await citizenAgent(mine.id);

    const res = await ctx.request('/api/citizen/licence', { agent });
    expect(res.status).toBe(200);
    const doc = licenceDocumentSchema.parse(await res.json());
    expect(doc.applicationId).toBe(mine.id);
    expect(doc.applicantName).toBe(fields.applicantName);

    const own = await ctx.request(`/api/licences/${mine.id}/pdf/front`, { agent });
    expect(own.status).toBe(200);
    const foreign = await ctx.request(`/api/licences/${other.id}/pdf/front`, { agent });
    expect(foreign.status).toBe(403);
    expect(await errorCode(foreign)).toBe('FORBIDDEN');
  });

  it('refuses an expired verification', async () => {
    const { id } = await insertApplication({ licence: {} });
    const agent = await citizenAgent(id, 60_000);
    ctx.clock.advance(2 * 60_000);
    const res = await ctx.request('/api/citizen/licence', { agent });
    expect(res.status).toBe(401);
  });

  it('tells the citizen when final approval has not been given', async () => {
    const { id } = await insertApplication({ stage: 'Approvable' });
    const agent = await citizenAgent(id);
    const res = await ctx.request('/api/citizen/licence', { agent });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('LICENCE_NOT_READY');
    expect(body.error.message).toMatch(/চূড়ান্ত অনুমোদন/);
  });

  it('sends the citizen to the office when online licences are off, but staff still see it', async () => {
    const { id } = await insertApplication({ licence: {} });
    await setSettings({ address: 'কালীগঞ্জ', jilla: 'গাজীপুর', licenseOnline: 'OFF' });
    try {
      const citizen = await citizenAgent(id);
      const res = await ctx.request('/api/citizen/licence', { agent: citizen });
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe('LICENCE_OFFLINE_ONLY');
      const pdf = await ctx.request(`/api/licences/${id}/pdf/back`, { agent: citizen });
      expect(pdf.status).toBe(403);

      const officer = await staffAgent('UNO');
      expect((await ctx.request(`/api/staff/licences/${id}`, { agent: officer })).status).toBe(200);
      expect((await ctx.request(`/api/licences/${id}/pdf/back`, { agent: officer })).status).toBe(200);
    } finally {
      await setSettings({ address: 'কালীগঞ্জ', jilla: 'গাজীপুর', licenseOnline: 'ON' });
    }
  });

  it('lets the officers whose lists show it open it, not the Admin nor an account still waiting for a role', async () => {
    const { id } = await insertApplication({ licence: {} });
    for (const role of ['Chairman', 'UNO', 'BADC', 'Pollibidut'] as const) {
      const res = await ctx.request(`/api/staff/licences/${id}`, { agent: await staffAgent(role) });
      expect(res.status, role).toBe(200);
    }
    // No Admin screen shows a licence (docs/decisions/017-permissions.md).
    const admin = await staffAgent('Admin');
    expect((await ctx.request(`/api/staff/licences/${id}`, { agent: admin })).status).toBe(403);
    expect((await ctx.request(`/api/licences/${id}/pdf/front`, { agent: admin })).status).toBe(403);
    const waiting = await staffAgent(null);
    const res = await ctx.request(`/api/staff/licences/${id}`, { agent: waiting });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('ACCOUNT_NO_ROLE');
    const pdf = await ctx.request(`/api/licences/${id}/pdf/front`, { agent: waiting });
    expect(pdf.status).toBe(403);
  });

  it('answers 409 to staff for an application without a licence and 404 for none at all', async () => {
    const agent = await staffAgent('BADC');
    const { id } = await insertApplication({ stage: 'Pending' });
    expect((await ctx.request(`/api/staff/licences/${id}`, { agent })).status).toBe(409);
    expect((await ctx.request(`/api/staff/licences/${crypto.randomUUID()}`, { agent })).status).toBe(404);
    expect((await ctx.request('/api/staff/licences/not-a-uuid', { agent })).status).toBe(400);
  });
});

describe('what the certificate says', () => {
  it('shows the licence number, holder, status and validity, the signed check link and the map link', async () => {
    const { id } = await insertApplication({ licence: { number: 9071, from: '2026-02-01', to: '2029-02-01' } });
    const res = await ctx.request(`/api/staff/licences/${id}`, { agent: await staffAgent('BADC') });
    const doc = licenceDocumentSchema.parse(await res.json());
    expect(doc.licenceNumber).toBe(9071);
    // The details QR is the signed check link (decision 024); what it vouches for is the document's.
    expect(doc.qr.details).toMatch(/\/licence-check#/);
    expect(doc.applicantName).toBe(fields.applicantName);
    expect(doc.status).toBe('active');
    expect([doc.validFrom, doc.validTo]).toEqual(['2026-02-01', '2029-02-01']);
    expect(doc.qr.location).toBe('https://www.google.com/maps?q=23.9214,90.5678');
    expect(doc.upazila).toBe('কালীগঞ্জ');
    expect(doc.district).toBe('গাজীপুর');
    expect(doc.approver).toEqual({ custom: false, lines: [] });
  });

  it('lists earlier and renewal periods oldest first, with the current one', async () => {
    const { id, licenceId } = await insertApplication({ licence: { from: '2026-01-10', to: '2029-01-10' } });
    await ctx.db
      .insertInto('licence_periods')
      .values([
        {
          licence_id: licenceId!,
          issued_on: '2020-01-10',
          valid_from: '2020-01-10',
          valid_to: '2023-01-09',
          created_at: new Date(),
        },
        {
          licence_id: licenceId!,
          issued_on: '2023-01-10',
          valid_from: '2023-01-10',
          valid_to: '2026-01-09',
          created_at: new Date(),
        },
        {
          licence_id: licenceId!,
          issued_on: '2026-01-10',
          valid_from: '2026-01-10',
          valid_to: '2029-01-10',
          created_at: new Date(),
        },
      ])
      .execute();
    const res = await ctx.request(`/api/staff/licences/${id}`, { agent: await staffAgent('UNO') });
    const doc = licenceDocumentSchema.parse(await res.json());
    expect(doc.periods).toEqual([
      { validFrom: '2020-01-10', validTo: '2023-01-09' },
      { validFrom: '2023-01-10', validTo: '2026-01-09' },
      { validFrom: '2026-01-10', validTo: '2029-01-10' },
    ]);
  });

  it('shows the approver’s own lines when set', async () => {
    const { id, licenceId } = await insertApplication({ licence: {} });
    await ctx.db
      .updateTable('licences')
      .set({
        approver: JSON.stringify({
          sign_status: true,
          text_1: 'মোঃ করিম',
          text_2: 'ইউএনও (ভারপ্রাপ্ত)',
          text_3: '',
        }) as never,
      })
      .where('id', '=', licenceId!)
      .execute();
    const res = await ctx.request(`/api/staff/licences/${id}`, { agent: await staffAgent('UNO') });
    const doc = licenceDocumentSchema.parse(await res.json());
    expect(doc.approver).toEqual({ custom: true, lines: ['মোঃ করিম', 'ইউএনও (ভারপ্রাপ্ত)'] });
  });

  it('still shows a suspended licence to its holder, marked suspended with the reason', async () => {
    // The application stays approved; the licence's own status says suspended (decision 022).
    const { id } = await insertApplication({
      stage: 'Approved',
      licence: { status: 'suspended', note: 'স্থান পরিবর্তন' },
    });
    const agent = await citizenAgent(id);
    const res = await ctx.request('/api/citizen/licence', { agent });
    expect(res.status).toBe(200);
    const doc = licenceDocumentSchema.parse(await res.json());
    expect(doc.status).toBe('suspended');
    expect(doc.suspendNote).toBe('স্থান পরিবর্তন');
  });
});

describe('changing the approver block (BADC)', () => {
  it('lets BADC set custom lines, shows them on the licence, and records who did it', async () => {
    const { id } = await insertApplication({ licence: {} });
    const res = await ctx.request(`/api/staff/licences/${id}/approver`, {
      method: 'PUT',
      json: { custom: true, lines: ['মোঃ করিম', 'উপজেলা নির্বাহী অফিসার (ভারপ্রাপ্ত)', '', '', '', ''] },
      agent: await staffAgent('BADC'),
    });
    expect(res.status).toBe(200);
    const doc = licenceDocumentSchema.parse(await res.json());
    expect(doc.approver).toEqual({ custom: true, lines: ['মোঃ করিম', 'উপজেলা নির্বাহী অফিসার (ভারপ্রাপ্ত)'] });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label'])
      .where('application_id', '=', id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['changeApprover']);

    const back = await ctx.request(`/api/staff/licences/${id}/approver`, {
      method: 'PUT',
      json: { custom: false, lines: ['পুরোনো'] },
      agent: await staffAgent('BADC'),
    });
    expect(licenceDocumentSchema.parse(await back.json()).approver).toEqual({ custom: false, lines: [] });
  });

  it('refuses other roles, empty custom blocks and applications without a licence', async () => {
    const { id } = await insertApplication({ licence: {} });
    const body = { custom: true, lines: ['মোঃ করিম'] };
    const uno = await ctx.request(`/api/staff/licences/${id}/approver`, {
      method: 'PUT',
      json: body,
      agent: await staffAgent('UNO'),
    });
    expect(uno.status).toBe(403);
    const badc = await staffAgent('BADC');
    const empty = await ctx.request(`/api/staff/licences/${id}/approver`, {
      method: 'PUT',
      json: { custom: true, lines: ['', ' '] },
      agent: badc,
    });
    expect(empty.status).toBe(400);
    const { id: pending } = await insertApplication({ stage: 'Pending' });
    const none = await ctx.request(`/api/staff/licences/${pending}/approver`, {
      method: 'PUT',
      json: body,
      agent: badc,
    });
    expect(none.status).toBe(409);
  });
});

describe('the PDFs', () => {
  it('downloads the front as a one-page A4 PDF named license-front.pdf with the licence number in Bangla', async () => {
    const { id } = await insertApplication({ licence: { number: 4321 } });
    const res = await ctx.request(`/api/licences/${id}/pdf/front`, { agent: await staffAgent('BADC') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="license-front.pdf"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    // CI installs poppler-utils, so there the text check is required; elsewhere it runs when pdftotext is present.
    if (hasPdftotext() || process.env.CI) {
      const text = pdfText(bytes);
      expect(text).toContain('৪৩২১');
      expect(text).toContain('২৩.৯২১৪, ৯০.৫৬৭৮');
    } else {
      // Without poppler: the embedded Bangla font is present and the page has real content.
      expect(bytes.length).toBeGreaterThan(20_000);
    }
  });

  it('downloads the back with a six-row validity table', async () => {
    const { id } = await insertApplication({ licence: { number: 4322, from: '2026-03-05', to: '2029-03-05' } });
    const res = await ctx.request(`/api/licences/${id}/pdf/back`, { agent: await staffAgent('UNO') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="license-back.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    // CI installs poppler-utils, so there the text check is required; elsewhere it runs when pdftotext is present.
    if (hasPdftotext() || process.env.CI) {
      const text = pdfText(bytes);
      expect(text).toContain('৪৩২২');
      expect(text).toMatch(/১\s+০৫-০৩-২০২৬\s+০৫-০৩-২০২৯/);
      // Serials ১..৬ each start a table row; the five renewal rows stay empty.
      const serials = text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => /^[১-৬](\s|$)/.test(l));
      expect(serials.map((l) => l[0])).toEqual(['১', '২', '৩', '৪', '৫', '৬']);
      expect(serials.slice(1).every((l) => l.length === 1)).toBe(true);
    } else {
      expect(bytes.length).toBeGreaterThan(10_000);
    }
  });

  it('marks an expired licence on both pages of its PDF, with the day it ended', async () => {
    const { id } = await insertApplication({ licence: { number: 4324, from: '2022-03-01', to: '2025-03-01' } });
    for (const side of ['front', 'back']) {
      const res = await ctx.request(`/api/licences/${id}/pdf/${side}`, { agent: await staffAgent('UNO') });
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (hasPdftotext() || process.env.CI) {
        const text = pdfText(bytes);
        // Whole words, pre-base vowel signs in place (the PDF's ActualText, docs/decisions/054).
        expect(text, side).toContain('০১-০৩-২০২৫ তারিখে শেষ হয়েছে — বৈধ নয়');
      } else {
        expect(bytes.length).toBeGreaterThan(10_000);
      }
    }
  });

  it('prints the new name on the back and keeps the old one in its change history', async () => {
    const { id, licenceId } = await insertApplication({ licence: { number: 4323 } });
    const officer = (await insertUser(ctx.db, {
      email: `${crypto.randomUUID()}@example.org`,
      passwordHash: 'x',
      role: 'BADC',
      mustChangePassword: false,
      now: new Date(),
    }))!;
    await ctx.db.transaction().execute((trx) =>
      changeLicenceHolder(trx, {
        licenceId: licenceId!,
        requestId: null,
        change: { field: 'holderName', to: 'সালমা খাতুন' },
        by: officer.id,
        now: new Date('2026-06-01T06:00:00Z'),
      }),
    );
    const res = await ctx.request(`/api/licences/${id}/pdf/back`, { agent: await staffAgent('UNO') });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (hasPdftotext() || process.env.CI) {
      const text = pdfText(bytes);
      expect(text).toContain('সালমা খাতুন');
      expect(text).toContain('মোঃ আব্দুর রহমান');
      expect(text).toContain('০১-০৬-২০২৬');
    } else {
      expect(bytes.length).toBeGreaterThan(10_000);
    }
  });
});
