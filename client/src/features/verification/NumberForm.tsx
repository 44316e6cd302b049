import { useState, type FormEvent } from 'react';
import { normaliseMobile, toLatinDigits } from '@portal/shared/i18n/digits';
import { TextField } from '../../components/form/Field';
import { useT } from '../../i18n/locale';

/**
 * Step one: the application number and the mobile number it was filed with (Bangla or Latin
 * digits). Checked here with the same rules as the server so a typo is caught without a request.
 */
export function NumberForm({
  busy,
  serverFields,
  onSend,
  onInvalid,
}: {
  busy: boolean;
  serverFields?: Record<string, string>;
  onSend: (applicationNumber: string, mobile: string) => void;
  /** A typo caught here: an older server message no longer applies. */
  onInvalid: () => void;
}) {
  const t = useT();
  const [applicationNumber, setApplicationNumber] = useState('');
  const [mobile, setMobile] = useState('');
  const [errors, setErrors] = useState<{ applicationNumber?: string; mobile?: string }>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const number = toLatinDigits(applicationNumber.trim());
    const next = {
      applicationNumber: !number ? t('v.required') : /^\d{1,12}$/.test(number) ? undefined : t('v.digitsOnly'),
      mobile: !mobile.trim() ? t('v.required') : normaliseMobile(mobile) ? undefined : t('v.mobile'),
    };
    setErrors(next);
    if (next.applicationNumber || next.mobile) {
      onInvalid();
      return;
    }
    onSend(number, normaliseMobile(mobile)!);
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        name="applicationNumber"
        label={t('verification.field.applicationNumber')}
        hint={t('verification.field.applicationNumberHint')}
        value={applicationNumber}
        onValue={setApplicationNumber}
        error={errors.applicationNumber ?? serverFields?.applicationNumber}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <TextField
        name="mobile"
        label={t('verification.field.mobile')}
        hint={t('verification.field.mobileHint')}
        value={mobile}
        onValue={setMobile}
        error={errors.mobile ?? serverFields?.mobile}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
      />
      <button
        type="submit"
        disabled={busy}
        className="min-h-12 w-full rounded bg-brand-700 px-4 text-lg font-bold text-white disabled:opacity-60"
      >
        {busy ? t('verification.sending') : t('verification.send')}
      </button>
    </form>
  );
}
