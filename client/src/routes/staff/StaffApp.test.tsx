import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Me } from '@portal/shared/schemas/auth';
import { bn } from '@portal/shared/i18n/index';
import { resetMeForTests } from '../../features/staff/useMe';
import StaffApp from './StaffApp';

/** The sign-in and role guards of /admin-page (spec 2 §2), against a stand-in for the API. */
function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const emptyPage = { rows: [], total: 7, page: 1, pageSize: 5, counters: { seen: 0, unseen: 7 } };

function serve(me: Me | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/auth/me')
        return me
          ? answer(200, me)
          : answer(401, { error: { code: 'UNAUTHENTICATED', message: 'লগইন করুন', messageEn: 'Sign in' } });
      if (path.startsWith('/api/staff/queues/')) return answer(200, emptyPage);
      return answer(404, { error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'Not found' } });
    }),
  );
}

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from {(location.state as { from?: string } | null)?.from}</p>;
}

function open(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin-page/*" element={<StaffApp />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const account = (role: Me['role']): Me => ({
  id: 1,
  name: null,
  email: 'officer@example.com',
  role,
  mustChangePassword: false,
});

beforeEach(() => resetMeForTests());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin-page guards', () => {
  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    serve(null);
    open('/admin-page/bunseen?page=2');
    expect(await screen.findByText('login page, from /admin-page/bunseen?page=2')).toBeTruthy();
  });

  it('tells an account without a role, in Bangla, that an Admin must assign one', async () => {
    serve(account(null));
    open('/admin-page');
    expect(await screen.findByText('আপনার অ্যাকাউন্টে এখনো কোনো দায়িত্ব দেওয়া হয়নি')).toBeTruthy();
  });

  it('shows the role panel and sends a Chairman away from a BADC list to the dashboard', async () => {
    serve(account('Chairman'));
    open('/admin-page/bunseen');
    expect(await screen.findByText('চেয়ারম্যান প্যানেল')).toBeTruthy();
    // An account from before names were asked is greeted by its role, never by its e-mail address.
    expect(await screen.findByText('স্বাগতম, চেয়ারম্যান')).toBeTruthy();
    const menu = screen.getAllByRole('navigation', { name: 'প্রধান মেনু' })[0]!;
    expect(menu.textContent).toContain('দেখা হয়নি');
    expect(menu.textContent).not.toContain('প্রক্রিয়াধীন আবেদন');
  });

  it('greets an officer by name on the dashboard and in the account menu, and shows the e-mail only under the name', async () => {
    serve({ ...account('UNO'), name: 'মোছাঃ নাসরিন আক্তার' });
    open('/admin-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'স্বাগতম, মোছাঃ নাসরিন আক্তার' })).toBeTruthy();
    const avatar = screen.getByRole('button', { name: bn['staff.accountMenu'] });
    expect(avatar.textContent).toBe('মো');
    fireEvent.click(avatar);
    const menu = screen.getByRole('menu');
    expect(menu.textContent).toContain('মোছাঃ নাসরিন আক্তার');
    expect(menu.textContent).toContain('officer@example.com');
  });

  it('lets an officer without a name add it on the Profile page, and the menu then greets them by it', async () => {
    let me: Me = account('BADC');
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (path === '/api/auth/me/name' && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { name: string };
          puts.push(body);
          me = { ...me, name: body.name };
          return answer(200, me);
        }
        if (path === '/api/auth/me') return answer(200, me);
        return answer(404, { error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'Not found' } });
      }),
    );
    open('/admin-page/profile');
    expect(await screen.findByText(bn['staff.profile.noName'])).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: bn['staff.profile.setName'] }));
    fireEvent.click(screen.getByRole('button', { name: bn['staff.profile.saveName'] }));
    // Nothing typed: the field says so and nothing is sent.
    expect(screen.getByLabelText(bn['staff.name']).getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);
    fireEvent.change(screen.getByLabelText(bn['staff.name']), { target: { value: ' মোঃ রফিকুল ইসলাম ' } });
    fireEvent.click(screen.getByRole('button', { name: bn['staff.profile.saveName'] }));
    expect(await screen.findByText('মোঃ রফিকুল ইসলাম')).toBeTruthy();
    expect(puts).toEqual([{ name: 'মোঃ রফিকুল ইসলাম' }]);
    expect(screen.getByRole('button', { name: bn['staff.accountMenu'] }).textContent).toBe('মোঃ');
  });
});
