import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LocaleProvider } from './i18n/locale';
import { AppRoutes, preloadPage } from './router';
import { stubFormApi } from './features/intake/test/publicApi';

/**
 * The app's first render waits for the opened page (main.tsx, docs/decisions/045-first-render-waits-for-the-page.md):
 * a page fetched ahead draws in the first render with its frame, never behind the loading line.
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

const open = (path: string) =>
  render(
    <LocaleProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </LocaleProvider>,
  );

const pageLoading = () =>
  screen.queryAllByRole('status').filter((el) => el.textContent === 'লোড হচ্ছে…' && el.closest('main'));

describe('the first render of a page fetched ahead', () => {
  it('shows the new-licence form at once, under the site header, with no loading line', async () => {
    await preloadPage('/new-application');
    open('/new-application');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/আবেদন/);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getAllByRole('textbox').length).toBeGreaterThan(5);
    expect(pageLoading()).toEqual([]);
  });

  it('shows the not-found page at once for an address nobody built', async () => {
    await preloadPage('/no-such-page');
    open('/no-such-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('পাতাটি পাওয়া যায়নি');
  });

  it('a page not fetched ahead still starts behind its loading line (the checks above can fail)', () => {
    open('/about-us');
    expect(pageLoading()).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
