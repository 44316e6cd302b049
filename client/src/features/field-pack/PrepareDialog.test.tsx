import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import { fieldDb } from './db';
import { PrepareDialog, type PrepareRequest } from './PrepareDialog';
import { addApplication, clearFieldDb, detailOf, fakePortal, fetchOf, fileOf, type FakePortal } from './test/portal';

/** The prepare dialog (docs/decisions/031-field-pack.md): the size before it starts, the progress, the map's source. */
let portal: FakePortal;

beforeEach(async () => {
  await clearFieldDb();
  portal = fakePortal();
  vi.stubGlobal('fetch', fetchOf(portal));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openFor(ids: string[]) {
  const request: PrepareRequest = { kind: 'new', ids, detailRoute: 'b-unseen-view', officerId: 7 };
  render(
    <LocaleProvider>
      <PrepareDialog request={request} onClose={() => {}} />
    </LocaleProvider>,
  );
  return screen.findByTestId('pack-plan');
}

describe('PrepareDialog', () => {
  it('with no source that allows copies, says in Bangla that the map shows only what was seen, and asks no tile', async () => {
    portal.tilesInfo = { packable: false, url: null, minZoom: 0, maxZoom: 19, bounds: null, attribution: '' };
    const files = [fileOf('photo', 2_500_000), fileOf('nid', 600_000, 'application/pdf')];
    await addApplication(portal, await detailOf('app-1', 21, { latitude: '২৩.৮৫', longitude: '৯০.২৬' }, files), files);

    const plan = await openFor(['app-1']);
    expect(plan.textContent).toContain('১টি আবেদন');
    // 3.1 MB of documents (with the detail), shown before anything is downloaded.
    expect(plan.textContent).toMatch(/কাগজপত্র ও ছবি: প্রায় ৩\.১ মেগাবাইট/);
    expect(screen.getByText(bn['fieldPack.dialog.noTiles'])).toBeTruthy();
    expect(portal.requests.filter((r) => r.startsWith('/api/files/'))).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: bn['fieldPack.dialog.start'] }));
    await screen.findByText('১টি আবেদন এখন সংযোগ ছাড়াই খোলা যাবে।', {}, { timeout: 5000 });
    const bar = screen.getByRole('progressbar', { name: bn['fieldPack.dialog.progressLabel'] });
    expect(bar.getAttribute('value')).toBe(bar.getAttribute('max'));
    expect(portal.requests.filter((r) => r.startsWith('/api/files/'))).toHaveLength(2);
    expect(portal.requests.filter((r) => r.startsWith('/tiles/'))).toHaveLength(0);
    expect((await fieldDb.packs.get('app-1'))?.status).toBe('ready');
  });

  it('shows the tile count and size from the archive, and refuses to start past the byte cap', async () => {
    const big = [fileOf('photo', 1_400_000)];
    const ids: string[] = [];
    // 120 applications of 1.4 MB each: 168 MB of documents, over the 150 MB cap.
    for (let i = 0; i < 120; i++) {
      const id = `app-${i}`;
      ids.push(id);
      await addApplication(portal, await detailOf(id, 100 + i, { latitude: '23.85', longitude: '90.26' }, big), big);
    }
    const plan = await openFor(ids);
    expect(plan.textContent).toContain('১২০টি আবেদন');
    expect(screen.getByRole('alert').textContent).toContain('সীমা ১৫০.০ মেগাবাইট এর বেশি');
    expect((screen.getByRole('button', { name: bn['fieldPack.dialog.start'] }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('with the archive, says how many tiles and what zooms before it starts', async () => {
    const files = [fileOf('photo', 1000)];
    await addApplication(portal, await detailOf('app-t', 31, { latitude: '23.85', longitude: '90.26' }, files), files);
    const plan = await openFor(['app-t']);
    expect(plan.textContent).toMatch(/ম্যাপ: প্রায় [০-৯]+টি টাইল, প্রায় [০-৯.]+ মেগাবাইট \(জুম ১৩–১৭/);
    expect(screen.queryByText(bn['fieldPack.dialog.noTiles'])).toBeNull();
    expect(portal.requests.filter((r) => r.startsWith('/tiles/'))).toHaveLength(0);
  });
});
