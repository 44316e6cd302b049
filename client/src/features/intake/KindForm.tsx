import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import { isImageOnlySlot } from '@portal/shared/kinds/slots';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { loadNamespaces } from '../../i18n/messages';
import { Checkbox } from '../../components/form/Checkbox';
import { FileSlot } from '../../components/form/FileSlot';
import { checkFile, checkSlots, fileErrorKey } from '../../components/form/fileRules';
import { PageLoading } from '../../components/PageLoading';
import { useLocalities, usePublicSettings } from '../../offline/cached';
import { useStorageWarning } from '../../offline/storage';
import { syncNow } from '../../offline/sync';
import { afterPageSettled } from '../../page-settled';
import { useDraft } from '../application/useDraft';
import { Section, type BoundText, type LayoutProps } from './formParts';
import { emptyKindValues, KIND_FORMS, textOf, type FormKind, type KindValues } from './kindForms';
import { ChangeFields } from './layouts/ChangeFields';
import { RenewFields } from './layouts/RenewFields';
import { WellFields } from './layouts/WellFields';
import { ReviewAnswers } from './ReviewAnswers';
import { loadChecks } from './loadChecks';
import type { FormErrors, PickedFiles } from './validateKind';

// The form paints first. Once the page has settled come the outbox (Dexie) and the words of the map
// and of the server's refusals (the well forms draw their location picker then too, WellFields), so
// that a lost connection cannot stop the person from saving on the phone; the checks (zod, 24 KiB)
// come when the person first touches the form, long before they can press "next"
// (docs/decisions/018-service-targets.md, docs/decisions/044-catalogue-by-page.md).
const loadOutbox = () => import('../../offline/outbox');
const loadAfterPaint = () => Promise.all([loadOutbox(), loadNamespaces(['map', 'problems'])]);

/**
 * The kind's checks, or, when they cannot be fetched (a first visit that lost its connection
 * before anything was typed and before the service worker kept them), its documents alone: the
 * request is then saved as typed, the server checks every request again, and a refusal comes
 * back into this form.
 */
async function checkForm(kind: FormKind, values: KindValues, files: PickedFiles) {
  const validateKind = await loadChecks().catch(() => null);
  if (validateKind) return validateKind(kind, values, files);
  const errors = checkSlots(KIND_FORMS[kind].slots, files, isImageOnlySlot);
  return { fields: Object.keys(errors).length === 0 ? (values as Record<string, unknown>) : null, errors };
}

const SubmissionStatus = lazy(() =>
  import('../application/SubmissionStatus').then((m) => ({ default: m.SubmissionStatus })),
);

/** Each kind's fields, drawn by its own layout; the shell draws the documents and everything around them. */
const LAYOUTS: Record<FormKind, ComponentType<LayoutProps>> = {
  New: WellFields,
  Existing: WellFields,
  Renew: RenewFields,
  NameChange: ChangeFields,
  PlotChange: ChangeFields,
};

type Step = { kind: 'form' } | { kind: 'review' } | { kind: 'done'; clientId: string };

/**
 * One form shell for every kind a citizen sends (docs/decisions/026-citizen-forms.md): a draft
 * that survives a browser kill, Bangla or Latin digits, field-level Bangla errors from the kind's
 * own schema, the kind's document slots, check-your-answers, then the request is queued in the
 * phone's outbox and sent when there is a connection; its status (and, once numbered, its print
 * page) follows. `start` is what a form without a draft begins with (a change form: the verified
 * application's answers); `formId` names the draft (a change form's names its application).
 */
