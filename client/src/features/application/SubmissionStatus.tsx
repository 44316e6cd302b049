import { Link, useNavigate } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { db } from '../../offline/db';
import { printFormOf, printPathOf } from '../intake/kindForms';
import { editRefusedRequest } from './editRefused';

/**
 * What happened to the application just queued, live from the outbox: received (with the
 * number and the print link), still sending (with file progress), kept on the phone for
 * later, or refused (with the reason). `trying` is true while the first send attempt runs.
 */
export function SubmissionStatus({
  clientId,
  trying,
  onAnother,
}: {
  clientId: string;
  trying: boolean;
  onAnother: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { locale } = useLocale();
  const item = useLiveQuery(() => db.outbox.get(clientId), [clientId]);
  const digits = (n: number) => (locale === 'bn' ? toBanglaDigits(n) : String(n));
  const another = (
    <button
      type="button"
      onClick={onAnother}
      className="min-h-11 w-full rounded border border-gray-400 bg-white px-4 font-semibold text-gray-800"
    >
      {t('application.done.another')}
    </button>
  );
  const seeSaved = (
    <Link
      to="/saved"
      className="flex min-h-11 w-full items-center justify-center rounded bg-brand-700 px-4 font-semibold text-white"
    >
      {t('application.done.seeSaved')}
    </Link>
  );

  if (item?.status === 'received' && item.result) {
    return (
      <section role="status" className="rounded-lg border border-brand-600 bg-brand-50 p-4 text-center">
        <h2 className="mb-3 text-xl font-bold text-brand-800">{t('application.done.receivedTitle')}</h2>
        <p className="text-gray-700">{t('application.done.number')}</p>
        <p className="mb-2 text-4xl font-bold text-brand-900" data-testid="application-number">
          {digits(item.result.applicationNumber)}
        </p>
        <p className="mb-4 text-sm text-gray-700">{t('application.done.keepNumber')}</p>
        <div className="flex flex-col gap-3">
          <Link
            to={printPathOf(item.kind, item.result.id)}
            className="flex min-h-11 items-center justify-center rounded bg-brand-700 px-4 font-semibold text-white"
          >
            {t('application.done.print', { form: t(printFormOf(item.kind)) })}
          </Link>
          <Link
            to="/my-application"
            className="flex min-h-11 items-center justify-center rounded border border-brand-700 bg-white px-4 font-semibold text-brand-800"
          >
            {t('application.done.myApplication')}
          </Link>
          {another}
        </div>
      </section>
    );
  }

  if (item?.status === 'failed' || item?.status === 'conflict') {
    return (
      <section role="alert" className="rounded-lg border border-red-400 bg-red-50 p-4">
        <h2 className="mb-2 text-xl font-bold text-red-800">{t('application.done.failedTitle')}</h2>
        <p className="mb-4 text-red-900">
          {locale === 'en' && item.lastError?.messageEn ? item.lastError.messageEn : item.lastError?.messageBn}
        </p>
        <div className="flex flex-col gap-3">
          <button
            type="button"
            onClick={() =>
              void editRefusedRequest(clientId).then((path) => {
                // The refused request's own form: reopen it so the draft it now holds is read.
                if (path) navigate(0);
              })
            }
            className="min-h-11 w-full rounded bg-brand-700 px-4 font-semibold text-white"
          >
            {t('offline.edit')}
          </button>
          {seeSaved}
        </div>
      </section>
    );
  }

  const inFlight = trying || item?.status === 'sending' || item?.status === 'files-pending';
  if (!item || inFlight) {
    return (
      <section role="status" aria-live="polite" className="rounded-lg border border-sky-300 bg-sky-50 p-4">
        <h2 className="mb-2 text-xl font-bold text-sky-900">{t('application.done.sendingTitle')}</h2>
        <p className="mb-3 text-sky-900">
          {t('application.done.sendingBody', {
            done: digits(item?.filesUploaded ?? 0),
            total: digits(item?.filesTotal ?? 0),
          })}
        </p>
        <progress className="mb-4 h-3 w-full" max={item?.filesTotal || 1} value={item?.filesUploaded ?? 0} />
        {item?.status === 'files-pending' && !trying && <div className="flex flex-col gap-3">{seeSaved}</div>}
      </section>
    );
  }

  return (
    <section role="status" className="rounded-lg border border-amber-400 bg-amber-50 p-4">
      <h2 className="mb-2 text-xl font-bold text-amber-900">{t('application.done.savedTitle')}</h2>
      <p className="mb-4 text-amber-900">{t('application.done.savedBody')}</p>
      <div className="flex flex-col gap-3">
        {seeSaved}
        {another}
      </div>
    </section>
  );
}
