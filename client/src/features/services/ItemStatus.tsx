import { useLiveQuery } from 'dexie-react-hooks';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { db } from '../../offline/db';
import { deleteItem, retryItem } from '../../offline/outbox';

/**
 * What happened to the complaint or copy request just queued, live from the outbox (spec 1 §8:
 * 'Form Submitted successfully'): received with its reference number, still sending with file
 * progress, kept on the phone for later, or refused with the reason and a way on.
 */
export function ItemStatus({
  clientId,
  trying,
  onAnother,
}: {
  clientId: string;
  trying: boolean;
  onAnother: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const item = useLiveQuery(() => db.outbox.get(clientId), [clientId]);
  const digits = (n: number) => (locale === 'bn' ? toBanglaDigits(n) : String(n));
  const another = (
    <button
      type="button"
      onClick={onAnother}
      className="min-h-11 w-full rounded border border-gray-400 bg-white px-4 font-semibold text-gray-800"
    >
      {t('services.another')}
    </button>
  );

  if (item?.status === 'received' && item.result) {
    return (
      <section role="status" className="rounded-lg border border-brand-600 bg-brand-50 p-4 text-center">
        <h2 className="mb-3 text-xl font-bold text-brand-800">{t('services.submitted')}</h2>
        <p className="mb-4 text-lg text-brand-900" data-testid="reference-number">
          {t('services.submittedRef', { number: digits(item.result.applicationNumber) })}
        </p>
        {another}
      </section>
    );
  }

  if (item?.status === 'failed' || item?.status === 'conflict') {
    const reason =
      locale === 'en' && item.lastError?.messageEn ? item.lastError.messageEn : (item.lastError?.messageBn ?? '');
    return (
      <section role="alert" className="rounded-lg border border-red-400 bg-red-50 p-4">
        <p className="mb-4 font-semibold text-red-900">{t('services.sendFailed', { message: reason })}</p>
        <div className="flex flex-col gap-3">
          <button
            type="button"
            onClick={() => void retryItem(clientId)}
            className="min-h-11 w-full rounded bg-brand-700 px-4 font-semibold text-white"
          >
            {t('offline.retry')}
          </button>
          <button
            type="button"
            onClick={() => void deleteItem(clientId).then(onAnother)}
            className="min-h-11 w-full rounded border border-red-300 bg-white px-4 font-semibold text-red-700"
          >
            {t('offline.delete')}
          </button>
        </div>
      </section>
    );
  }

  if (!item || trying || item.status === 'sending') {
    return (
      <section role="status" aria-live="polite" className="rounded-lg border border-sky-300 bg-sky-50 p-4">
        <p className="mb-3 font-semibold text-sky-900">{t('services.sending')}</p>
        <progress className="h-3 w-full" max={item?.filesTotal || 1} value={item?.filesUploaded ?? 0} />
      </section>
    );
  }

  return (
    <section role="status" className="rounded-lg border border-amber-400 bg-amber-50 p-4">
      <p className="mb-3 text-amber-900">{t('services.queued')}</p>
      <progress className="mb-4 h-3 w-full" max={item.filesTotal || 1} value={item.filesUploaded} />
      {another}
    </section>
  );
}
