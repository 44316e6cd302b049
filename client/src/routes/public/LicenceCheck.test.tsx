import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LocaleProvider } from '../../i18n/locale';
import { fromPrivateKey, type SigningKey } from '../../../../server/src/modules/licence-check/signing-key';
import { b64url, signedCheckUrl, type LicenceFacts } from '../../../../server/src/modules/licence-check/signed-facts';
import LicenceCheck from './LicenceCheck';

/**
 * The page against links signed by the server's own signer (server/src/modules/licence-check): the browser's
 * verifier (@noble/ed25519) must accept what node:crypto signs and refuse anything altered. The
 * portal's answers are what its routes return; offline is a fetch that fails as a dropped
 * connection does.
 */
const office: SigningKey = fromPrivateKey(crypto.generateKeyPairSync('ed25519').privateKey);
/** The office of the site the page is opened on. */
const SITE_OFFICE = 'u159';

const facts: LicenceFacts = {
  office: SITE_OFFICE,
  number: 1234,
  holderName: 'মোছাঃ রহিমা খাতুন',
  place: { village: 'কানসাট', union: 'বিনোদপুর', upazila: 'শিবগঞ্জ' },
  validFrom: '2026-01-10',
  validTo: '2029-01-09',
  issuedOn: '2026-01-10',
};

const fragmentOf = (url: string) => url.slice(url.indexOf('#'));
const signed = (key = office, f = facts) => fragmentOf(signedCheckUrl('https://sech.example.gov.bd', f, key));
const published = (key = office) => ({ keyId: key.keyId, publicKey: b64url(key.publicKey), algorithm: 'Ed25519' });

type Live = Omit<LicenceFacts, 'issuedOn' | 'office'> & {
  status: string;
  office?: { code: string; nameBn: string; nameEn: string };
};
/** The facts as the live answer has them (no issue date; the office by name). */
const { issuedOn: _issued, office: _office, ...liveFacts } = facts;

/** Another office of the same portal: its own key and records. */
interface OtherOffice {
  key: SigningKey;
  live: Record<number, Live>;
}

/**
 * The portal: the site office's published key and live records, and other offices' by `?office=`;
 * `null` for no connection at all.
 */
function portal(live: Record<number, Live> | null, key = office, others: Record<string, OtherOffice> = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    if (live === null) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'https://sech.example.gov.bd');
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const notFound = () =>
      json({ error: { code: 'NOT_FOUND', message: 'পাওয়া যায়নি।', messageEn: 'Not found.' } }, 404);
    const code = url.searchParams.get('office');
    const asked = code === null || code === SITE_OFFICE ? { key, live } : others[code];
    if (!asked) return notFound();
    if (url.pathname === '/api/public/licence-key') return json(published(asked.key));
    const m = /^\/api\/public\/licence-check\/(\d+)$/.exec(url.pathname);
    if (m && asked.live[Number(m[1])]) return json(asked.live[Number(m[1])]);
    return notFound();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function open(fragment = '') {
  return render(
    <LocaleProvider>
      <MemoryRouter initialEntries={[`/licence-check${fragment}`]}>
        <LicenceCheck />
      </MemoryRouter>
    </LocaleProvider>,
  );
}

