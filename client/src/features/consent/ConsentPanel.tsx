import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { FileSlot, type PickedFile } from '../../components/form/FileSlot';
import { checkFile } from '../../components/form/fileRules';
import { useLocale, useT } from '../../i18n/locale';
import { FormLoadState } from '../verification/FormLoadState';
import { problemText } from '../verification/problemText';
import { fileRequest, useCitizenForm } from '../verification/useCitizenForm';

/**
 * /verification/5, the consent letter (spec 1 §4, §7 sommotiPotroUploadFromUser): download the form
 * the office attached, send it back signed. Before the office gives a form, and after the final
 * decision, the panel says why nothing can be sent (docs/decisions/025-amendment-and-consent.md).
 */
export default function ConsentPanel({ onGrantExpired }: { onGrantExpired: (error: ApiError) => void }) {
  const t = useT();
  const { locale } = useLocale();
  const { load, retry, write } = useCitizenForm(onGrantExpired);
  const [file, setFile] = useState<PickedFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (load.kind !== 'ready') return <FormLoadState load={load} retry={retry} />;
  const { consent } = load.form;
  if (!consent.officeForm) {
    return (
      <p role="status" className="rounded border border-amber-400 bg-amber-50 p-4 text-amber-900">
        {t('verification.consent.noForm')}
      </p>
    );
  }

  const send = async () => {
    if (!file) {
      setError(t('verification.consent.chooseFirst'));
      return;
    }
    setBusy(true);
    setError(null);
    setDone(false);
    const failed = await write('/api/citizen/application/consent', fileRequest(file));
    setBusy(false);
    if (failed) setError(problemText(failed, locale) || t('common.networkError'));
    else {
      setFile(null);
      setDone(true);
    }
  };

  return (
    <section className="space-y-4 rounded border border-gray-200 bg-white p-4">
      <div>
        <p className="mb-2">{t('verification.consent.step1')}</p>
        <a
          href="/api/citizen/application/consent-form"
          download
          className="inline-flex min-h-11 items-center rounded border border-brand-700 bg-brand-50 px-4 font-bold text-brand-800"
        >
          {t('verification.consent.download')}
        </a>
      </div>
      {done && (
        <p role="status" className="rounded border border-brand-600 bg-brand-50 p-3 font-semibold text-brand-900">
          {t('verification.consent.uploaded')}
        </p>
      )}
      {!done && consent.uploaded && (
        <p className="rounded border border-brand-600/40 bg-brand-50 p-3 text-brand-900">
          {t('verification.consent.already')}
        </p>
      )}
      {consent.open ? (
        <div>
          <p className="mb-2">{t('verification.consent.step2')}</p>
          <FileSlot
            name="citizenConsent"
            label={t('verification.consent.fileLabel')}
            imageOnly={false}
            required
            file={file}
            error={error ?? undefined}
            onFile={(f) => {
              // The phone-side check saves a wasted upload; the server still decides by the bytes.
              const problem = f && checkFile(f, false);
              setFile(problem ? null : f);
              setError(problem ? t(problem.key, problem.params) : null);
            }}
          />
          <button
            type="button"
            onClick={() => void send()}
            disabled={busy}
            className="min-h-12 w-full rounded bg-brand-700 px-4 text-lg font-bold text-white disabled:opacity-60"
          >
            {busy ? t('verification.consent.uploading') : t('verification.consent.upload')}
          </button>
        </div>
      ) : (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {t('verification.consent.closed')}
        </p>
      )}
    </section>
  );
}
