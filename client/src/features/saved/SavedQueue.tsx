import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { MessageKey } from '@portal/shared/i18n/index';
import { LazyConfirmDialog } from '../../components/useConfirm';
import { useLocale, useT } from '../../i18n/locale';
import type { OutboxItem, OutboxStatus } from '../../offline/db';
import { useOutboxItems } from '../../offline/hooks';
import { deleteItem, exportBackup, retryItem } from '../../offline/outbox';
import { syncNow } from '../../offline/sync';
import { VerifyAgain } from '../change/VerifyAgainNotice';
import { REQUEST_KINDS } from '@portal/shared/kinds/slots';
import { KIND_FORMS, printFormOf, printPathOf } from '../intake/kindForms';
import { localDateTime } from '../review/format';

/** Items that become applications (print page, application number); 'application' is the pre-kinds name (decision 023). */
const isApplication = (kind: OutboxItem['kind']) =>
  kind === 'application' || (REQUEST_KINDS as readonly string[]).includes(kind);
/** Items a form can take back after a refusal: every kind a citizen fills in (KIND_FORMS). */
const editable = (kind: OutboxItem['kind']) => kind === 'application' || kind in KIND_FORMS;

const BADGE: Record<OutboxStatus, string> = {
  saved: 'bg-amber-100 text-amber-900 border-amber-300',
  sending: 'bg-sky-100 text-sky-900 border-sky-300',
  'files-pending': 'bg-sky-100 text-sky-900 border-sky-300',
  received: 'bg-brand-100 text-brand-900 border-brand-600',
  failed: 'bg-red-100 text-red-900 border-red-300',
  conflict: 'bg-red-100 text-red-900 border-red-300',
};

/**
 * The phone's queue as the person sees it on /saved (docs/decisions/018-service-targets.md "Show the queue"): saved,
 * sending with file progress, received with the number, failed with the reason and a retry;
 * a stuck item can be deleted (after a question) and everything exported as a backup file.
 * It reads IndexedDB through Dexie, so it is a chunk of its own that arrives after the page's
 * first paint (docs/decisions/044-catalogue-by-page.md).
 */