/** A paper printed before payload version 2: the same facts with no office line, signed by `key`. */
function signedV1(key = office, f = facts) {
  const lines = [
    '1',
    key.keyId,
    String(f.number),
    f.holderName,
    f.place.village,
    f.place.union,
    f.place.upazila,
    ...[f.validFrom, f.validTo, f.issuedOn].map((d) => d.replaceAll('-', '')),
  ];
  const payload = Buffer.from(lines.join('\n'), 'utf8');
  return `#${b64url(payload)}.${b64url(crypto.sign(null, payload, key.privateKey))}`;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the licence check page (/licence-check)', () => {
  it('with no network, after one visit: signature valid, status not checked, and the signed facts', async () => {
    // The first visit, online, keeps the office key on the device.
    portal({});
    open();
    expect(await screen.findByText(office.keyId)).toBeTruthy();
    cleanup();

    portal(null);
    open(signed());
    expect(await screen.findByText('স্বাক্ষর সঠিক — অবস্থা যাচাই হয়নি (সংযোগ নেই)')).toBeTruthy();
    expect(screen.getByText('মোছাঃ রহিমা খাতুন')).toBeTruthy();
    expect(screen.getByText('গ্রাম: কানসাট, ইউনিয়ন: বিনোদপুর, উপজেলা: শিবগঞ্জ')).toBeTruthy();
    expect(screen.getByText('১০-০১-২০২৬ থেকে ০৯-০১-২০২৯')).toBeTruthy();
    expect(screen.getByText('১২৩৪')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('online: the status today, big and coloured, for a paper that matches the record', async () => {
    for (const [status, label] of [
      ['active', 'সক্রিয়'],
      ['testing', 'পরীক্ষামূলক'],
      ['expired', 'মেয়াদোত্তীর্ণ'],
      ['suspended', 'স্থগিত'],
    ] as const) {
      portal({ 1234: { ...liveFacts, status } });
      open(signed());
      const banner = await screen.findByText(label);
      expect(banner.closest('[data-status]')?.getAttribute('data-status')).toBe(status);
      expect(screen.getByText('স্বাক্ষর সঠিক')).toBeTruthy();
      expect(screen.queryByText(/ছাপা লাইসেন্সটি পুরোনো/)).toBeNull();
      cleanup();
    }
  });

  it('says the printout is outdated and shows the live facts after a renewal or a name change', async () => {
    portal({ 1234: { ...liveFacts, holderName: 'রহিমা বেগম', validTo: '2032-01-09', status: 'active' } });
    open(signed());
    expect(await screen.findByText(/এই ছাপা লাইসেন্সটি পুরোনো/)).toBeTruthy();
    expect(screen.getByText('পোর্টালের বর্তমান তথ্য')).toBeTruthy();
    expect(screen.getByText('রহিমা বেগম')).toBeTruthy();
    expect(screen.getByText('১০-০১-২০২৬ থেকে ০৯-০১-২০৩২')).toBeTruthy();
    // The paper's own facts stay visible beside them.
    expect(screen.getByText('মোছাঃ রহিমা খাতুন')).toBeTruthy();
  });

  it('refuses an altered payload and a forged signature in red', async () => {
    const good = signed();
    const [payload, signature] = good.slice(1).split('.') as [string, string];
    // Change the holder's name in the payload and keep the office's signature.
    const text = Buffer.from(payload, 'base64url').toString('utf8').replace('রহিমা', 'করিমা');
    const altered = `#${Buffer.from(text, 'utf8').toString('base64url')}.${signature}`;
    // A forger signs the same facts with a key of their own but claims the office's key id.
    const forger = fromPrivateKey(crypto.generateKeyPairSync('ed25519').privateKey);
    const forged = signed({ ...forger, keyId: office.keyId });

    for (const fragment of [altered, forged, '#garbage', `#${payload}`]) {
      portal({ 1234: { ...liveFacts, status: 'active' } });
      open(fragment);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('এই লাইসেন্স যাচাই করা যায়নি');
      expect(alert.textContent).toContain('জাল বা পরিবর্তিত');
      expect(screen.queryByText('স্বাক্ষর সঠিক')).toBeNull();
      expect(screen.queryByText('সক্রিয়')).toBeNull();
      cleanup();
    }
  });

  it('cannot vouch for a paper on a first visit with no network, nor for a key the portal does not publish', async () => {
    portal(null);
    open(signed());
    expect(await screen.findByText('যাচাই করা যায়নি — সংযোগ নেই')).toBeTruthy();
    cleanup();

    const other = fromPrivateKey(crypto.generateKeyPairSync('ed25519').privateKey);
    portal({ 1234: { ...liveFacts, status: 'active' } });
    open(signed(other));
    expect(await screen.findByText('স্বাক্ষর যাচাই করা যায়নি')).toBeTruthy();
    expect(screen.queryByText('স্বাক্ষর সঠিক')).toBeNull();
  });

  it('checks a typed number, in Bangla digits too, and says so when there is no such licence', async () => {
    const fetch = portal({ 1234: { ...liveFacts, status: 'expired' } });
    open();
    const input = screen.getByLabelText('লাইসেন্স নম্বর');
    fireEvent.change(input, { target: { value: '১২৩৪' } });
    fireEvent.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
    expect(await screen.findByText('মেয়াদোত্তীর্ণ')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/public/licence-check/1234', expect.anything());
    expect(screen.getByText('মোছাঃ রহিমা খাতুন')).toBeTruthy();

    fireEvent.change(input, { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
    expect(await screen.findByText('এই নম্বরে কোনো লাইসেন্স পোর্টালে নেই।')).toBeTruthy();

    fireEvent.change(input, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'যাচাই করুন' }));
    expect((await screen.findByRole('alert')).textContent).toBe('লাইসেন্স নম্বর শুধু অঙ্কে লিখুন (যেমন ১২৩)।');
  });

  it('publishes the office key with its id', async () => {
    portal({});
    open();
    expect(await screen.findByText(office.keyId)).toBeTruthy();
    expect(screen.getByTestId('public-key').textContent).toBe(b64url(office.publicKey));
  });

  describe('with several offices on one portal (docs/decisions/057-offices.md)', () => {
    // Two offices, each with a licence numbered 1 and a holder of its own.
    const gomostapur = fromPrivateKey(crypto.generateKeyPairSync('ed25519').privateKey);
    const names = {
      site: { code: SITE_OFFICE, nameBn: 'শিবগঞ্জ উপজেলা সেচ অফিস', nameEn: 'Shibganj Upazila Irrigation Office' },
      other: { code: 'u160', nameBn: 'গোমস্তাপুর উপজেলা সেচ অফিস', nameEn: 'Gomostapur Upazila Irrigation Office' },
    };
    const ours = { ...liveFacts, number: 1, status: 'active', office: names.site };
    const theirs = { ...ours, holderName: 'মোঃ আব্দুল করিম', office: names.other };
    const theirPaper = () =>
      signed(gomostapur, { ...facts, number: 1, holderName: theirs.holderName, office: names.other.code });
    const twoOffices = () => portal({ 1: ours }, office, { u160: { key: gomostapur, live: { 1: theirs } } });

    it("checks a paper of another office with that office's key and record, and names the office", async () => {
      const fetch = twoOffices();
      open(theirPaper());
      expect(await screen.findByText('প্রদানকারী অফিস: গোমস্তাপুর উপজেলা সেচ অফিস')).toBeTruthy();
      expect(screen.getByText('স্বাক্ষর সঠিক')).toBeTruthy();
      expect(screen.getByText('সক্রিয়')).toBeTruthy();
      expect(screen.getAllByText('মোঃ আব্দুল করিম').length).toBeGreaterThan(0);
      expect(screen.queryByText('মোছাঃ রহিমা খাতুন')).toBeNull();
      expect(screen.queryByText(/ছাপা লাইসেন্সটি পুরোনো/)).toBeNull();
      const asked = fetch.mock.calls.map(([input]) => String(input));
      expect(asked).toContain('/api/public/licence-key?office=u160');
      expect(asked).toContain('/api/public/licence-check/1?office=u160');
      expect(asked).not.toContain('/api/public/licence-check/1');
      // The key the page publishes stays this site's own.
      await vi.waitFor(() => expect(screen.getByTestId('key-id').textContent).toBe(office.keyId));
    });

    it("keeps the other office's key by its id, and checks that office's paper again with no network", async () => {
      twoOffices();
      open(theirPaper());
      expect(await screen.findByText('স্বাক্ষর সঠিক')).toBeTruthy();
      cleanup();

      portal(null);
      open(theirPaper());
      expect(await screen.findByText('স্বাক্ষর সঠিক — অবস্থা যাচাই হয়নি (সংযোগ নেই)')).toBeTruthy();
    });

    it('names the issuing office in English on the English screen', async () => {
      localStorage.setItem('locale', 'en');
      twoOffices();
      open(theirPaper());
      expect(await screen.findByText('Issued by: Gomostapur Upazila Irrigation Office')).toBeTruthy();
      expect(screen.queryByText(/গোমস্তাপুর/)).toBeNull();
    });

    it("still verifies a printed version-1 paper, against this site's office", async () => {
      const fetch = twoOffices();
      open(signedV1(office, { ...facts, number: 1 }));
      expect(await screen.findByText('প্রদানকারী অফিস: শিবগঞ্জ উপজেলা সেচ অফিস')).toBeTruthy();
      expect(screen.getByText('স্বাক্ষর সঠিক')).toBeTruthy();
      const asked = fetch.mock.calls.map(([input]) => String(input));
      expect(asked).toContain('/api/public/licence-check/1');
      expect(asked.some((path) => path.includes('office='))).toBe(false);
    });

    it('cannot vouch for a paper of an office this portal does not know, and does not blame the connection', async () => {
      twoOffices();
      const stranger = fromPrivateKey(crypto.generateKeyPairSync('ed25519').privateKey);
      open(signed(stranger, { ...facts, office: 'u999' }));
      expect(await screen.findByText('স্বাক্ষর যাচাই করা যায়নি')).toBeTruthy();
      expect(screen.queryByText('যাচাই করা যায়নি — সংযোগ নেই')).toBeNull();
      expect(screen.queryByText('স্বাক্ষর সঠিক')).toBeNull();
      expect(await screen.findByText('এই নম্বরে কোনো লাইসেন্স পোর্টালে নেই।')).toBeTruthy();
    });
  });
});
