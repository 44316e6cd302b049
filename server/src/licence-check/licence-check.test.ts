import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import sharp from 'sharp';
import QRCode from 'qrcode';
import { addYears, todayInDhaka } from '@portal/shared';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createApp } from '../app.js';
import { qrPng } from '../pdf/qr.js';
import { updateSettings } from '../features/settings/settings.repository.js';
import { signInAs } from '../test/roles.js';
import { seedLicence } from './licence-check-fixtures.js';
import { licenceCheckUrlFor, portalOrigin } from './licence-qr.js';
import { loadSigningKey, parseConfiguredKey } from './signing-key.js';
import { decodeFacts } from '@portal/shared/licence-facts';
import { verifyCheckUrl } from './signed-facts.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

interface PublishedKey {
  keyId: string;
  publicKey: string;
  algorithm: string;
}

async function publishedKey(
  request: (path: string) => Response | Promise<Response> = (p) => ctx.request(p),
): Promise<PublishedKey> {
  const res = await request('/api/public/licence-key');
  expect(res.status).toBe(200);
  return (await res.json()) as PublishedKey;
}

const raw = (key: PublishedKey) => new Uint8Array(Buffer.from(key.publicKey, 'base64url'));
const today = () => todayInDhaka(ctx.clock.now);
const dayBefore = (iso: string) => new Date(Date.parse(iso) - 24 * 3600_000).toISOString().slice(0, 10);

async function signedUrl(licenceId: string): Promise<string> {
  const url = await licenceCheckUrlFor(ctx.db, licenceId, 'http://office.local:3000/api/x', ctx.clock.now);
  expect(url).not.toBeNull();
  return url!;
}

