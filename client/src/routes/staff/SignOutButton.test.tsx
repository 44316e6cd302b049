import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import { fieldDb } from '../../features/field-pack/db';
import { clearFieldDb } from '../../features/field-pack/test/field-db';
import { MemoryRouter } from 'react-router-dom';
import { db } from '../../offline/db';
import type { OutboxItem } from '../../offline/db';
import { SignOutButton } from './SignOutButton';
import { StaffShell } from './StaffShell';

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

/** One item of this officer's, waiting in the outbox as the field phone keeps it. */
const waiting = (id: string, kind: 'officerAction' | 'fieldVisit'): OutboxItem => ({
  id,
  kind,
  createdAt: 1,
  status: 'saved',
  attempts: 0,
  nextAttemptAt: 0,
  payload: {},
  label: 'আবেদন নং ৭',
  applicationId: 'a-7',
  officer: { id: 3, email: 'badc@example.gov.bd' },
  filesTotal: 0,
  filesUploaded: 0,
});

describe('sign-out from the account menu with unsent field work', () => {
  it('names a visit as a visit, and "sign out anyway" signs out, the work kept on the phone', async () => {
    await db.outbox.bulkPut([waiting('d-1', 'officerAction'), waiting('v-1', 'fieldVisit')]);
    render(
      <LocaleProvider>
        <MemoryRouter initialEntries={['/admin-page']}>
          <StaffShell
            me={{ id: 3, name: null, email: 'badc@example.gov.bd', role: 'BADC', mustChangePassword: false }}
            role="BADC"
          />
        </MemoryRouter>
      </LocaleProvider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(screen.getByRole('button', { name: bn['staff.accountMenu'] }));
    fireEvent.click(screen.getByRole('menuitem', { name: bn['common.logout'] }));
    const items = `${bn['staff.signOut.decisions'].replace('{count}', '১')}${bn['staff.signOut.and']}${bn['staff.signOut.visits'].replace('{count}', '১')}`;
    expect(await screen.findByText(new RegExp(items))).toBeTruthy();
    // As a finger does it: the press lands outside the (closed) menu, then the click.
    const anyway = screen.getByRole('button', { name: bn['staff.signOut.anyway'] });
    fireEvent.mouseDown(anyway);
    fireEvent.click(anyway);
    await vi.waitFor(() => expect(signOutCalls).toEqual(['POST']));
    expect((await db.outbox.toArray()).map((i) => i.id).sort()).toEqual(['d-1', 'v-1']);
  });
});
