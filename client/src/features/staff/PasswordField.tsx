import { useState } from 'react';
import { useT } from '../../i18n/locale';
import { ui } from './ui';

/** A password input with a show/hide toggle (typing on a phone keyboard goes wrong often) and its message. */
export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  /** A line under the hint that follows the typing (the character count of a new password). */
  status?: string;
  error?: string;
  minLength?: number;
  maxLength?: number;
}) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const describedBy =
    [props.hint && `${props.id}-hint`, props.status && `${props.id}-status`, props.error && `${props.id}-error`]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div>
      <label htmlFor={props.id} className={ui.label}>
        {props.label}
      </label>
      <input
        id={props.id}
        type={shown ? 'text' : 'password'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        minLength={props.minLength}
        maxLength={props.maxLength}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        className={ui.input}
      />
      <label className="mt-1 inline-flex items-center gap-2 text-sm text-gray-700">
        <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
        {t('staff.showPassword')}
      </label>
      {props.hint && (
        <p id={`${props.id}-hint`} className="text-sm text-gray-600">
          {props.hint}
        </p>
      )}
      {props.status && (
        <p id={`${props.id}-status`} className="text-sm text-gray-700">
          {props.status}
        </p>
      )}
      {props.error && (
        <p id={`${props.id}-error`} className={ui.fieldError}>
          {props.error}
        </p>
      )}
    </div>
  );
}