/** The text a phone's camera reads from the QR image the PDF embeds. */
async function scan(png: Uint8Array): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('the signed licence QR', () => {
  it('verifies with the published key and carries the licence facts, nothing more personal', async () => {
    const lic = await seedLicence(ctx, {
      holderName: 'মোছাঃ জাহানারা বেগম',
      mobile: '01799887766',
      nid: '19901234567890123',
      validFrom: addYears(today(), -1),
      validTo: addYears(today(), 2),
    });
    const key = await publishedKey();
    expect(key.algorithm).toBe('Ed25519');
    expect(key.keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(raw(key)).toHaveLength(32);

    const url = await signedUrl(lic.licenceId);
    // No site address configured: the portal's own origin, and the facts only in the fragment.
    expect(url.startsWith('http://office.local:3000/licence-check#')).toBe(true);
    const facts = verifyCheckUrl(url, raw(key));
    expect(facts).toEqual({
      keyId: key.keyId,
      number: lic.number,
      holderName: 'মোছাঃ জাহানারা বেগম',
      place: { village: 'কানসাট', union: 'বিনোদপুর', upazila: 'শিবগঞ্জ' },
      validFrom: addYears(today(), -1),
      validTo: addYears(today(), 2),
      issuedOn: addYears(today(), -1),
    });
    const payload = Buffer.from(url.split('#')[1]!.split('.')[0]!, 'base64url').toString('utf8');
    expect(payload).not.toContain('01799887766');
    expect(payload).not.toContain('19901234567890123');
    expect(payload).not.toContain('আব্দুল করিম');
  });

  it('fails when any byte of the payload or the signature is altered, or another key signed it', async () => {
    const lic = await seedLicence(ctx, { validFrom: today(), validTo: addYears(today(), 3) });
    const key = raw(await publishedKey());
    const url = await signedUrl(lic.licenceId);
    const [base, fragment] = url.split('#') as [string, string];
    const [payloadPart, signaturePart] = fragment.split('.') as [string, string];
    const payload = Buffer.from(payloadPart, 'base64url');
    const signature = Buffer.from(signaturePart, 'base64url');
    expect(verifyCheckUrl(url, key)).not.toBeNull();
    for (let i = 0; i < payload.length; i++) {
      const altered = Buffer.from(payload);
      altered[i] = altered[i]! ^ 0x01;
      expect(verifyCheckUrl(`${base}#${altered.toString('base64url')}.${signaturePart}`, key), `byte ${i}`).toBeNull();
    }
    for (let i = 0; i < signature.length; i++) {
      const altered = Buffer.from(signature);
      altered[i] = altered[i]! ^ 0x80;
      expect(verifyCheckUrl(`${base}#${payloadPart}.${altered.toString('base64url')}`, key), `sig ${i}`).toBeNull();
    }
    // A forger's own key signs a well-formed payload: it does not verify with the office's key.
    const forger = crypto.generateKeyPairSync('ed25519').privateKey;
    const forged = crypto.sign(null, payload, forger).toString('base64url');
    expect(verifyCheckUrl(`${base}#${payloadPart}.${forged}`, key)).toBeNull();
  });

  it('prefers the site address of Base Settings when it is an http(s) address', () => {
    expect(portalOrigin('https://sech.shibganj.gov.bd/home', 'http://10.0.0.5:3000/api/x')).toBe(
      'https://sech.shibganj.gov.bd',
    );
    expect(portalOrigin('sech.shibganj.gov.bd', 'http://10.0.0.5:3000/api/x')).toBe('http://10.0.0.5:3000');
    expect(portalOrigin('', 'http://10.0.0.5:3000/api/x')).toBe('http://10.0.0.5:3000');
  });

  it('fits a legible QR for a long Bangla name and place, and scans back to a URL that verifies', async () => {
    const lic = await seedLicence(ctx, {
      holderName: 'মোছাঃ খাদিজাতুল কুবরা জান্নাতুল ফেরদৌসী',
      village: 'উত্তর চককীর্তি মধ্যপাড়া',
      union: 'দক্ষিণ বিনোদপুর',
      upazila: 'শিবগঞ্জ',
      validFrom: today(),
      validTo: addYears(today(), 3),
    });
    const settings = { updatedBy: null, now: ctx.clock.now };
    await updateSettings(ctx.db, { webUrl: 'https://sech.shibganjupazila.gov.bd/' }, settings);
    const url = await signedUrl(lic.licenceId);
    await updateSettings(ctx.db, { webUrl: '' }, settings);
    expect(url.startsWith('https://sech.shibganjupazila.gov.bd/licence-check#')).toBe(true);
    // Measured: this long name and place (about 80 Bangla letters, 3 bytes each in UTF-8) make a
    // 516-character URL, QR version 18 at level M: 89 modules plus the 1-module margin on the PDF's
    // 104-point square (36.7 mm) is 0.40 mm a module, still within what an office printer prints and
    // a phone camera reads. A usual name and place (about 40 letters) make 345 characters, version 14.
    const version = QRCode.create(url, { errorCorrectionLevel: 'M' }).version;
    const mmPerModule = ((104 / 72) * 25.4) / (17 + 4 * version + 2);
    expect(url.length).toBeLessThan(560);
    expect(mmPerModule).toBeGreaterThan(0.4);

    const scanned = await scan(await qrPng(url));
    expect(scanned).toBe(url);
    expect(verifyCheckUrl(scanned!, raw(await publishedKey()))?.holderName).toBe('মোছাঃ খাদিজাতুল কুবরা জান্নাতুল ফেরদৌসী');
  });
  it('is the QR printed on the licence PDF, and a phone reading the printed page gets a link that verifies', async () => {
    const lic = await seedLicence(ctx, {
      holderName: 'মোঃ আব্দুস সালাম প্রামানিক',
      validFrom: today(),
      validTo: addYears(today(), 3),
    });
    const uno = await signInAs(ctx, 'UNO');
    const res = await ctx.request(`/api/licences/${lic.applicationId}/pdf/front`, { agent: uno });
    expect(res.status).toBe(200);
    // The page as a 200-dpi print (poppler), as a camera would see the paper.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'licence-qr-'));
    try {
      await fs.writeFile(path.join(dir, 'front.pdf'), new Uint8Array(await res.arrayBuffer()));
      await promisify(execFile)('pdftoppm', ['-png', '-r', '200', '-singlefile', 'front.pdf', 'front'], { cwd: dir });
      const page = sharp(await fs.readFile(path.join(dir, 'front.png')));
      const { width, height } = await page.metadata();
      // The QR codes stand in the top right of the page (the well's location code is absent: no coordinates).
      const corner = await page
        .extract({ left: Math.round(width / 2), top: 0, width: Math.round(width / 2), height: Math.round(height / 2) })
        .png()
        .toBuffer();
      const scanned = await scan(corner);
      expect(scanned).not.toBeNull();
      expect(verifyCheckUrl(scanned!, raw(await publishedKey()))).toMatchObject({
        number: lic.number,
        holderName: 'মোঃ আব্দুস সালাম প্রামানিক',
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the public licence check', () => {
  it('answers each status by the licence rule, with the place and validity, and 404 for an unknown number', async () => {
    const t = today();
    const cases = [
      ['active', { validFrom: addYears(t, -1), validTo: addYears(t, 2) }],
      ['testing', { validFrom: t, validTo: addYears(t, 1), isTesting: true }],
      ['expired', { validFrom: addYears(t, -3), validTo: dayBefore(t) }],
      ['suspended', { validFrom: addYears(t, -1), validTo: addYears(t, 2), suspended: true }],
      // Suspension wins over expiry.
      ['suspended', { validFrom: addYears(t, -4), validTo: addYears(t, -1), suspended: true }],
    ] as const;
    for (const [status, seed] of cases) {
      const lic = await seedLicence(ctx, seed);
      const res = await ctx.request(`/api/public/licence-check/${lic.number}`);
      expect(res.status, status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({
        number: lic.number,
        holderName: 'মোছাঃ রহিমা খাতুন',
        place: { village: 'কানসাট', union: 'বিনোদপুর', upazila: 'শিবগঞ্জ' },
        validFrom: seed.validFrom,
        validTo: seed.validTo,
        status,
      });
    }
    const unknown = await ctx.request('/api/public/licence-check/987654');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/[\u0980-\u09FF]/);
    expect((await ctx.request('/api/public/licence-check/abc')).status).toBe(400);
  });

  it('turns expired the day after the last valid day, with nobody touching the licence', async () => {
    const lic = await seedLicence(ctx, { validFrom: addYears(today(), -3), validTo: today() });
    const status = async () =>
      ((await (await ctx.request(`/api/public/licence-check/${lic.number}`)).json()) as { status: string }).status;
    expect(await status()).toBe('active');
    const before = ctx.clock.now;
    ctx.clock.advance(24 * 3600_000);
    try {
      expect(await status()).toBe('expired');
    } finally {
      ctx.clock.now = before;
    }
  });

  it('never answers a mobile number, an NID or a father name', async () => {
    const lic = await seedLicence(ctx, {
      mobile: '01811223344',
      nid: '5544332211',
      validFrom: today(),
      validTo: addYears(today(), 3),
    });
    const answers = [
      await (await ctx.request(`/api/public/licence-check/${lic.number}`)).text(),
      await (await ctx.request('/api/public/licence-key')).text(),
    ];
    for (const text of answers) {
      expect(text).not.toContain('01811223344');
      expect(text).not.toContain('5544332211');
      expect(text).not.toContain('আব্দুল করিম');
      expect(text).not.toMatch(/mobile|nid|father|private/i);
    }
  });

  it('slows one address walking the numbers, with a Bangla message and Retry-After', async () => {
    const lic = await seedLicence(ctx, { validFrom: today(), validTo: addYears(today(), 3) });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    // One reverse proxy in front, so each request's address is the one it appended.
    ctx.deps.config.trustProxyHops = 1;
    try {
      let last: Response | null = null;
      for (let i = 0; i < 61; i++)
        last = await ctx.request(`/api/public/licence-check/${lic.number}`, from('203.0.113.9'));
      expect(last!.status).toBe(429);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await last!.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('RATE_LIMITED');
      expect(body.error.message).toMatch(/[\u0980-\u09FF]/);
      // Another address is not slowed.
      expect((await ctx.request(`/api/public/licence-check/${lic.number}`, from('203.0.113.10'))).status).toBe(200);
    } finally {
      ctx.deps.config.trustProxyHops = 0;
    }
    expect((await ctx.request(`/api/public/licence-check/${lic.number}`)).status).toBe(200);
  });
});

describe('the signing key', () => {
  it('is one key for two app instances on one database, made once and kept', async () => {
    const fresh = await createTestContext();
    try {
      const second = createApp(fresh.deps);
      // Both instances ask for the key for the very first time at once.
      const [a, b] = await Promise.all([
        publishedKey((p) => fresh.app.request(p)),
        publishedKey((p) => second.request(p)),
      ]);
      expect(a).toEqual(b);
      const rows = await fresh.db
        .withTables<{ licence_signing_key: { id: number } }>()
        .selectFrom('licence_signing_key')
        .select('id')
        .execute();
      expect(rows).toHaveLength(1);
      // What one instance signs, the other's published key verifies.
      const lic = await seedLicence(fresh, { validFrom: todayInDhaka(fresh.clock.now), validTo: '2099-01-01' });
      const url = await licenceCheckUrlFor(fresh.db, lic.licenceId, 'http://a.local/', fresh.clock.now);
      expect(verifyCheckUrl(url!, raw(b))).not.toBeNull();
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('comes from LICENCE_SIGNING_KEY when set, as PEM or base64 DER, and refuses any other kind of key', async () => {
    const pair = crypto.generateKeyPairSync('ed25519');
    const pem = pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const expectedRaw = Buffer.from(pair.publicKey.export({ format: 'jwk' }).x!, 'base64url');
    for (const configured of [pem, der]) {
      const key = await loadSigningKey(ctx.db, configured);
      expect(Buffer.from(key.publicKey).equals(expectedRaw)).toBe(true);
      expect(key.keyId).toBe(crypto.createHash('sha256').update(expectedRaw).digest('hex').slice(0, 8));
    }
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(() => parseConfiguredKey(rsa.export({ format: 'pem', type: 'pkcs8' }).toString())).toThrow(/Ed25519/);
    expect(() => parseConfiguredKey('not a key')).toThrow(/PKCS#8/);
    // The stored key is not replaced by a configured one.
    expect((await loadSigningKey(ctx.db)).keyId).toBe((await publishedKey()).keyId);
  });

  it('reads back only version-1 payloads', () => {
    expect(
      decodeFacts(new TextEncoder().encode('2\nabcd1234\n1\na\nb\nc\nd\n20260101\n20270101\n20260101')),
    ).toBeNull();
  });
});
