import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { formatDateBn, formatDateEn, parseDayFirst } from '@portal/shared/i18n/dates';
import { useLocale, useT } from '../../i18n/locale';
import { controlAttributes, FieldFrame } from './Field';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type DateInputProps = {
  /** An ISO date (YYYY-MM-DD), '' for none, or (with keepInvalid) the text as typed. */
  value: string;
  onValue: (value: string) => void;
  /**
   * A form's field: text that is not a date is passed on as typed, so the form's check refuses it
   * with its message (an optional date must never be dropped silently). A filter's: it passes ''
   * and says here that the text is not a date.
   */
  keepInvalid?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'min' | 'max'>;

/**
 * A date typed the way every date on screen is shown: day-month-year, Bangla or Latin digits
 * (`parseDayFirst`), instead of the browser's date box, which follows the phone's locale (on
 * many, month first in Latin letters) and turned a typed 10112026 into 11 October without a word.
 */
export function DateInput({ value, onValue, keepInvalid = false, className, ...input }: DateInputProps) {
  const t = useT();
  const { locale } = useLocale();
  const shown = (v: string) => (ISO_DATE.test(v) ? (locale === 'bn' ? formatDateBn : formatDateEn)(v) : v);
  const [text, setText] = useState(() => shown(value));
  // What this box last passed on: a different value comes from outside (a draft, a reset).
  const passed = useRef(value);
  useEffect(() => {
    if (value === passed.current) return;
    passed.current = value;
    setText(shown(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` follows the locale, which the text keeps
  }, [value]);
  const notADate = !keepInvalid && text.trim() !== '' && parseDayFirst(text) === null;
  const ownError = input.id ? `${input.id}-not-a-date` : undefined;
  return (
    <>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('common.date.placeholder')}
        value={text}
        onChange={(e) => {
          const raw = e.target.value;
          setText(raw);
          const out = parseDayFirst(raw) ?? (raw.trim() === '' || !keepInvalid ? '' : raw);
          passed.current = out;
          onValue(out);
        }}
        className={className}
        {...(notADate ? { 'aria-invalid': true, 'aria-describedby': ownError } : {})}
        {...input}
      />
      {notADate && (
        <span id={ownError} role="alert" className="mt-1 block text-sm font-semibold text-red-700">
          {t('v.date')}
        </span>
      )}
    </>
  );
}

/** A form's date field: the label, the hint and the form's message around a DateInput. */
export function DateField({
  name,
  label,
  value,
  onValue,
  required,
  hint,
  error,
}: {
  name: string;
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
}) {
  const id = `f-${name}`;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <DateInput {...controlAttributes({ name, required, hint, error })} value={value} onValue={onValue} keepInvalid />
    </FieldFrame>
  );
}
