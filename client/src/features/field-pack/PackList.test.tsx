import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { act, checklist } from '../../../../server/src/modules/requests/request-fixtures';
import { LocaleProvider } from '../../i18n/locale';
import { fieldDb } from './db';
import { PackList } from './PackList';
import { applicationAtBadc, resetDevice, startFieldPortal, type FieldPortal } from './test/field-portal';

/**
 * "All in my unseen and pending lists" in one press (issue 9; docs/decisions/031-field-pack.md):
 * the field-pack page gathers both lists from the real API in-process and prepares every
 * application on them, each opening on its own screen.
 */
const WELL = { latitude: '23.850000', longitude: '90.260000' };
let portal: FieldPortal;

beforeAll(async () => {
  portal = await startFieldPortal({ small: [{ latitude: 23.85, longitude: 90.26 }], big: [] });
}, 120_000);
afterAll(async () => {
  await portal?.close();
});
beforeEach(() => resetDevice(portal));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the field-pack page', () => {
  it('prepares every application in my unseen and pending lists in one press, each on its own screen', async () => {
    const unseen = [
      await applicationAtBadc(portal, WELL, { seed: 1 }),
      await applicationAtBadc(portal, WELL, { seed: 2 }),
    ];
    const inspected = await applicationAtBadc(portal, WELL, { seed: 3 });
    const done = await act(portal.api.ctx, portal.api.device, inspected.id, {
      action: 'inspect',
      payload: { checklist: checklist() },
    });
    expect(done.status).toBe(200);

    render(
      <LocaleProvider>
        <MemoryRouter>
          <PackList />
        </MemoryRouter>
      </LocaleProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: bn['fieldPack.page.prepareMine'] }));
    const plan = await screen.findByTestId('pack-plan', {}, { timeout: 10_000 });
    expect(plan.textContent).toContain('৩টি আবেদন');
    fireEvent.click(screen.getByRole('button', { name: bn['fieldPack.dialog.start'] }));
    await screen.findByText('৩টি আবেদন এখন সংযোগ ছাড়াই খোলা যাবে।', {}, { timeout: 20_000 });

    const packs = await fieldDb.packs.toArray();
    const routeOf = Object.fromEntries(packs.map((p) => [p.applicationId, p.detailRoute]));
    expect(routeOf).toEqual({
      [unseen[0]!.id]: 'b-unseen-view',
      [unseen[1]!.id]: 'b-unseen-view',
      [inspected.id]: 'pending-view',
    });
    // The page lists them, each opening its own screen.
    const rows = await screen.findAllByTestId('pack-row');
    expect(rows).toHaveLength(3);
    const opens = rows.map((r) => within(r).getByText(bn['fieldPack.page.open']).closest('a')?.getAttribute('href'));
    expect(opens.sort()).toEqual(
      [
        `/admin-page/b-unseen-view/${unseen[0]!.id}`,
        `/admin-page/b-unseen-view/${unseen[1]!.id}`,
        `/admin-page/pending-view/${inspected.id}`,
      ].sort(),
    );
  }, 60_000);
});
