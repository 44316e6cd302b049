import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/shared/constants';
import { formatDateBn, formatDateEn, todayInDhaka } from '@portal/shared/i18n/dates';
import { toBanglaDigits, toLatinDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../i18n/locale';
import { Pagination } from './Pagination';
import { useToast } from './Toast';

/**
 * The one list of the staff panel (spec 3 §2 "Queue lists (shared pattern)"; spec 2 §5): the
 * server pages, searches and sorts (spec README defect 4); this component keeps page, size,
 * search and sort in the URL so Back returns to the same place, and shows loading, failure
 * (with retry) and empty states in Bangla. Wide screens get a table, phones get cards.
 */

export type SortDir = 'asc' | 'desc';
export interface ListParams {
  page: number;
  pageSize: number;
  q: string;
  sort: string;
  dir: SortDir;
}
export interface SortDefault {
  sort: string;
  dir: SortDir;
}
export interface PageResult<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

/** Reads the list state from the page's URL (?page, size, q, sort, dir); anything odd falls back to the default. */
export function readListParams(sp: URLSearchParams, defaults: SortDefault, sortable: readonly string[]): ListParams {
  const page = Math.floor(Number(sp.get('page')));
  const size = Number(sp.get('size'));
  const sort = sp.get('sort');
  const dir = sp.get('dir');
  const knownSort = sort !== null && sortable.includes(sort);
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    q: sp.get('q') ?? '',
    sort: knownSort ? sort : defaults.sort,
    dir: knownSort && (dir === 'asc' || dir === 'desc') ? dir : defaults.dir,
  };
}

/** The query string of GET /api/staff/queues/:queue (review.ts listQuerySchema); the search in Latin digits. */
export function apiQuery(p: ListParams): string {
  const qs = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize), sort: p.sort, dir: p.dir });
  const q = toLatinDigits(p.q).trim();
  if (q) qs.set('q', q);
  return qs.toString();
}

/**
 * The page URL after a change. A new search, page size or sort starts again at page 1
 * (spec 3 §2: "A new search resets to page 1").
 */
export function changeListParams(sp: URLSearchParams, change: Partial<ListParams>): URLSearchParams {
  const next = new URLSearchParams(sp);
  const put = (key: string, value: string | number | undefined, omitWhen?: string | number) => {
    if (value === undefined) return;
    if (value === '' || value === omitWhen) next.delete(key);
    else next.set(key, String(value));
  };
  put('q', change.q?.trim());
  put('size', change.pageSize, DEFAULT_PAGE_SIZE);
  put('sort', change.sort);
  put('dir', change.dir);
  if (change.page !== undefined) put('page', change.page, 1);
  else if (
    change.q !== undefined ||
    change.pageSize !== undefined ||
    change.sort !== undefined ||
    change.dir !== undefined
  )
    next.delete('page');
  return next;
}

export interface Column<Row> {
  id: string;
  header: string;
  /** The server's sort key; columns without one are not sortable. */
  sortKey?: string;
  cell: (row: Row) => ReactNode;
  /** Plain text for the printed list, when the cell is not plain text (a link, a button). */
  print?: (row: Row) => string;
  /** Hidden from the printed list (a map link means nothing on paper). */
  noPrint?: boolean;
  /** Long text (remarks): a whole line of its own on a phone card. */
  wide?: boolean;
  /**
   * The row's buttons (Edit, SMS, licence actions): drawn in the table's last cell, with View,
   * which stays at the right edge while the other columns scroll sideways (decision 055).
   */
  action?: boolean;
}

export interface DataTableProps<Row, R extends PageResult<Row>> {
  title: string;
  columns: Column<Row>[];
  /** Fetches one page; must be stable (useCallback). `query` is apiQuery(...). */
  load: (query: string, signal: AbortSignal) => Promise<R>;
  rowKey: (row: Row) => string;
  /** Where the View button of a row goes. */
  viewHref?: (row: Row) => string;
  defaultSort: SortDefault;
  /** Extra header content from the last answer (the seen/unseen counters). */
  summary?: (result: R) => ReactNode;
  /** Buttons beside Print All (Forward All). */
  actions?: ReactNode;
  /** Told about every page that arrives (a screen may need the counters for its own buttons). */
  onLoaded?: (result: R) => void;
  /** Change it to fetch the current page again (after Forward All). */
  reloadKey?: number;
  /** The largest list Print All fetches (the largest page the server gives). */
  printLimit?: number;
  searchHint?: string;
  /** Message of a failed load; the caller knows the error type. */
  errorText: (error: unknown) => string;
}

