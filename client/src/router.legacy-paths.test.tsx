import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from './i18n/locale';
import { AppRoutes } from './router';
import { stubFormApi } from './features/intake/test/publicApi';

/**
 * The legacy portal's protected addresses (spec 1 §2: /admin-page, /admin-dashboard,
 * /old-application, /side) are in officers' bookmarks: each leads into the staff panel, never to
 * the not-found page.
 */
beforeEach(() => {
  localStorage.clear();
  window.scrollTo = () => {};
  stubFormApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(path: string): string[] {
  const visited: string[] = [];
  function Probe() {
    const { pathname } = useLocation();
    if (visited.at(-1) !== pathname) visited.push(pathname);
    return null;
  }
  render(
    <LocaleProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </LocaleProvider>,
  );
  return visited;
}

describe('the legacy protected addresses', () => {
  it.each([
    ['/admin-dashboard', '/admin-page'],
    ['/side', '/admin-page'],
    ['/old-application', '/admin-page/old-application'],
  ])('%s leads into the staff panel at %s', async (from, to) => {
    const visited = open(from);
    await waitFor(() => expect(visited).toContain(to));
    expect(document.body.textContent).not.toContain(bn['common.notFoundTitle']);
  });
});
