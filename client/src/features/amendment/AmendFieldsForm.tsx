import { useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import { TextArea, TextField } from '../../components/form/Field';
import { Select } from '../../components/form/Select';
import { useT } from '../../i18n/locale';
import { asText, controlOf, labelKey } from './amendFields';
import { DateField } from '../../components/form/DateInput';

/**
 * The editable fields of the application, prefilled with what is stored. Only the fields the
 * server lists are sent; it validates them with the kind's own rules and answers field by field.
 */
export function AmendFieldsForm({
  names,
  stored,
  busy,
  errors,
  onSave,
}: {
  names: string[];
  stored: Record<string, unknown>;
  busy: boolean;
  errors: Record<string, string>;
  onSave: (fields: Record<string, string>) => void;
}) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(names.map((n) => [n, asText(stored[n])])),
  );
  const set = (name: string) => (v: string) => setValues((prev) => ({ ...prev, [name]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(values);
  };

  return (
    <form onSubmit={submit} noValidate className="rounded border border-gray-200 bg-white p-4">
      <h2 className="mb-3 text-lg font-bold text-brand-900">{t('verification.amend.fieldsTitle')}</h2>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {names.map((name) => {
          const control = controlOf(name);
          const common = {
            name,
            label: t(labelKey(name)),
            value: values[name] ?? '',
            onValue: set(name),
            error: errors[`fields.${name}`],
          };
          if (control.type === 'select') {
            return (
              <Select
                key={name}
                {...common}
                options={control.options.map((o) => ({ value: o, label: t(`${control.prefix}${o}` as MessageKey) }))}
              />
            );
          }
          if (control.type === 'date') return <DateField key={name} {...common} />;
          if (control.long) {
            return (
              <div key={name} className="sm:col-span-2">
                <TextArea {...common} />
              </div>
            );
          }
          return <TextField key={name} {...common} inputMode={control.numeric ? 'decimal' : undefined} />;
        })}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 w-full rounded bg-brand-700 px-4 font-bold text-white disabled:opacity-60 sm:w-auto"
      >
        {busy ? t('verification.amend.saving') : t('verification.amend.save')}
      </button>
    </form>
  );
}