const SEARCH_DEBOUNCE_MS = 400;

export function DataTable<Row, R extends PageResult<Row>>(props: DataTableProps<Row, R>) {
  const {
    title,
    columns,
    load,
    rowKey,
    viewHref,
    defaultSort,
    summary,
    actions,
    onLoaded,
    reloadKey = 0,
    printLimit = 500,
    searchHint,
    errorText,
  } = props;
  const t = useT();
  const { locale } = useLocale();
  const toast = useToast();
  const n = (v: number) => (locale === 'bn' ? toBanglaDigits(v) : String(v));
  const [sp, setSp] = useSearchParams();
  const sortable = columns.flatMap((c) => (c.sortKey ? [c.sortKey] : []));
  const params = readListParams(sp, defaultSort, sortable);
  const query = apiQuery(params);

  const [result, setResult] = useState<R | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onLoadedRef.current = onLoaded;
  });

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    setError(null);
    load(query, ctl.signal).then(
      (r) => {
        if (ctl.signal.aborted) return;
        setResult(r);
        onLoadedRef.current?.(r);
        setLoading(false);
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => ctl.abort();
  }, [load, query, attempt, reloadKey]);

  // After Forward All (or a deletion elsewhere) the page may lie past the end: go to the last page.
  const pages = result ? Math.max(1, Math.ceil(result.total / params.pageSize)) : 1;
  useEffect(() => {
    if (result && !loading && result.rows.length === 0 && result.total > 0 && params.page > pages) {
      setSp((prev) => changeListParams(prev, { page: pages }), { replace: true });
    }
  }, [result, loading, params.page, pages, setSp]);

  // The search box types freely; the URL (and the fetch) follows after a pause.
  const [text, setText] = useState(params.q);
  const urlQ = useRef(params.q);
  useEffect(() => {
    if (params.q !== urlQ.current) {
      urlQ.current = params.q; // Back/Forward changed the search
      setText(params.q);
    }
  }, [params.q]);
  useEffect(() => {
    if (text.trim() === urlQ.current.trim()) return;
    const timer = setTimeout(() => {
      urlQ.current = text.trim();
      setSp((prev) => changeListParams(prev, { q: text }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, setSp]);

  const go = (change: Partial<ListParams>) => setSp((prev) => changeListParams(prev, change));
  const sortBy = (key: string) =>
    go(params.sort === key ? { sort: key, dir: params.dir === 'asc' ? 'desc' : 'asc' } : { sort: key, dir: 'asc' });

  // Print All: the whole result (up to printLimit rows) in a print-only table, then the browser's print.
  const [printRows, setPrintRows] = useState<{ rows: Row[]; total: number } | null>(null);
  const [preparing, setPreparing] = useState(false);
  const printAll = async () => {
    setPreparing(true);
    try {
      const all = await load(apiQuery({ ...params, page: 1, pageSize: printLimit }), new AbortController().signal);
      setPrintRows({ rows: all.rows, total: all.total });
    } catch (e) {
      toast.failure(t('staff.table.printFailed', { message: errorText(e) }));
    } finally {
      setPreparing(false);
    }
  };
  useEffect(() => {
    if (!printRows) return;
    const done = () => setPrintRows(null);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printRows]);

  const rows = result?.rows ?? [];
  const offset = (params.page - 1) * params.pageSize;
  const printColumns = columns.filter((c) => !c.noPrint && !c.action);
  // On a wide screen a row's buttons share one last cell, pinned to the right edge of the table's
  // box: a list wider than the screen scrolls under it, and View and the rest stay in view at any
  // width (an office laptop at 1280 px with the drawer open has about 990 px for the table). Narrow
  // cell padding and headers that may wrap keep most lists within those 990 px (decision 055).
  const tableColumns = columns.filter((c) => !c.action);
  const actionColumns = columns.filter((c) => c.action);
  const pinned = actionColumns.length > 0 || viewHref !== undefined;
  const pinnedCell = 'sticky right-0 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.3)] print:hidden';

  return (
    <section aria-labelledby="list-title" className="space-y-3">
      {/* On screen; on paper too (the table only) when the browser's own print is used. */}
      <div className={`space-y-3 ${printRows ? 'print:hidden' : ''}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h1 id="list-title" className="text-xl font-bold text-gray-900">
              {title}
            </h1>
            <div className="mt-1 flex flex-wrap gap-2 text-sm text-gray-700">
              {result && <span>{t('staff.table.total', { count: n(result.total) })}</span>}
              {result && summary?.(result)}
            </div>
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            {actions}
            <button
              type="button"
              onClick={() => void printAll()}
              disabled={preparing || !result || result.total === 0}
              className="inline-flex min-h-10 items-center rounded border border-gray-300 bg-white px-4 text-gray-800 hover:bg-gray-100 disabled:opacity-50"
            >
              {preparing ? t('staff.table.preparingPrint') : t('staff.table.printAll')}
            </button>
          </div>
        </div>

        <div className="flex flex-wrap items-end gap-3 print:hidden">
          <label className="flex-1 basis-56">
            <span className="mb-1 block text-sm font-semibold">{t('staff.table.search')}</span>
            <input
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={searchHint ?? t('staff.table.searchHint')}
              className="block min-h-10 w-full rounded border border-gray-300 bg-white px-3 py-2"
              maxLength={100}
            />
          </label>
          <label>
            <span className="mb-1 block text-sm font-semibold">{t('staff.table.pageSize')}</span>
            <select
              value={params.pageSize}
              onChange={(e) => go({ pageSize: Number(e.target.value) })}
              className="block min-h-10 rounded border border-gray-300 bg-white px-2"
            >
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {n(s)}
                </option>
              ))}
            </select>
          </label>
        </div>

        {loading && (
          <p role="status" className="text-gray-600 print:hidden">
            {t('staff.table.loading')}
          </p>
        )}
        {error !== null && !loading && (
          <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
            <p className="font-semibold">{t('staff.table.loadFailed')}</p>
            <p>{errorText(error)}</p>
            <button
              type="button"
              onClick={() => setAttempt((a) => a + 1)}
              className="mt-2 inline-flex min-h-10 items-center rounded bg-red-700 px-4 font-semibold text-white"
            >
              {t('common.retry')}
            </button>
          </div>
        )}
        {result && !error && !loading && rows.length === 0 && (
          <p className="rounded border border-gray-200 bg-white p-4 text-center text-gray-700">
            {params.q.trim() ? t('staff.table.emptySearch', { q: params.q.trim() }) : t('staff.table.empty')}
          </p>
        )}

        {rows.length > 0 && !error && (
          <div className={loading ? 'opacity-60' : undefined}>
            {/* Wide screens: a table with sortable headers. */}
            {/* relative: an sr-only text in a cell is placed in this box, not past the page's right edge. */}
            <div className="relative hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block print:block print:overflow-visible print:border-0">
              <table className="w-full text-left text-sm">
                <thead className="bg-gray-100 text-gray-800">
                  <tr>
                    <th scope="col" className="px-2 py-2">
                      {t('staff.table.serial')}
                    </th>
                    {tableColumns.map((c) => {
                      const active = c.sortKey !== undefined && params.sort === c.sortKey;
                      return (
                        <th
                          key={c.id}
                          scope="col"
                          className="px-2 py-2"
                          aria-sort={
                            c.sortKey
                              ? active
                                ? params.dir === 'asc'
                                  ? 'ascending'
                                  : 'descending'
                                : 'none'
                              : undefined
                          }
                        >
                          {c.sortKey ? (
                            <button
                              type="button"
                              onClick={() => sortBy(c.sortKey!)}
                              className="inline-flex items-center gap-1 text-left font-semibold hover:underline"
                              title={t('staff.table.sortBy', { column: c.header })}
                            >
                              {c.header}
                              <span aria-hidden="true" className={active ? '' : 'text-gray-400'}>
                                {active ? (params.dir === 'asc' ? '▲' : '▼') : '↕'}
                              </span>
                            </button>
                          ) : (
                            c.header
                          )}
                        </th>
                      );
                    })}
                    {pinned && (
                      <th scope="col" className={`${pinnedCell} bg-gray-100 px-2 py-2`}>
                        {actionColumns.length > 0 ? (
                          actionColumns.map((c) => c.header).join(' · ')
                        ) : (
                          <span className="sr-only">{t('staff.table.action')}</span>
                        )}
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={rowKey(row)} className="border-t border-gray-200 odd:bg-white even:bg-gray-50">
                      <td className="px-2 py-2 text-gray-600">{n(offset + i + 1)}</td>
                      {tableColumns.map((c) => (
                        <td key={c.id} className="px-2 py-2">
                          {c.cell(row)}
                        </td>
                      ))}
                      {pinned && (
                        <td className={`${pinnedCell} bg-inherit px-2 py-2`}>
                          <div className="flex items-start gap-1">
                            {viewHref && (
                              <Link
                                to={viewHref(row)}
                                className="inline-flex min-h-9 items-center rounded bg-brand-700 px-3 whitespace-nowrap text-white hover:bg-brand-800"
                              >
                                {t('common.view')}
                              </Link>
                            )}
                            {actionColumns.map((c) => (
                              <div key={c.id}>{c.cell(row)}</div>
                            ))}
                          </div>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            {/* Phones: one card per row — the first column as its heading, the rest two to a line. */}
            <ul className="space-y-2 md:hidden print:hidden">
              {rows.map((row, i) => {
                const [head, ...rest] = columns;
                return (
                  <li key={rowKey(row)} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
                    <p className="mb-2 flex items-baseline gap-2 border-b border-gray-100 pb-1">
                      <span className="text-sm text-gray-500">{n(offset + i + 1)}.</span>
                      {head && (
                        <span className="font-semibold">
                          {head.header}: {head.cell(row)}
                        </span>
                      )}
                    </p>
                    <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
                      {rest.map((c) => (
                        <div key={c.id} className={c.wide ? 'col-span-2' : undefined}>
                          <dt className="text-xs text-gray-500">{c.header}</dt>
                          <dd className="break-words">{c.cell(row)}</dd>
                        </div>
                      ))}
                    </dl>
                    {viewHref && (
                      <Link
                        to={viewHref(row)}
                        className="mt-2 flex min-h-10 items-center justify-center rounded bg-brand-700 font-semibold text-white"
                      >
                        {t('common.view')}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        )}

        {result && (
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-between print:hidden">
            {rows.length > 0 && (
              <p className="text-sm text-gray-700">
                {t('staff.table.range', { from: n(offset + 1), to: n(offset + rows.length), total: n(result.total) })}
              </p>
            )}
            <Pagination page={params.page} pages={pages} onPage={(page) => go({ page })} />
          </div>
        )}
      </div>

      {/* Print All: the whole result on paper, nothing else. */}
      {printRows && (
        <div className="hidden print:block">
          <h1 className="text-lg font-bold">{title}</h1>
          <p className="mb-2 text-sm">
            {t('staff.table.printedOn', { date: (locale === 'bn' ? formatDateBn : formatDateEn)(todayInDhaka()) })}
          </p>
          {printRows.total > printRows.rows.length && (
            <p className="mb-2 text-sm">
              {t('staff.table.printCapped', { count: n(printRows.rows.length), total: n(printRows.total) })}
            </p>
          )}
          <table className="w-full border-collapse text-left text-xs">
            <thead>
              <tr>
                <th className="border border-gray-400 px-1">{t('staff.table.serial')}</th>
                {printColumns.map((c) => (
                  <th key={c.id} className="border border-gray-400 px-1">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {printRows.rows.map((row, i) => (
                <tr key={rowKey(row)}>
                  <td className="border border-gray-400 px-1">{n(i + 1)}</td>
                  {printColumns.map((c) => (
                    <td key={c.id} className="border border-gray-400 px-1">
                      {c.print ? c.print(row) : c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
