import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../i18n/locale';

/** First / previous / "page X of Y" / next / last; big enough to hit with a thumb. */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useT();
  const { locale } = useLocale();
  const n = (v: number) => (locale === 'bn' ? toBanglaDigits(v) : String(v));
  if (pages <= 1) return null;
  const btn =
    'min-h-10 min-w-10 rounded border border-gray-300 bg-white px-3 text-sm disabled:opacity-40 hover:bg-gray-100';
  return (
    <nav
      aria-label={t('staff.table.pagination')}
      className="flex flex-wrap items-center justify-center gap-1 print:hidden"
    >
      <button
        type="button"
        className={btn}
        disabled={page <= 1}
        onClick={() => onPage(1)}
        aria-label={t('staff.table.first')}
      >
        «
      </button>
      <button
        type="button"
        className={btn}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('staff.table.prev')}
      >
        ‹
      </button>
      <span className="px-2 text-sm" aria-current="page">
        {t('staff.table.page', { page: n(page), pages: n(pages) })}
      </span>
      <button
        type="button"
        className={btn}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('staff.table.next')}
      >
        ›
      </button>
      <button
        type="button"
        className={btn}
        disabled={page >= pages}
        onClick={() => onPage(pages)}
        aria-label={t('staff.table.last')}
      >
        »
      </button>
    </nav>
  );
}
