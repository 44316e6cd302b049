import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { RequestKind } from '@portal/shared/kinds/slots';
import type { EditView } from '@portal/shared/schemas/register-edit';
import { ApiError } from '../../api/client';
import { TextArea, TextField } from '../../components/form/Field';
import { Select } from '../../components/form/Select';
import { useToast } from '../../components/Toast';
import { useLocale, useT } from '../../i18n/locale';
import { useLocalities } from '../../offline/cached';
import { PUMP_TYPES } from '@portal/shared/constants';
import { asText, controlOf, type FieldControl } from '../amendment/amendFields';
import type { BoundText, LayoutProps } from '../intake/formParts';
import { Section } from '../intake/formParts';
import { textOf, type KindValues } from '../intake/kindForms';
import { ChangeFields } from '../intake/layouts/ChangeFields';
import { RenewFields } from '../intake/layouts/RenewFields';
import { WellFields } from '../intake/layouts/WellFields';
import { buttonPrimary, FormError } from '../review/ui';
import { saveEditedFields } from './api';
import { validateEdit } from './validateEdit';
import { DateField } from '../../components/form/DateInput';

/** The citizen form's own layouts, so the edit shows the kind's fields in its order and with its labels. */
const LAYOUTS: Record<RequestKind, ComponentType<LayoutProps>> = {
  New: WellFields,
  Existing: WellFields,
  Renew: RenewFields,
  NameChange: ChangeFields,
  PlotChange: ChangeFields,
};

/** The form's values from the stored fields: text as the boxes show it, the agreement as it was given. */
export function valuesOf(view: EditView): KindValues {
  const names = [...view.editable, ...view.fixed];
  const values: KindValues = Object.fromEntries(names.map((n) => [n, asText(view.fields[n])]));
  if (typeof view.fields.agreed === 'boolean') values.agreed = view.fields.agreed;
  return values;
}

/** What a save sends: every editable field as typed (the server keeps the fixed ones). */
const payloadOf = (view: EditView, values: KindValues) =>
  Object.fromEntries(view.editable.map((n) => [n, textOf(values, n)]));

/**
 * Every field of the application, prefilled, validated with the kind's own schema (the citizen's
 * form's Bangla messages) before it is sent and again by the server. The values typed survive a
 * refusal: a validation problem marks the fields, a conflict (someone saved meanwhile) hands the
 * current application to the page, which shows what changed, while the typing stays here.
 */
export function EditFieldsForm({
  view,
  onSaved,
  onConflict,
}: {
  view: EditView;
  onSaved: (v: EditView) => void;
  onConflict: (current: EditView) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const toast = useToast();
  const { data: localities } = useLocalities();
  const [values, setValues] = useState<KindValues>(() => valuesOf(view));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  const localErrors = (v: KindValues) =>
    Object.fromEntries(Object.entries(validateEdit(view.kind, v)).map(([name, key]) => [name, t(key!)]));

  // After the first attempt, messages follow the corrections as they are typed (as the citizen's form).
  useEffect(() => {
    if (checked) setErrors(localErrors(values));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- localErrors reads only view.kind and t
  }, [checked, values]);

  const setValue = (name: string, value: string | boolean) => setValues((prev) => ({ ...prev, [name]: value }));

  const bind = (name: string, required = false): BoundText => {
    const bound: BoundText = {
      name,
      label: t((view.kind === 'Old' ? `oldRecords.field.${name}` : `application.field.${name}`) as MessageKey),
      value: textOf(values, name),
      onValue: (v: string) => setValue(name, v),
      required,
      error: errors[name],
    };
    // The layouts spread these props onto the input: a fixed field is shown but cannot be typed in.
    return view.fixed.includes(name) ? Object.assign(bound, { readOnly: true }) : bound;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setChecked(true);
    const found = localErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => {
        summaryRef.current?.scrollIntoView?.({ block: 'center' });
        document.getElementById(`f-${Object.keys(found)[0]}`)?.focus({ preventScroll: true });
      });
      return;
    }
    setBusy(true);
    try {
      const saved = await saveEditedFields(view.id, view.version, payloadOf(view, values));
      const last = saved.history.at(-1);
      toast.success(
        saved.version !== view.version && last?.action === 'editFields'
          ? t('registerEdit.saved', { list: last.note ?? '' })
          : t('registerEdit.unchanged'),
      );
      setValues(valuesOf(saved));
      setChecked(false);
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'STALE_STATE' && err.body?.current) {
        onConflict(err.body.current as EditView);
      } else if (err instanceof ApiError && err.body?.fields) {
        // The server's messages are Bangla already, keyed fields.<name>.
        setErrors(
          Object.fromEntries(
            Object.entries(err.body.fields).map(([path, text]) => [path.replace(/^fields\./, ''), text]),
          ),
        );
        setFailure(err.messageBn);
      } else {
        setFailure(t('registerEdit.saveFail', { message: err instanceof ApiError ? err.messageBn : String(err) }));
      }
    } finally {
      setBusy(false);
    }
  };

  const count = Object.keys(errors).length;
  const Layout = view.kind === 'Old' ? null : LAYOUTS[view.kind];
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-4" aria-label={t('registerEdit.title')}>
      {count > 0 && (
        <p
          ref={summaryRef}
          role="alert"
          className="mb-4 rounded border border-red-300 bg-red-50 p-3 font-semibold text-red-800"
        >
          {t('application.errorsSummary', { count: locale === 'bn' ? toBanglaDigits(count) : count })}
        </p>
      )}
      {Layout ? (
        <Layout
          kind={view.kind as RequestKind}
          values={values}
          setValue={setValue}
          bind={bind}
          localities={localities}
        />
      ) : (
        <PlainFields names={[...view.fixed, ...view.editable]} bind={bind} />
      )}
      <FormError message={failure} />
      <button type="submit" disabled={busy} className={`${buttonPrimary} mt-3 w-full sm:w-auto`}>
        {busy ? t('registerEdit.saving') : t('registerEdit.save')}
      </button>
    </form>
  );
}

/** A kind without a citizen layout (an old record): each field in the schema's order, chosen by its kind of value. */
function PlainFields({ names, bind }: { names: string[]; bind: (name: string) => BoundText }) {
  const t = useT();
  return (
    <Section title={t('registerEdit.title')}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {names.map((name) => {
          const control: FieldControl =
            name === 'pumpType' ? { type: 'select', options: PUMP_TYPES, prefix: 'common.pumpType.' } : controlOf(name);
          const props = bind(name);
          if (control.type === 'select') {
            return (
              <Select
                key={name}
                {...props}
                options={control.options.map((o) => ({ value: o, label: t(`${control.prefix}${o}` as MessageKey) }))}
              />
            );
          }
          if (control.type === 'date' || ['issuedOn', 'validFrom', 'validTo'].includes(name))
            return <DateField key={name} {...props} />;
          if (control.type === 'text' && control.long) {
            return (
              <div key={name} className="sm:col-span-2">
                <TextArea {...props} />
              </div>
            );
          }
          return <TextField key={name} {...props} />;
        })}
      </div>
    </Section>
  );
}
