import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import type { NearbyWell, SitingCheck } from '@portal/shared/schemas/map';
import { ChecklistForm } from '../review/ChecklistForm';
import { SitingProvider } from './siting';
import { SitingPanel } from './SitingPanel';

/**
 * The siting panel beside BADC's checklist (docs/decisions/029-map-picker-and-live-map.md), fed by
 * GET /api/staff/applications/{id}/siting, answered here by a stand-in of that one URL in the
 * shape of shared/src/schemas/map.ts.
 */
const APP = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const requests: string[] = [];

function answer(siting: SitingCheck | 'offline' | 500) {
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    if (url === `/api/staff/applications/${APP}/siting`) {
      if (siting === 'offline') throw new TypeError('Failed to fetch');
      if (siting === 500)
        return new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'ত্রুটি', messageEn: 'Error' } }), {
          status: 500,
        });
      return new Response(JSON.stringify(siting), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    throw new TypeError('Failed to fetch'); // public settings for the map: none, the picker does without
  });
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  requests.length = 0;
});

const well = (over: Partial<NearbyWell>): NearbyWell => ({
  applicationId: 'a1',
  licenceId: 'l1',
  licenceNumber: 12,
  name: 'রহিম উদ্দিন',
  state: 'active',
  latitude: 23.811,
  longitude: 90.413,
  distanceM: 84.4,
  radiusM: 100,
  inside: false,
  overlaps: false,
  ...over,
});
const check = (nearest: NearbyWell[]): SitingCheck => ({
  position: { latitude: 23.8103, longitude: 90.4125 },
  radiusM: 100,
  nearest,
});

const onSubmit = vi.fn();

function openPanel() {
  onSubmit.mockClear();
  render(
    <SitingProvider applicationId={APP}>
      <SitingPanel />
      <ChecklistForm kind="New" position={null} busy={false} onSubmit={onSubmit} />
    </SitingProvider>,
  );
}

describe('the siting panel', () => {
  it('warns in red when the well stands inside a licensed well’s command area, with the distance in Bangla digits', async () => {
    answer(
      check([
        well({ inside: true, overlaps: true }),
        well({ licenceId: 'l2', licenceNumber: 31, name: 'করিম', distanceM: 640 }),
      ]),
    );
    openPanel();
    const text = bn['map.siting.inside']
      .replace('{licence}', '১২')
      .replace('{name}', 'রহিম উদ্দিন')
      .replace('{distance}', '৮৪');
    const warning = await screen.findByText(text);
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.className).toContain('red');
    expect(screen.queryByText(/মিলে যায়;/)).toBeNull();
    // Both wells are listed, nearest first, in metres.
    const panel = screen.getByRole('region', { name: bn['map.siting.title'] });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain(bn['map.siting.distance'].replace('{distance}', '৮৪'));
    expect(rows[1]!.textContent).toContain(bn['map.siting.distance'].replace('{distance}', '৬৪০'));
    expect(requests).toContain(`/api/staff/applications/${APP}/siting`);
  });

  it('warns in amber when the command areas only overlap', async () => {
    answer(check([well({ overlaps: true, distanceM: 150 })]));
    openPanel();
    const text = bn['map.siting.overlaps']
      .replace('{licence}', '১২')
      .replace('{name}', 'রহিম উদ্দিন')
      .replace('{distance}', '১৫০');
    const warning = await screen.findByText(text);
    expect(warning.className).toContain('amber');
    expect(screen.queryByText(/কমান্ড এলাকার ভেতরে পড়েছে/)).toBeNull();
  });

  it('lists the nearest three and any warned of, the rest behind "more", so the visit is not a screen further down', async () => {
    const far = (n: number, over: Partial<NearbyWell> = {}) =>
      well({ licenceId: `l${n}`, licenceNumber: n, distanceM: 300 + n * 100, ...over });
    answer(check([far(1), far(2), far(3), far(4), far(5, { overlaps: true }), far(6), far(7)]));
    openPanel();
    const more = await screen.findByText(bn['map.siting.more'].replace('{count}', '৩'));
    const panel = screen.getByRole('region', { name: bn['map.siting.title'] });
    const [shown, further] = within(panel).getAllByRole('list');
    const numbers = (list: HTMLElement) =>
      Array.from(list.querySelectorAll('li')).map((li) => /নং (\S+),/.exec(li.textContent ?? '')?.[1]);
    expect(numbers(shown!)).toEqual(['১', '২', '৩', '৫']);
    expect(numbers(further!)).toEqual(['৪', '৬', '৭']);
    expect(more.tagName).toBe('SUMMARY');
    expect(further!.closest('details')!.open).toBe(false);
  });

  it('says so when no licensed well is near', async () => {
    answer(check([]));
    openPanel();
    expect(await screen.findByText(bn['map.siting.none'].replace('{metres}', '২০০০'))).toBeTruthy();
  });

  it('says it could not check when there is no answer, and the checklist still works', async () => {
    for (const failure of ['offline', 500] as const) {
      answer(failure);
      openPanel();
      expect(await screen.findByText(bn['map.siting.failed'])).toBeTruthy();
      // The checklist is still there and can be sent.
      for (let n = 1; n <= 6; n++)
        fireEvent.click(within(screen.getByTestId(`check-item-${n}`)).getByLabelText(bn['common.yes']));
      fireEvent.click(screen.getByRole('button', { name: bn['decisions.checklist.submit'] }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
      cleanup();
    }
  });
});