export function KindForm({
  kind,
  formId = KIND_FORMS[kind].formId,
  start,
  before,
  after,
  titled = true,
}: {
  kind: FormKind;
  formId?: string;
  start?: () => KindValues;
  /** Shown above the form (e.g. the name the licence carries now). */
  before?: ReactNode;
  /** Shown under the status once the request is queued (e.g. a way to verify again). */
  after?: (clientId: string) => ReactNode;
  /** The form's heading, as the page's one heading; a page that has its own passes false (a change panel). */
  titled?: boolean;
}) {
  const t = useT();
  const { locale } = useLocale();
  const form = KIND_FORMS[kind];
  const { data: settings } = usePublicSettings();
  const { data: localities } = useLocalities();
  const storage = useStorageWarning();
  const blank = useCallback(() => start?.() ?? emptyKindValues(kind), [start, kind]);
  const draft = useDraft(formId, blank);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [trying, setTrying] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    void afterPageSettled()
      .then(loadAfterPaint)
      .catch(() => {});
  }, []);

  // After the first attempt to go on, messages follow the person's corrections as they type.
  useEffect(() => {
    if (!checked) return;
    let live = true;
    void checkForm(kind, draft.values, draft.files).then((result) => live && setErrors(result.errors));
    return () => {
      live = false;
    };
  }, [checked, kind, draft.values, draft.files]);

  // The office is one upazila: its name comes from the site settings (spec 1 §1).
  const { setValue } = draft;
  const upazilaEmpty = form.fields.includes('upazila') && textOf(draft.values, 'upazila') === '';
  useEffect(() => {
    if (settings?.address && upazilaEmpty) setValue('upazila', settings.address);
  }, [settings?.address, upazilaEmpty, setValue]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step.kind]);

  // The restored draft had been queued already (decision 012): show that request, not a form to send it again.
  const { alreadyQueued } = draft;
  useEffect(() => {
    if (alreadyQueued) setStep({ kind: 'done', clientId: alreadyQueued });
  }, [alreadyQueued]);

  if (form.closable && settings?.others1 === 'OFF' && step.kind !== 'done') {
    return (
      <section className="rounded-lg border border-red-300 bg-red-50 p-4" role="alert">
        <h1 className="mb-2 text-xl font-bold text-red-800">{t('application.closed')}</h1>
        <p className="font-semibold whitespace-pre-wrap text-red-700">{settings.others2}</p>
      </section>
    );
  }

  const toReview = async () => {
    const { errors: found } = await checkForm(kind, draft.values, draft.files);
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
    const [{ fields, errors: found }, { enqueue }] = await Promise.all([
      checkForm(kind, draft.values, draft.files),
      loadOutbox(),
    ]);
    if (!fields) {
      setErrors(found);
      setStep({ kind: 'form' });
      return;
    }
    setBusy(true);
    setSaveError(null);
    const clientId = draft.clientId;
    try {
      await enqueue(kind, {
        clientId,
        draftFormId: formId,
        fields: fields as never,
        files: form.slots.map((slot) => ({ slot: slot as never, file: draft.files[slot]! })),
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

  const err = (name: string) => {
    const e = errors[name];
    return e ? t(e.key, e.params) : undefined;
  };
  const bind = (name: string, required = false): BoundText => ({
    name,
    label: t(`application.field.${name}` as MessageKey),
    value: textOf(draft.values, name),
    onValue: (v: string) => setValue(name, v),
    required,
    error: err(name),
  });
  const Layout = LAYOUTS[kind];
  const errorCount = Object.keys(errors).length;

  return (
    <div className="mx-auto max-w-2xl">
      {titled && <h1 className="mb-2 text-2xl font-bold text-brand-900">{t(form.title)}</h1>}
      {step.kind === 'form' && (
        <>
          <p className="mb-4 text-gray-700">{t(form.intro)}</p>
          {before}
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
          <form
            noValidate
            onFocusCapture={() => void loadChecks().catch(() => {})}
            onSubmit={(e) => {
              e.preventDefault();
              void toReview();
            }}
          >
            <Layout kind={kind} values={draft.values} setValue={setValue} bind={bind} localities={localities} />
            <Section title={t('application.section.documents')}>
              {form.slots.map((slot) => (
                <FileSlot
                  key={slot}
                  name={slot}
                  label={t(`application.slot.${slot}` as MessageKey)}
                  imageOnly={isImageOnlySlot(slot)}
                  required
                  file={draft.files[slot] ?? null}
                  error={err(fileErrorKey(slot))}
                  onFile={(file) => {
                    // A file the office would refuse is not kept: the reason shows at once (spec 1 §5).
                    const problem = file && checkFile(file, isImageOnlySlot(slot));
                    if (problem) {
                      setErrors((prev) => ({ ...prev, [fileErrorKey(slot)]: problem }));
                      return;
                    }
                    draft.setFile(slot, file);
                    if (file) setErrors(({ [fileErrorKey(slot)]: _dropped, ...rest }) => rest);
                  }}
                />
              ))}
            </Section>
            <Checkbox
              name="agreed"
              checked={draft.values.agreed === true}
              onChecked={(v) => setValue('agreed', v)}
              error={err('agreed')}
              required
            >
              {t('application.field.agreed')}{' '}
              <Link to="/application-instruction" target="_blank" className="text-brand-700 underline">
                {t('application.readTerms')}
              </Link>
            </Checkbox>
            <button
              type="submit"
              className="min-h-12 w-full rounded bg-brand-700 px-4 text-lg font-bold text-white hover:bg-brand-800"
            >
              {t('application.toReview')}
            </button>
          </form>
        </>
      )}
      {step.kind === 'review' && (
        <ReviewAnswers
          kind={kind}
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
          {after?.(step.clientId)}
        </Suspense>
      )}
    </div>
  );
}
