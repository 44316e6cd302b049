import type { ReactNode } from 'react';
import { useT } from '../../i18n/locale';
import { controlAttributes, FieldFrame } from './Field';

/** A native select: the phone's own picker is the easiest to use with one thumb. */
export function Select({
  name,
  label,
  value,
  onValue,
  options,
  required,
  hint,
  error,
}: {
  name: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: ReactNode;
  error?: string;
}) {
  const t = useT();
  const id = `f-${name}`;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <select
        {...controlAttributes({ name, required, hint, error })}
        value={value}
        onChange={(e) => onValue(e.target.value)}
      >
        <option value="">{t('application.choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
