import { addYears, todayInDhaka } from '@portal/shared/i18n/dates';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useLocale, useT } from '../../i18n/locale';
import { localDate } from './format';
import { FieldError, inputClass } from './ui';
import { DateInput } from '../../components/form/DateInput';

/**
 * The issue date and validity of a licence period, typed by the officer (spec 3 §4, §5): a new
 * licence's approval and a renewal's approval both ask them, defaulting to today and today plus
 * the term. Each date is echoed day-month-year in Bangla digits under its input.
 */
export type PeriodField = 'issuedOn' | 'validFrom' | 'validTo';
export type Period = Record<PeriodField, string>;
export type PeriodErrors = Partial<Record<PeriodField, MessageKey>>;
export const PERIOD_FIELDS: readonly PeriodField[] = ['issuedOn', 'validFrom', 'validTo'];

const isIsoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

export function defaultPeriod(years: number, today: string = todayInDhaka()): Period {
  return { issuedOn: today, validFrom: today, validTo: addYears(today, years) };
}

/** A changed date; a new start moves the end with it, `years` later. */
export function changePeriod(period: Period, field: PeriodField, value: string, years: number): Period {
  return {
    ...period,
    [field]: value,
    ...(field === 'validFrom' && isIsoDate(value) ? { validTo: addYears(value, years) } : {}),
  };
}

/** Every date must be a date, and the validity must end after it starts (the server's rule too). */
export function periodErrors(period: Period): PeriodErrors {
  const found: PeriodErrors = {};
  for (const f of PERIOD_FIELDS) if (!isIsoDate(period[f])) found[f] = 'v.date';
  if (!found.validFrom && !found.validTo && period.validTo <= period.validFrom)
    found.validTo = 'decisions.approve.validToAfterFrom';
  return found;
}

/** Puts the cursor on the first wrong date; false when there is none. */
export function focusPeriodError(idPrefix: string, errors: PeriodErrors): boolean {
  const first = PERIOD_FIELDS.find((f) => errors[f]);
  if (!first) return false;
  document.getElementById(`${idPrefix}-${first}`)?.focus();
  return true;
}

export function PeriodFields({
  idPrefix,
  value,
  onChange,
  errors,
  disabled,
}: {
  idPrefix: string;
  value: Period;
  onChange: (field: PeriodField, value: string) => void;
  errors: PeriodErrors;
  disabled?: boolean;
}) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-3">
      {PERIOD_FIELDS.map((f) => (
        <div key={f}>
          <label htmlFor={`${idPrefix}-${f}`}>{t(`decisions.approve.${f}`)}</label>
          <DateInput
            keepInvalid
            id={`${idPrefix}-${f}`}
            required
            value={value[f]}
            onValue={(v) => onChange(f, v)}
            aria-invalid={!!errors[f] || undefined}
            aria-describedby={`${idPrefix}-${f}-bn${errors[f] ? ` ${idPrefix}-${f}-error` : ''}`}
            disabled={disabled}
            className={inputClass}
          />
          <p id={`${idPrefix}-${f}-bn`} className="mt-1 text-sm text-gray-700">
            {localDate(value[f], locale)}
          </p>
          <FieldError id={`${idPrefix}-${f}-error`} message={errors[f] ? t(errors[f]) : null} />
        </div>
      ))}
    </div>
  );
}
