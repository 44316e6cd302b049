import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SiteHeader } from './SiteHeader';
import { resetMeForTests } from '../staff/useMe';

const staff = { id: 7, email: 'admin@example.com', role: 'Admin', mustChangePassword: false };

/** A fake /api whose /me answer the test releases when it wants, to see what paints before it. */
function fakeApi(me: 'signedIn' | 'signedOut') {
  const calls: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let signedIn = me === 'signedIn';
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === '/api/auth/me') {
      await gate;
      return signedIn
        ? new Response(JSON.stringify(staff), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(
            JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'লগইন করুন', messageEn: 'Sign in' } }),
            { status: 401 },
          );
    }
    if (path === '/api/auth/logout') {
      signedIn = false;
      return new Response(null, { status: 204 });
    }
    return new Response('[]', { status: 200 });
  });
  return { calls, release };
}

beforeEach(() => {
  resetMeForTests();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderHeader = () =>
  render(
    <MemoryRouter>
      <SiteHeader title="মির্জাপুর সেচ লাইসেন্স" />
    </MemoryRouter>,
  );

describe('public header', () => {
  it('paints the title and the Login link before the server says who is signed in', async () => {
    const api = fakeApi('signedOut');
    renderHeader();
    expect(screen.getByRole('link', { name: /মির্জাপুর সেচ লাইসেন্স/ }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'লগইন' }).getAttribute('href')).toBe('/login');
    await waitFor(() => expect(api.calls).toContain('GET /api/auth/me'));
    expect(screen.getByRole('link', { name: 'লগইন' })).toBeTruthy();
    api.release();
    await waitFor(() => expect(screen.getByRole('link', { name: 'লগইন' })).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'অ্যাডমিন' })).toBeNull();
  });

  it('shows signed-in staff Admin, Registration and Logout instead of Login', async () => {
    const api = fakeApi('signedIn');
    renderHeader();
    api.release();
    expect((await screen.findByRole('link', { name: 'অ্যাডমিন' })).getAttribute('href')).toBe('/admin-page');
    expect(screen.getByRole('link', { name: 'রেজিস্ট্রেশন' }).getAttribute('href')).toBe('/reg');
    expect(screen.getByRole('button', { name: 'লগআউট' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'লগইন' })).toBeNull();
  });

  it('signs out from the header and shows Login again', async () => {
    const api = fakeApi('signedIn');
    renderHeader();
    api.release();
    fireEvent.click(await screen.findByRole('button', { name: 'লগআউট' }));
    expect(await screen.findByRole('link', { name: 'লগইন' })).toBeTruthy();
    expect(api.calls).toContain('POST /api/auth/logout');
    expect(screen.queryByRole('link', { name: 'অ্যাডমিন' })).toBeNull();
  });
});