export default function SavedQueue() {
  const t = useT();
  const { locale } = useLocale();
  // Everything the citizen queued on this phone: applications, complaints and copy requests.
  const items = useOutboxItems()?.filter((i) => i.kind !== 'officerAction' && i.kind !== 'fieldVisit');
  const [toDelete, setToDelete] = useState<OutboxItem | null>(null);
  const navigate = useNavigate();
  const edit = async (item: OutboxItem) => {
    const { editRefusedRequest } = await import('../application/editRefused');
    const path = await editRefusedRequest(item.id);
    if (path) navigate(path);
  };
  const [exporting, setExporting] = useState(false);
  const digits = (n: number | string) => (locale === 'bn' ? toBanglaDigits(n) : String(n));
  // Day-month-year and a 24-hour time in Dhaka, in the screen's digits, as every moment is shown.
  const when = (ms: number) => localDateTime(new Date(ms).toISOString(), locale);
  const reason = (item: OutboxItem) =>
    locale === 'en' && item.lastError?.messageEn ? item.lastError.messageEn : item.lastError?.messageBn;

  const unsent = items?.some((i) => i.status === 'saved' || i.status === 'files-pending' || i.status === 'sending');

  return (
    <>
      {unsent && (
        <button
          type="button"
          onClick={() => void syncNow()}
          className="mb-4 min-h-11 w-full rounded bg-brand-700 px-4 font-semibold text-white"
        >
          {t('offline.sendNow')}
        </button>
      )}
      {items === undefined ? (
        <p role="status">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <div className="rounded-lg border border-gray-200 bg-white p-4 text-center">
          <p className="mb-3 text-gray-700">{t('offline.saved.empty')}</p>
          <Link
            to="/new-application"
            className="inline-flex min-h-11 items-center rounded bg-brand-700 px-4 font-semibold text-white"
          >
            {t('offline.saved.newApplication')}
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li
              key={item.id}
              className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm"
              data-testid="outbox-item"
              data-status={item.status}
            >
              <div className="mb-1 flex flex-wrap items-start justify-between gap-2">
                <p className="font-bold text-gray-900">{item.label}</p>
                <span className={`rounded border px-2 py-0.5 text-sm font-semibold ${BADGE[item.status]}`}>
                  {t(`offline.status.${item.status}` as MessageKey)}
                </span>
              </div>
              <p className="text-sm text-gray-600">{t('offline.createdAt', { when: when(item.createdAt) })}</p>
              {item.result && (
                <p className="font-semibold text-brand-900">
                  {t(isApplication(item.kind) ? 'offline.number' : 'offline.reference', {
                    number: digits(item.result.applicationNumber),
                  })}
                </p>
              )}
              {item.filesTotal > 0 && item.status !== 'received' && (
                <div className="mt-1">
                  <p className="text-sm text-gray-700">
                    {t('offline.files', { done: digits(item.filesUploaded), total: digits(item.filesTotal) })}
                  </p>
                  <progress className="h-2 w-full" max={item.filesTotal} value={item.filesUploaded} />
                </div>
              )}
              {item.lastError && item.status === 'failed' && (
                <p className="mt-1 text-sm font-semibold text-red-800">
                  {t('offline.reason', { reason: reason(item) ?? '' })}
                </p>
              )}
              {item.lastError && (item.status === 'saved' || item.status === 'files-pending') && (
                <p className="mt-1 text-sm text-gray-700">{t('offline.lastTry', { reason: reason(item) ?? '' })}</p>
              )}
              <div className="mt-2 flex flex-wrap gap-2">
                {isApplication(item.kind) && item.status === 'received' && item.result && (
                  <Link
                    to={printPathOf(item.kind, item.result.id)}
                    className="inline-flex min-h-10 items-center rounded bg-brand-700 px-3 font-semibold text-white"
                  >
                    {t('offline.print', { form: t(printFormOf(item.kind)) })}
                  </Link>
                )}
                <VerifyAgain item={item} />
                {item.status === 'failed' && (
                  <>
                    {editable(item.kind) && (
                      <button
                        type="button"
                        onClick={() => void edit(item)}
                        className="min-h-10 rounded bg-brand-700 px-3 font-semibold text-white"
                      >
                        {t('offline.edit')}
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={() => void retryItem(item.id)}
                      className="min-h-10 rounded border border-brand-700 px-3 font-semibold text-brand-800"
                    >
                      {t('offline.retry')}
                    </button>
                  </>
                )}
                {item.status !== 'sending' && (
                  <button
                    type="button"
                    onClick={() => setToDelete(item)}
                    className="min-h-10 rounded border border-red-300 px-3 font-semibold text-red-700"
                  >
                    {t('offline.delete')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {items && items.length > 0 && (
        <div className="mt-6 rounded-lg border border-gray-200 bg-white p-3">
          <p className="mb-2 text-sm text-gray-700">{t('offline.exportHint')}</p>
          <button
            type="button"
            disabled={exporting}
            onClick={() => {
              setExporting(true);
              void exportBackup().finally(() => setExporting(false));
            }}
            className="min-h-11 w-full rounded border border-brand-700 bg-brand-50 px-4 font-semibold text-brand-800 disabled:opacity-60"
          >
            {t('offline.export')}
          </button>
        </div>
      )}
      {toDelete && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            title={t('offline.delete')}
            description={t('offline.deleteConfirm')}
            tone="danger"
            confirmLabel={t('offline.delete')}
            cancelLabel={t('common.cancel')}
            onConfirm={() => void deleteItem(toDelete.id).finally(() => setToDelete(null))}
            onCancel={() => setToDelete(null)}
          />
        </Suspense>
      )}
    </>
  );
}
