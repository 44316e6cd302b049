import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PublicLayout } from '../../components/PublicLayout';
import Home from '../../routes/public/Home';
import { resetMeForTests } from '../staff/useMe';
import { resetGalleryRequestsForTests } from './images';
import { SLIDER_DATA_ID } from '@portal/shared/html-data';

const settings = {
  websiteTitle: 'মির্জাপুর সেচ লাইসেন্স',
  headline: 'আবেদনের শেষ তারিখ ৩১ ডিসেম্বর',
  copyright: '© ২০২৬ উপজেলা সেচ কমিটি',
  address: 'মির্জাপুর',
  jilla: 'টাঙ্গাইল',
  officeLatitude: 24.1,
  officeLongitude: 90.1,
};
const pic = (id: string) => ({ id, gallery: 'x', width: 1600, height: 900, createdAt: '2026-11-21T00:00:00Z' });

/** IntersectionObserver that reports nothing until the test scrolls a box "near". */
const observers: { cb: IntersectionObserverCallback; el?: Element }[] = [];
class FakeObserver {
  entry: { cb: IntersectionObserverCallback; el?: Element };
  constructor(cb: IntersectionObserverCallback) {
    this.entry = { cb };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.el = el;
  }
  disconnect() {}
  unobserve() {}
}

function serve(answers: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    calls.push(path);
    if (path in answers)
      return new Response(JSON.stringify(answers[path]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: '', messageEn: '' } }), {
      status: 401,
    });
  });
  return calls;
}

const renderHome = (path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/" element={<Home />} />
          <Route path="/home" element={<Home />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.clear();
  resetMeForTests();
  resetGalleryRequestsForTests();
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById(SLIDER_DATA_ID)?.remove();
});

describe('home page', () => {
  it('shows the headline, the slider, the twelve services, the gallery and the footer from the site data', async () => {
    const calls = serve({
      '/api/public/settings': settings,
      '/api/public/galleries/slider': [pic('s1'), pic('s2')],
      '/api/public/galleries/gallery': [pic('g1'), pic('g2'), pic('g3')],
    });
    renderHome('/home');
    const ticker = await screen.findByRole('region', { name: 'শিরোনাম' });
    expect(within(ticker).getByText(settings.headline)).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'ছবি ১ / ২' })).toBeTruthy();
    // One page heading, the office's name, for a screen reader's outline (issue 21).
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([settings.websiteTitle]);
    // Every slider control is a thumb-sized target: 44 px (Tailwind's size-11).
    for (const control of screen.getAllByRole('button').filter((b) => b.closest('section[aria-roledescription]')))
      expect(control.className).toContain('size-11');
    expect(screen.getAllByRole('link').filter((l) => l.closest('#home-services-title + ul'))).toHaveLength(12);
    const photos = await screen.findAllByRole('img', { name: /গ্যালারির ছবি/ });
    expect(photos.map((p) => p.getAttribute('src'))).toEqual([
      '/api/public/images/g1?size=thumb',
      '/api/public/images/g2?size=thumb',
      '/api/public/images/g3?size=thumb',
    ]);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(settings.copyright)).toBeTruthy();
    expect(within(footer).getByText(settings.headline)).toBeTruthy();
    expect(within(footer).getByText('মির্জাপুর, টাঙ্গাইল')).toBeTruthy();
    // One request each: the frame shares its settings with the page and its early slider request.
    expect(calls.filter((c) => c === '/api/public/settings')).toHaveLength(1);
    expect(calls.filter((c) => c === '/api/public/galleries/slider')).toHaveLength(1);
  });

  it('looks whole with no pictures and no headline: a welcome line, the banner in the slider box, no gallery', async () => {
    serve({
      '/api/public/settings': { ...settings, headline: '' },
      '/api/public/galleries/slider': [],
      '/api/public/galleries/gallery': [],
    });
    renderHome();
    expect(await screen.findByText('সেচ নলকূপ লাইসেন্স — এখন অনলাইনে')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'নতুন আবেদন করুন' }).getAttribute('href')).toBe('/new-application');
    expect(screen.queryByRole('region', { name: 'শিরোনাম' })).toBeNull();
    expect(await screen.findByText('সেচ নলকূপ লাইসেন্স পোর্টালে স্বাগতম')).toBeTruthy();
    expect(screen.queryByText('ফটো গ্যালারি')).toBeNull();
    expect(document.querySelectorAll('img[src^="/api/public/images"]')).toHaveLength(0);
  });

  it('keeps the map and the contact form as same-size placeholders until they scroll near', async () => {
    serve({
      '/api/public/settings': settings,
      '/api/public/galleries/slider': [],
      '/api/public/galleries/gallery': [],
    });
    renderHome();
    expect(await screen.findByText('ম্যাপ লোড হচ্ছে...')).toBeTruthy();
    expect(screen.getByText('যোগাযোগ ফর্ম লোড হচ্ছে...')).toBeTruthy();
    const contact = observers.find((o) => o.el?.textContent === 'যোগাযোগ ফর্ম লোড হচ্ছে...')!;
    await act(async () =>
      contact.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect(await screen.findByRole('button', { name: 'পাঠান' })).toBeTruthy();
    expect(screen.getByText('ম্যাপ লোড হচ্ছে...')).toBeTruthy();
  });

  it("uses the slider list the server put into the page's HTML, with no request, and asks again on a later visit", async () => {
    // What the server writes for / (docs/decisions/043-first-paint-html-and-fonts.md), escaped as it escapes it.
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SLIDER_DATA_ID;
    block.textContent = JSON.stringify([pic('h1'), pic('h2')]).replace(/</g, '\\u003c');
    document.head.append(block);
    const calls = serve({
      '/api/public/settings': settings,
      '/api/public/galleries/slider': [pic('fetched')],
      '/api/public/galleries/gallery': [],
    });
    localStorage.setItem('cache:home-slider', JSON.stringify([pic('old')]));
    renderHome();
    // The first render already has the server's first picture (the one it preloaded), not the phone's old copy.
    const first = screen.getByRole('img', { name: 'ছবি ১ / ২' });
    expect(first.getAttribute('src')).toBe('/api/public/images/h1?size=phone');
    await screen.findByRole('region', { name: 'শিরোনাম' });
    expect(calls).not.toContain('/api/public/galleries/slider');
    expect(JSON.parse(localStorage.getItem('cache:home-slider')!)).toEqual([pic('h1'), pic('h2')]);

    // Back to the home page later in the same tab (the block is still in the page): the list is asked for again.
    cleanup();
    resetGalleryRequestsForTests({ pageLoad: false });
    renderHome();
    expect(await screen.findByRole('img', { name: 'ছবি ১ / ১' })).toBeTruthy();
    expect(calls.filter((c) => c === '/api/public/galleries/slider')).toHaveLength(1);
  });
});
