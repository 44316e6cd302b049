// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ContentImage } from '@portal/shared/schemas/content';
import { sliderPicture } from '@portal/shared/slider-picture';
import { publicSettingsSchema } from '@portal/shared/schemas/settings';
import { FIRST_SCREEN_PATHS, renderFirstScreen } from './entry-server';

/**
 * The first screen the server writes into a citizen page's HTML (docs/decisions/046-first-screen-in-the-html.md),
 * rendered here as on the server: in Node, with no browser, no phone storage and no API.
 */
const image: ContentImage = {
  id: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
  gallery: 'slider',
  width: 1600,
  height: 900,
  createdAt: '2026-11-01T08:00:00.000Z',
};

describe('the first screen rendered on the server', () => {
  it('is the new-licence form a first visit sees: its title, its intro and its empty fields, under the header', async () => {
    const html = await renderFirstScreen('/new-application');
    expect(html).toContain('<header');
    expect(html).toContain('নতুন সেচ নলকূপ লাইসেন্সের আবেদন</h1>');
    expect(html).toContain('সংযোগ না থাকলেও আবেদন এই ফোনে জমা থাকবে');
    expect(html).toMatch(/<input id="f-applicantName"[^>]*value=""/);
    expect(html).not.toMatch(/\b(application|common|verification)\.[a-zA-Z]+[\w.]*/); // no message key shows
  });

  it('opens the verification pages on the number form, not on a loading line', async () => {
    for (const path of ['/verification/6', '/my-application']) {
      const html = await renderFirstScreen(path);
      expect(html, path).toContain('আবেদন নম্বর');
      expect(html, path).not.toContain('লোড হচ্ছে…');
    }
  });

  it("draws the home page's first slider picture with the URL, srcset and sizes the server preloads", async () => {
    const { src, srcSet, sizes } = sliderPicture(image);
    const html = await renderFirstScreen('/', { slider: [image] });
    const img = /<img [^>]*srcSet="[^"]*"[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain(`src="${src.replace(/&/g, '&amp;')}"`);
    expect(img).toContain(`srcSet="${srcSet.replace(/&/g, '&amp;')}"`);
    expect(img).toContain(`sizes="${sizes}"`);
    // With no pictures, the slider's box shows its banner instead.
    expect(await renderFirstScreen('/', { slider: [] })).not.toMatch(/<img [^>]*srcSet=/);
  });

  it("is drawn with the office's settings: its title in the header and the footer, its headline in the ticker", async () => {
    const settings = publicSettingsSchema.parse({
      websiteTitle: 'শিবগঞ্জ উপজেলা সেচ কমিটি',
      headline: 'আবেদনের শেষ তারিখ ৩১ ডিসেম্বর',
    });
    const home = await renderFirstScreen('/', { settings, slider: [] });
    expect(home.match(/শিবগঞ্জ উপজেলা সেচ কমিটি/g)?.length).toBeGreaterThanOrEqual(2);
    expect(home).toContain('আবেদনের শেষ তারিখ ৩১ ডিসেম্বর');
    const form = await renderFirstScreen('/renew-application', { settings });
    expect(form).toContain('শিবগঞ্জ উপজেলা সেচ কমিটি');
    // Without settings (none could be read), the frame's default title.
    expect(await renderFirstScreen('/renew-application')).not.toContain('শিবগঞ্জ');
  });

  it("holds the home page's below-the-fold parts as placeholders, as the phone's first render does, not a failed part", async () => {
    const home = await renderFirstScreen('/', { slider: [] });
    // <!--$!--> marks a part the server could not draw, which the phone would then draw afresh.
    expect(home).not.toContain('<!--$!-->');
    expect(home).toContain('যোগাযোগ ফর্ম লোড হচ্ছে');
  });

  it('renders only the citizen pages whose first screen is the same for every first visit', async () => {
    expect(FIRST_SCREEN_PATHS).toContain('/renew-application');
    expect(FIRST_SCREEN_PATHS).not.toContain('/admin-page/dashboard');
    await expect(renderFirstScreen('/admin-page/dashboard')).rejects.toThrow(/No first screen/);
    await expect(renderFirstScreen('/licence-check')).rejects.toThrow(/No first screen/);
  });
});
