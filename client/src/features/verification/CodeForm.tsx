import { useState, type FormEvent } from 'react';
import { toBanglaDigits, toLatinDigits } from '@portal/shared/i18n/digits';
import { controlClass, TextField } from '../../components/form/Field';
import { useLocale, useT } from '../../i18n/locale';

/**
 * Step two: the 6-digit code from the text message, with "send again" after a short countdown and
 * "cancel" (spec 1 §4). The browser may offer the code from the message (autocomplete one-time-code).
 */
export function CodeForm({
  busy,
  sentTo,
  message,
  resent,
  resendIn,
  serverError,
  onConfirm,
  onResend,
  onCancel,
}: {
  busy: boolean;
  sentTo: { applicationNumber: string; mobile: string };
  message: string;
  resent: boolean;
  resendIn: number;
  serverError?: string;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const digits = (v: string | number) => (locale === 'bn' ? toBanglaDigits(v) : String(v));

  function submit(e: FormEvent) {
    e.preventDefault();
    const latin = toLatinDigits(code.trim());
    if (!/^\d{6}$/.test(latin)) {
      setError(t('verification.v.code'));
      return;
    }
    setError(undefined);
    onConfirm(latin);
  }

  return (
    <form onSubmit={submit} noValidate>
      <div role="status" className="mb-4 rounded border border-brand-600/40 bg-brand-50 p-3 text-brand-900">
        <p className="text-sm">
          {t('verification.sentTo', { number: digits(sentTo.applicationNumber), mobile: digits(sentTo.mobile) })}
        </p>
        <p className="mt-1">{resent ? t('verification.resent') : message}</p>
      </div>
      <TextField
        name="code"
        label={t('verification.field.code')}
        hint={t('verification.field.codeHint')}
        value={code}
        onValue={(v) => setCode(v.replace(/[^0-9০-৯]/g, '').slice(0, 6))}
        error={error ?? serverError}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className={`${controlClass(error ?? serverError)} text-center text-2xl tracking-[0.4em]`}
        autoFocus
        required
      />
      <button
        type="submit"
        disabled={busy}
        className="mb-3 min-h-12 w-full rounded bg-brand-700 px-4 text-lg font-bold text-white disabled:opacity-60"
      >
        {busy ? t('verification.confirming') : t('verification.confirm')}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          onClick={onResend}
          disabled={busy || resendIn > 0}
          className="min-h-11 rounded border border-brand-700 px-3 text-brand-800 disabled:border-gray-300 disabled:text-gray-500"
        >
          {resendIn > 0 ? t('verification.resendIn', { seconds: digits(resendIn) }) : t('verification.resend')}
        </button>
        <button type="button" onClick={onCancel} disabled={busy} className="min-h-11 px-3 text-gray-700 underline">
          {t('verification.cancel')}
        </button>
      </div>
    </form>
  );
}
