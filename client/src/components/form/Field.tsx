import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useT } from '../../i18n/locale';

/**
 * The frame every form control sits in: label (with a star when required), the control, a hint
 * and the Bangla error message, wired with aria so a screen reader reads them with the control.
 */
export function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block font-semibold text-gray-800">
        {label}
        {required && (
          <span className="ms-1 text-red-700" aria-label={t('application.required')}>
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export const controlClass = (error?: string) =>
  `block w-full rounded border bg-white px-3 py-2 text-base text-gray-900 focus:outline-2 focus:outline-brand-600 ${
    error ? 'border-red-600' : 'border-gray-400'
  }`;

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/** The attributes every framed control carries: its id and name, and the aria wiring to its frame's texts. */
export function controlAttributes({
  name,
  required,
  hint,
  error,
}: {
  name: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
}) {
  const id = `f-${name}`;
  return {
    id,
    name,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: controlClass(error),
  };
}

type FieldProps = {
  name: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
};

/** A one-line text input. Digits are typed in a text box (not type=number) so Bangla digits work. */
export function TextField({
  name,
  label,
  value,
  onValue,
  required,
  hint,
  error,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name' | 'required'>) {
  const id = `f-${name}`;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input
        {...controlAttributes({ name, required, hint, error })}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextArea({
  name,
  label,
  value,
  onValue,
  required,
  hint,
  error,
  ...rest
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'name' | 'required'>) {
  const id = `f-${name}`;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        {...controlAttributes({ name, required, hint, error })}
        value={value}
        rows={3}
        onChange={(e) => onValue(e.target.value)}
        {...rest}
      />
    </FieldFrame>
  );
}
