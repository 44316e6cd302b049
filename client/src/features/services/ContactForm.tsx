import { useState } from 'react';
import { toLatinDigits } from '@portal/shared/i18n/digits';
import { useT } from '../../i18n/locale';
import { api, ApiError } from '../../api/client';
import { TextArea, TextField } from '../../components/form/Field';

/**
 * The home page's contact form (spec 1 §2; §5: name, phone and message required; §8: success
 * resets the form, failure says why). It is sent online only: without a connection the text stays
 * in the form to be sent again. The server checks the same rules and answers in Bangla.
 */
export function ContactForm() {
  const t = useT();
  const empty = { name: '', phone: '', message: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (name: keyof typeof empty) => (v: string) => setValues((s) => ({ ...s, [name]: v }));

  const submit = async () => {
    setResult(null);
    const missing: Record<string, string> = {};
    for (const k of ['name', 'phone', 'message'] as const) if (!values[k].trim()) missing[k] = t('v.required');
    if (!missing.phone && !/^(\+?88)?01[3-9]\d{8}$/.test(toLatinDigits(values.phone).replace(/[\s-]/g, '')))
      missing.phone = t('v.mobile');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      await api('/api/public/contact', { method: 'POST', json: values });
      setValues(empty);
      setResult({ ok: true, text: t('services.contact.sent') });
    } catch (e) {
      if (e instanceof ApiError && e.isNetwork) setResult({ ok: false, text: t('services.contact.offline') });
      else if (e instanceof ApiError) {
        setErrors(e.body?.fields ?? {});
        setResult({ ok: false, text: t('services.contact.failed', { message: e.messageBn }) });
      } else setResult({ ok: false, text: t('services.contact.failed', { message: '' }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="contact-title" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="contact-title" className="mb-3 text-xl font-bold text-brand-900">
        {t('services.contact.title')}
      </h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <TextField
          name="contact-name"
          label={t('services.contact.name')}
          value={values.name}
          onValue={set('name')}
          required
          error={errors.name}
          maxLength={200}
          autoComplete="name"
        />
        <TextField
          name="contact-phone"
          label={t('services.contact.phone')}
          value={values.phone}
          onValue={set('phone')}
          required
          error={errors.phone}
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
        />
        <TextArea
          name="contact-message"
          label={t('services.contact.message')}
          value={values.message}
          onValue={set('message')}
          required
          error={errors.message}
          maxLength={2000}
          rows={4}
        />
        {result && (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={`mb-3 rounded border p-3 ${result.ok ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-red-400 bg-red-50 text-red-800'}`}
          >
            {result.text}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 w-full rounded bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
        >
          {busy ? t('services.contact.sending') : t('services.contact.send')}
        </button>
      </form>
    </section>
  );
}
