import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { apiQuery, changeListParams, DataTable, readListParams, type PageResult } from './DataTable';

type Row = { id: string; name: string };
const defaults = { sort: 'submittedAt', dir: 'desc' } as const;

afterEach(cleanup);

describe('list state in the URL', () => {
  it('builds the API query from the page URL, with Latin digits in the search', () => {
    const p = readListParams(new URLSearchParams('page=3&size=50&q= ০১৭১২ &sort=applicantName&dir=asc'), defaults, [
      'applicantName',
    ]);
    expect(apiQuery(p)).toBe('page=3&pageSize=50&sort=applicantName&dir=asc&q=01712');
  });

  it('falls back to page 1, 20 rows and the default sort for odd values', () => {
    const p = readListParams(new URLSearchParams('page=-2&size=7&sort=password&dir=up'), defaults, ['applicantName']);
    expect(apiQuery(p)).toBe('page=1&pageSize=20&sort=submittedAt&dir=desc');
  });

  it('starts again at page 1 on a new search, size or sort, but not on a page change', () => {
    const sp = new URLSearchParams('page=4&q=old');
    expect(changeListParams(sp, { q: 'new' }).toString()).toBe('q=new');
    expect(changeListParams(sp, { pageSize: 100 }).get('page')).toBeNull();
    expect(changeListParams(sp, { sort: 'mobile', dir: 'asc' }).get('page')).toBeNull();
    expect(changeListParams(sp, { page: 5 }).get('page')).toBe('5');
    expect(changeListParams(sp, { q: '' }).has('q')).toBe(false);
  });
});

function Harness({ calls, fail }: { calls: string[]; fail?: { times: number } }) {
  const location = useLocation();
  const load = async (query: string): Promise<PageResult<Row>> => {
    calls.push(query);
    if (fail && fail.times-- > 0) throw new Error('down');
    const page = Number(new URLSearchParams(query).get('page'));
    return { rows: [{ id: `r${page}`, name: `Row on page ${page}` }], total: 95, page, pageSize: 20 };
  };
  return (
    <>
      <DataTable<Row, PageResult<Row>>
        title="List"
        columns={[
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', sortKey: 'applicantName', cell: (r) => r.name },
        ]}
        load={load}
        rowKey={(r) => r.id}
        viewHref={(r) => `/admin-page/seen-view/${r.id}`}
        defaultSort={defaults}
        errorText={() => 'সংযোগ পাওয়া যাচ্ছে না'}
      />
      <output data-testid="url">{location.search}</output>
    </>
  );
}

function renderAt(url: string, calls: string[], fail?: { times: number }) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/list" element={<Harness calls={calls} fail={fail} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('<DataTable>', () => {
  it('fetches the page in the URL and shows rows with a View link to the detail', async () => {
    const calls: string[] = [];
    renderAt('/list?page=2', calls);
    expect(await screen.findAllByText('Row on page 2')).toHaveLength(2); // table row and phone card
    expect(calls.at(-1)).toBe('page=2&pageSize=20&sort=submittedAt&dir=desc');
    expect(screen.getAllByRole('link', { name: 'দেখুন' })[0]!.getAttribute('href')).toBe('/admin-page/seen-view/r2');
    expect(screen.getByText('মোট ৯৫টি')).toBeTruthy();
  });

  it('a new search (typed in Bangla digits) goes back to page 1 after a pause', async () => {
    const calls: string[] = [];
    renderAt('/list?page=3', calls);
    await screen.findAllByText('Row on page 3');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '০১৭' } });
    await waitFor(() => expect(calls.at(-1)).toBe('page=1&pageSize=20&sort=submittedAt&dir=desc&q=017'), {
      timeout: 2000,
    });
    expect(screen.getByTestId('url').textContent).toBe('?q=%E0%A7%A6%E0%A7%A7%E0%A7%AD');
  });

  it('sorts by a header and says so with aria-sort', async () => {
    const calls: string[] = [];
    renderAt('/list?page=2', calls);
    await screen.findAllByText('Row on page 2');
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(calls.at(-1)).toBe('page=1&pageSize=20&sort=applicantName&dir=asc'));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(calls.at(-1)).toBe('page=1&pageSize=20&sort=applicantName&dir=desc'));
  });

  it('changing the page size keeps the search and starts at page 1', async () => {
    const calls: string[] = [];
    renderAt('/list?page=4&q=rahim', calls);
    await screen.findAllByText('Row on page 4');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '100' } });
    await waitFor(() => expect(calls.at(-1)).toBe('page=1&pageSize=100&sort=submittedAt&dir=desc&q=rahim'));
  });

  it('shows a failure in Bangla with a retry that loads again', async () => {
    const calls: string[] = [];
    renderAt('/list', calls, { times: 1 });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('তালিকাটি আনা যায়নি।')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    });
    expect(await screen.findAllByText('Row on page 1')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('<DataTable> on a screen narrower than the list', () => {
  it('keeps the View link and the row’s buttons in one last cell, pinned to the right edge of the table’s box', async () => {
    const load = async (): Promise<PageResult<Row>> => ({
      rows: [{ id: 'r1', name: 'রহিম উদ্দিন' }],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    render(
      <MemoryRouter>
        <DataTable<Row, PageResult<Row>>
          title="List"
          columns={[
            { id: 'name', header: 'Name', cell: (r) => r.name },
            {
              id: 'actions',
              header: 'কাজ',
              noPrint: true,
              action: true,
              cell: () => <button type="button">এসএমএস</button>,
            },
          ]}
          load={load}
          rowKey={(r) => r.id}
          viewHref={(r) => `/admin-page/seen-view/${r.id}`}
          defaultSort={defaults}
          errorText={() => ''}
        />
      </MemoryRouter>,
    );
    const table = (await screen.findAllByRole('table'))[0]!;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['ক্রম', 'Name', 'কাজ']);
    const cells = within(table).getAllByRole('cell');
    const last = cells.at(-1)!;
    // Sticky at the right: a list wider than the screen scrolls under it, the buttons stay in view.
    expect(last.className.split(' ')).toEqual(expect.arrayContaining(['sticky', 'right-0']));
    expect(within(last).getByRole('link', { name: 'দেখুন' })).toBeTruthy();
    expect(within(last).getByRole('button', { name: 'এসএমএস' })).toBeTruthy();
    const header = within(table).getByRole('columnheader', { name: 'কাজ' });
    expect(header.className.split(' ')).toEqual(expect.arrayContaining(['sticky', 'right-0']));
    // The box that scrolls sideways holds the cells' screen-reader texts too, not the page beside it.
    expect(table.parentElement!.className.split(' ')).toEqual(expect.arrayContaining(['relative', 'overflow-x-auto']));
  });
});
