import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { checkFile } from '../../components/form/fileRules';
import { ApplicationForm } from '../../features/application/ApplicationForm';
import { ReviewAnswers } from '../../features/application/ReviewAnswers';
import { FORM_ID, useDraft } from '../../features/application/useDraft';
import type { FormErrors } from '../../features/application/validate';
import { fileErrorKey, IMAGE_SLOTS, NEW_FORM_SLOTS } from '../../features/application/formValues';
import { useLocalities, usePublicSettings } from '../../offline/cached';
import { useStorageWarning } from '../../offline/storage';
import { syncNow } from '../../offline/sync';
import { PageLoading } from '../../components/PageLoading';

// The form paints first; validation (zod) and the outbox (Dexie) arrive just after, before
// anyone can have finished typing (docs/decisions/018-service-targets.md: first load on a cheap phone).
const loadValidation = () => import('../../features/application/validate');
const loadOutbox = () => import('../../offline/outbox');
const SubmissionStatus = lazy(() =>
  import('../../features/application/SubmissionStatus').then((m) => ({ default: m.SubmissionStatus })),
);

type Step = { kind: 'form' } | { kind: 'review' } | { kind: 'done'; clientId: string };

/**
 * /new-application (spec 1 §2-§5): the form, a check-your-answers step, then the application is
 * queued in the phone's outbox and sent when there is a connection (docs/decisions/018-service-targets.md).
 */
export default function NewApplication() {
  const t = useT();
  const { locale } = useLocale();
  const { data: settings } = usePublicSettings();
  const { data: localities } = useLocalities();
  const storage = useStorageWarning();
  const draft = useDraft();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [trying, setTrying] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    void loadValidation();
    void loadOutbox();
  }, []);

  // After the first attempt to go on, messages follow the person's corrections as they type.
  useEffect(() => {
    if (!checked) return;
    let live = true;
    void loadValidation().then(
      ({ validateApplication }) => live && setErrors(validateApplication(draft.values, draft.files).errors),
    );
    return () => {
      live = false;
    };
  }, [checked, draft.values, draft.files]);

  // The office is one upazila: its name comes from the site settings (spec 1 §1).
  const { setValue } = draft;
  const upazilaEmpty = draft.values.upazila === '';
  useEffect(() => {
    if (settings?.address && upazilaEmpty) setValue('upazila', settings.address);
  }, [settings?.address, upazilaEmpty, setValue]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step.kind]);

  // The restored draft had been queued already (decision 012): show that application, not a form to send it again.
  const { alreadyQueued } = draft;
  useEffect(() => {
    if (alreadyQueued) setStep({ kind: 'done', clientId: alreadyQueued });
  }, [alreadyQueued]);

  if (settings?.others1 === 'OFF' && step.kind !== 'done') {
    return (
      <section className="rounded-lg border border-red-300 bg-red-50 p-4" role="alert">
        <h1 className="mb-2 text-xl font-bold text-red-800">{t('application.closed')}</h1>
        <p className="font-semibold whitespace-pre-wrap text-red-700">{settings.others2}</p>
      </section>
    );
  }

  const toReview = async () => {
    const { validateApplication } = await loadValidation();
    const { errors: found } = validateApplication(draft.values, draft.files);
    setErrors(found);
    setChecked(true);
    if (Object.keys(found).length === 0) {
      setStep({ kind: 'review' });
      return;
    }
    // Take the person to the summary, then to the first field that needs them.
    requestAnimationFrame(() => {
      summaryRef.current?.scrollIntoView({ block: 'center' });
      const first = Object.keys(found)[0];
      document
        .getElementById(first?.startsWith('file:') ? `file-${first.slice(5)}` : `f-${first}`)
        ?.focus({ preventScroll: true });
    });
  };

  const submit = async () => {
    const [{ validateApplication }, { enqueueApplication }] = await Promise.all([loadValidation(), loadOutbox()]);
    const { fields, errors: found } = validateApplication(draft.values, draft.files);
    if (!fields) {
      setErrors(found);
      setStep({ kind: 'form' });
      return;
    }
    setBusy(true);
    setSaveError(null);
    const clientId = draft.clientId;
    try {
      await enqueueApplication({
        clientId,
        draftFormId: FORM_ID,
        fields,
        files: NEW_FORM_SLOTS.map((slot) => ({ slot, file: draft.files[slot]! })),
      });
    } catch {
      setSaveError(t('application.saveFailed'));
      setBusy(false);
      return;
    }
    await draft.reset();
    setBusy(false);
    setTrying(true);
    setStep({ kind: 'done', clientId });
    await syncNow();
    setTrying(false);
  };

  const errorCount = Object.keys(errors).length;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-2 text-2xl font-bold text-brand-900">{t('application.title')}</h1>
      {step.kind === 'form' && (
        <>
          <p className="mb-4 text-gray-700">{t('application.intro')}</p>
          {storage === 'low' && (
            <p className="mb-4 rounded border border-amber-400 bg-amber-50 p-3 text-amber-900">
              {t('application.storageLow')}
            </p>
          )}
          {draft.restored && (
            <p className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded border border-sky-300 bg-sky-50 p-3 text-sky-900">
              {t('application.draftRestored')}
              <button type="button" onClick={() => void draft.reset()} className="min-h-10 underline">
                {t('application.clearDraft')}
              </button>
            </p>
          )}
          {errorCount > 0 && (
            <p
              ref={summaryRef}
              role="alert"
              className="mb-4 rounded border border-red-300 bg-red-50 p-3 font-semibold text-red-800"
            >
              {t('application.errorsSummary', { count: locale === 'bn' ? toBanglaDigits(errorCount) : errorCount })}
            </p>
          )}
          <ApplicationForm
            values={draft.values}
            setValue={draft.setValue}
            files={draft.files}
            setFile={(slot, file) => {
              // A file the office would refuse is not kept: the reason shows at once (spec 1 §5).
              const problem = file && checkFile(file, IMAGE_SLOTS.includes(slot));
              if (problem) {
                setErrors((prev) => ({ ...prev, [fileErrorKey(slot)]: problem }));
                return;
              }
              draft.setFile(slot, file);
              if (file) setErrors(({ [fileErrorKey(slot)]: _dropped, ...rest }) => rest);
            }}
            errors={errors}
            localities={localities}
            onNext={() => void toReview()}
          />
        </>
      )}
      {step.kind === 'review' && (
        <ReviewAnswers
          values={draft.values}
          files={draft.files}
          busy={busy}
          error={saveError}
          onEdit={() => setStep({ kind: 'form' })}
          onSubmit={() => void submit()}
        />
      )}
      {step.kind === 'done' && (
        <Suspense fallback={<PageLoading />}>
          <SubmissionStatus clientId={step.clientId} trying={trying} onAnother={() => setStep({ kind: 'form' })} />
        </Suspense>
      )}
    </div>
  );
}
