import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { jpegOfSize } from '../../../../server/src/modules/applications/intake-fixtures';
import { LocaleProvider } from '../../i18n/locale';
import { fieldDb } from './db';
import { PrepareDialog, type PrepareRequest } from './PrepareDialog';
import {
  applicationAtBadc,
  fetched,
  resetDevice,
  setTileUrl,
  startFieldPortal,
  type FieldPortal,
} from './test/field-portal';

/**
 * The prepare dialog (docs/decisions/031-field-pack.md): the size before it starts, the progress,
 * the map's source; against the real API in-process with the tile archive in its data folder.
 */

const WELL = { latitude: 23.85, longitude: 90.26 };
let portal: FieldPortal;
/** A real JPEG of this many bytes, as the photo or the NID copy. */
const jpeg = async (slot: string, size: number) => ({
  bytes: await jpegOfSize(size),
  mime: 'image/jpeg',
  name: `${slot}.jpg`,
});

beforeAll(async () => {
  portal = await startFieldPortal({ small: [WELL], big: [] });
}, 120_000);
afterAll(async () => {
  await portal?.close();
});
beforeEach(() => resetDevice(portal));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openFor(ids: string[], cap?: number) {
  const request: PrepareRequest = { kind: 'new', ids, detailRoute: 'b-unseen-view', officerId: portal.badc.id };
  render(
    <LocaleProvider>
      <PrepareDialog request={request} onClose={() => {}} cap={cap} />
    </LocaleProvider>,
  );
  return screen.findByTestId('pack-plan', {}, { timeout: 5000 });
}

describe('PrepareDialog', () => {
  it('with no source that allows copies, says in Bangla that the map shows only what was seen, and asks no tile', async () => {
    // The Admin points the maps at another host, not marked as allowing copies.
    await setTileUrl(portal, 'https://tiles.example.org/{z}/{x}/{y}.png');
    try {
      const d = await applicationAtBadc(
        portal,
        { latitude: '২৩.৮৫', longitude: '৯০.২৬' },
        { replace: { photo: await jpeg('photo', 1_400_000), nid: await jpeg('nid', 1_400_000) } },
      );
      const plan = await openFor([d.id]);
      expect(plan.textContent).toContain('১টি আবেদন');
      // 2.8 MB of documents (with the detail), shown before anything is downloaded.
      expect(plan.textContent).toMatch(/কাগজপত্র ও ছবি: প্রায় ২\.৮ মেগাবাইট/);
      expect(screen.getByText(bn['fieldPack.dialog.noTiles'])).toBeTruthy();
      expect(fetched(portal, '/api/files/')).toHaveLength(0);

      fireEvent.click(screen.getByRole('button', { name: bn['fieldPack.dialog.start'] }));
      await screen.findByText('১টি আবেদন এখন সংযোগ ছাড়াই খোলা যাবে।', {}, { timeout: 10_000 });
      const bar = screen.getByRole('progressbar', { name: bn['fieldPack.dialog.progressLabel'] });
      expect(bar.getAttribute('value')).toBe(bar.getAttribute('max'));
      expect(fetched(portal, '/api/files/')).toHaveLength(d.files.length);
      expect(fetched(portal, '/tiles/')).toHaveLength(0);
      expect((await fieldDb.packs.get(d.id))?.status).toBe('ready');
    } finally {
      await setTileUrl(portal, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    }
  });

  it('refuses to start when the documents alone pass the byte cap, and says so in Bangla', async () => {
    const ids: string[] = [];
    // Three applications of about 1.4 MB each: 4.2 MB of documents, over a 4 MB cap.
    for (let i = 0; i < 3; i++) {
      const d = await applicationAtBadc(
        portal,
        { latitude: '23.85', longitude: '90.26' },
        {
          seed: 10 + i,
          replace: { photo: await jpeg('photo', 1_400_000) },
        },
      );
      ids.push(d.id);
    }
    const plan = await openFor(ids, 4_000_000);
    expect(plan.textContent).toContain('৩টি আবেদন');
    expect(screen.getByRole('alert').textContent).toContain('সীমা ৪.০ মেগাবাইট এর বেশি');
    expect((screen.getByRole('button', { name: bn['fieldPack.dialog.start'] }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(fetched(portal, '/api/files/')).toHaveLength(0);
  });

  it('with the archive, says how many tiles and what zooms before it starts', async () => {
    const d = await applicationAtBadc(portal, { latitude: '23.85', longitude: '90.26' }, { seed: 20 });
    const plan = await openFor([d.id]);
    expect(plan.textContent).toMatch(/ম্যাপ: প্রায় [০-৯]+টি টাইল, প্রায় [০-৯.]+ মেগাবাইট \(জুম ১৩–১৭/);
    expect(screen.queryByText(bn['fieldPack.dialog.noTiles'])).toBeNull();
    expect(fetched(portal, '/tiles/')).toHaveLength(0);
  });
});
