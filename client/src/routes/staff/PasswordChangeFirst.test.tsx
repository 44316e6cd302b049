import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Me } from '@portal/shared/schemas/auth';
import { bn } from '@portal/shared/i18n/index';
import { resetMeForTests } from '../../features/staff/useMe';
import StaffApp from './StaffApp';

/**
 * An account that must change its password (decision 014) is kept on the password-change screen
 * until it does, and then goes where it was going. The API stand-in answers like the server does.
 */
function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
const emptyPage = { rows: [], total: 0, page: 1, pageSize: 20, counters: { seen: 0, unseen: 0 } };
const changeRequired = {
  error: { code: 'PASSWORD_CHANGE_REQUIRED', message: bn['problem.PASSWORD_CHANGE_REQUIRED'], messageEn: 'Change it' },
};

/** `meSays` is what GET /api/auth/me answers; `serverSays` whether the server refuses staff routes until the change. */
function serve(opts: { meSays: boolean; serverSays: boolean }) {
  let mustChange = opts.serverSays;
  let meSays = opts.meSays;
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/auth/me') {
      const me: Me = { id: 1, name: null, email: 'badc@example.com', role: 'BADC', mustChangePassword: meSays };
      return answer(200, me);
    }
    if (path === '/api/auth/change-password' && init?.method === 'POST') {
      mustChange = false;
      meSays = false;
      return answer(204);
    }
    if (mustChange) return answer(403, changeRequired);
    if (path.startsWith('/api/staff/queues/')) return answer(200, emptyPage);
    return answer(404, { error: { code: 'NOT_FOUND', message: 'নেই', messageEn: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function open(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/admin-page/*"
          element={
            <>
              <StaffApp />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => resetMeForTests());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an account that must change its password', () => {
  it('is taken to the password-change screen from any staff screen, with no menu to go elsewhere', async () => {
    serve({ meSays: true, serverSays: true });
    open('/admin-page/bunseen');
    expect(await screen.findByText(bn['staff.setting.mustChange'])).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/admin-page/setting');
    expect(screen.getAllByRole('heading', { name: bn['staff.setting.title'] })).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: bn['staff.mainMenu'] })).toBeNull();
  });

  it('is taken there also when only the server says so (PASSWORD_CHANGE_REQUIRED)', async () => {
    serve({ meSays: false, serverSays: true });
    open('/admin-page/bunseen');
    expect(await screen.findByText(bn['staff.setting.mustChange'])).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/admin-page/setting');
  });

  it('goes back to where it was going once the password is changed', async () => {
    const fetch = serve({ meSays: true, serverSays: true });
    open('/admin-page/bunseen');
    await screen.findByText(bn['staff.setting.mustChange']);
    fireEvent.change(screen.getByLabelText(bn['staff.setting.current']), { target: { value: 'one-time-pass-123456' } });
    fireEvent.change(screen.getByLabelText(bn['staff.setting.new']), { target: { value: 'river fields at dawn' } });
    fireEvent.change(screen.getByLabelText(bn['staff.passwordAgain']), { target: { value: 'river fields at dawn' } });
    fireEvent.click(screen.getByRole('button', { name: bn['staff.setting.submit'] }));
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin-page/bunseen'));
    expect(fetch).toHaveBeenCalledWith('/api/auth/change-password', expect.anything());
    expect(screen.queryByText(bn['staff.setting.mustChange'])).toBeNull();
  });
});
