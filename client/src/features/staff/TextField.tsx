import type { InputHTMLAttributes } from 'react';
import { ui } from './ui';

/** A labelled input with its hint and its Bangla field message wired for screen readers. */
export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  multiline,
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: string;
  error?: string;
  multiline?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: ui.input,
  };
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} maxLength={rest.maxLength} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} {...rest} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Field messages of a VALIDATION problem (ApiError.body.fields), keyed by field path. */
export function fieldErrors(e: unknown): Record<string, string> {
  const body = (e as { body?: { fields?: Record<string, string> } } | null)?.body;
  return body?.fields ?? {};
}
