import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import { fieldDb } from '../../features/field-pack/db';
import { clearFieldDb } from '../../features/field-pack/test/field-db';
import { SignOutButton } from './SignOutButton';

/**
 * Signing out wipes the field packs (docs/decisions/031-field-pack.md): the officer is told first
 * how many prepared applications will no longer open without a connection, and may stay.
 */
const signOutCalls: string[] = [];

beforeEach(async () => {
  await clearFieldDb();
  signOutCalls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.endsWith('/api/auth/logout')) signOutCalls.push(init?.method ?? 'GET');
    const body = url.endsWith('/api/auth/me') ? { id: 3, email: 'badc@example.gov.bd', role: 'BADC' } : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pack = (n: number) => ({
  applicationId: `a-${n}`,
  applicationNumber: n,
  label: 'রহিম',
  detailRoute: 'b-unseen-view',
  officerId: 3,
  preparedAt: new Date().toISOString(),
  status: 'ready' as const,
  bytes: 1000,
  documents: 6,
  tiles: 10,
  tileSource: null,
  minZoom: 13,
  maxZoom: 17,
  tileBounds: null,
});

describe('sign-out with field packs on the phone', () => {
  it('says how many prepared applications will be removed, and stays signed in on cancel', async () => {
    await fieldDb.packs.bulkPut([pack(1), pack(2)]);
    render(
      <LocaleProvider>
        <SignOutButton />
      </LocaleProvider>,
    );
    const expected = bn['staff.signOut.packsBody'].replace('{count}', '২');
    // The packs are read from IndexedDB as the button appears.
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(screen.getByRole('button', { name: bn['common.logout'] }));
    expect(await screen.findByText(expected)).toBeTruthy();
    expect(screen.getByText(bn['staff.signOut.packsTitle'])).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: bn['common.cancel'] }));
    expect(signOutCalls).toEqual([]);
    expect(await fieldDb.packs.count()).toBe(2);
  });
});
