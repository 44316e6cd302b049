import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { ServiceKind } from '@portal/shared/schemas/services';
import { useT } from '../../i18n/locale';
import { FileSlot, type PickedFile } from '../../components/form/FileSlot';
import { TextField } from '../../components/form/Field';
import { checkSlots } from '../../components/form/fileRules';
import { newId } from '../../offline/ids';
import { syncNow } from '../../offline/sync';
import type { ServiceErrors } from './validate';
import { FORM_SLOTS, isImageOnly, SERVICE_KIND } from './slots';

// The outbox (Dexie) arrives just after the form paints, so a lost connection cannot stop the person
// from saving; the field checks (zod) when the person first touches the form. When they cannot be
// fetched, the documents are still checked and the request is saved as typed: the server checks it
// again and a refusal comes back to the form (docs/decisions/018-service-targets.md, 044-catalogue-by-page.md).
const loadChecks = () => import('./validate').then((m) => m.validateService);
async function checkForm(
  kind: ServiceKind,
  values: Record<string, string>,
  files: Partial<Record<string, PickedFile>>,
) {
  const validateService = await loadChecks().catch(() => null);
  if (validateService) return validateService(kind, values, files);
  const errors = checkSlots(FORM_SLOTS[kind], files, (slot) => isImageOnly(kind, slot));
  return { fields: Object.keys(errors).length === 0 ? (values as Record<string, unknown>) : null, errors };
}
const loadEnqueue = () => import('../../offline/outbox');
const ItemStatus = lazy(() => import('./ItemStatus').then((m) => ({ default: m.ItemStatus })));

/** The props of one field of these forms: every field is required (spec 1 §5), labelled `services.field.<name>`. */
export interface BoundField {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
  required: true;
}
export interface FieldRenderProps {
  bind: (name: string) => BoundField;
}

/** The applicant's mobile, as both forms ask for it (Bangla or Latin digits, +88 allowed). */
export function MobileField(props: BoundField) {
  const t = useT();
  return (
    <TextField {...props} hint={t('services.field.mobileHint')} inputMode="tel" autoComplete="tel" maxLength={20} />
  );
}

/**
 * The frame of the complaint and copy forms (spec 1 §2, §5, §8): the fields the caller draws, the
 * file slots of its kind, validation that stops the submission, then the item goes into the
 * phone's outbox and its fate is shown live (received with the reference number, waiting, or
 * refused with the reason). Nothing typed is lost without a connection.
 */
export function ServiceForm({
  kind,
  title,
  intro,
  initial,
  label,
  renderFields,
}: {
  kind: ServiceKind;
  title: string;
  intro: string;
  initial: Record<string, string>;
  /** What the person recognises the queued item by. */
  label: (values: Record<string, string>) => string;
  renderFields: (p: FieldRenderProps) => ReactNode;
}) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const [files, setFiles] = useState<Partial<Record<string, PickedFile>>>({});
  const [errors, setErrors] = useState<ServiceErrors>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [done, setDone] = useState<{ clientId: string; trying: boolean } | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    void loadEnqueue().catch(() => {});
  }, []);

  // After the first attempt, messages follow the person's corrections as they type.
  useEffect(() => {
    if (!checked) return;
    let live = true;
    void checkForm(kind, values, files).then((result) => live && setErrors(result.errors));
    return () => {
      live = false;
    };
  }, [checked, kind, values, files]);

  const message = (name: string) => {
    const p = errors[name];
    return p ? t(p.key, p.params) : undefined;
  };
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async () => {
    setChecked(true);
    setSaveError(null);
    const result = await checkForm(kind, values, files);
    setErrors(result.errors);
    if (!result.fields) {
      summaryRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { enqueue } = await loadEnqueue();
      const clientId = newId();
      await enqueue(SERVICE_KIND[kind], {
        clientId,
        fields: result.fields as never,
        files: FORM_SLOTS[kind].map((slot) => ({ slot, file: files[slot]! })),
        label: label(values),
      });
      setDone({ clientId, trying: true });
      window.scrollTo({ top: 0 });
      // Send at once when there is a connection; otherwise the engine keeps trying.
      await syncNow();
      setDone({ clientId, trying: false });
    } catch {
      setSaveError(t('services.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const again = () => {
    setValues(initial);
    setFiles({});
    setErrors({});
    setChecked(false);
    setDone(null);
  };

  if (done) {
    return (
      <div className="mx-auto max-w-xl">
        <h1 className="mb-4 text-2xl font-bold text-brand-900">{title}</h1>
        <Suspense fallback={<p role="status">{t('services.sending')}</p>}>
          <ItemStatus clientId={done.clientId} trying={done.trying} onAnother={again} />
        </Suspense>
      </div>
    );
  }

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="mb-2 text-2xl font-bold text-brand-900">{title}</h1>
      <p className="mb-4 text-gray-700">{intro}</p>
      <p
        ref={summaryRef}
        tabIndex={-1}
        role={hasErrors ? 'alert' : undefined}
        className={
          hasErrors ? 'mb-4 rounded border border-red-400 bg-red-50 p-3 font-semibold text-red-800' : 'sr-only'
        }
      >
        {hasErrors ? t('services.fixErrors') : ''}
      </p>
      <form
        noValidate
        onFocusCapture={() => void loadChecks().catch(() => {})}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          {renderFields({
            bind: (name) => ({
              name,
              label: t(`services.field.${name}` as MessageKey),
              value: values[name] ?? '',
              onValue: (v) => set(name, v),
              error: message(name),
              required: true,
            }),
          })}
        </div>
        <h2 className="mt-6 mb-3 text-lg font-bold text-gray-900">{t('services.files.title')}</h2>
        {FORM_SLOTS[kind].map((slot) => (
          <FileSlot
            key={slot}
            name={slot}
            label={t(`services.slot.${kind}.${slot}` as MessageKey)}
            imageOnly={isImageOnly(kind, slot)}
            required
            file={files[slot] ?? null}
            error={message(`file:${slot}`)}
            onFile={(file) =>
              setFiles((f) => {
                const next = { ...f };
                if (file) next[slot] = file;
                else delete next[slot];
                return next;
              })
            }
          />
        ))}
        {saveError && (
          <p role="alert" className="mb-3 rounded border border-red-400 bg-red-50 p-3 text-red-800">
            {saveError}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="mt-2 min-h-12 w-full rounded bg-brand-700 px-4 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? t('services.submitting') : t('services.submit')}
        </button>
      </form>
    </div>
  );
}
