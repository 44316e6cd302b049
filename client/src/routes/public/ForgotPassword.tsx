import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import { useConfirm } from '../../components/useConfirm';
import { useT } from '../../i18n/locale';
import { useFormat } from '../../features/staff/format';
import { AuthCard } from '../../features/staff/AuthCard';
import { fieldErrors, TextField } from '../../features/staff/TextField';
import { ui } from '../../features/staff/ui';

/**
 * Forgot password (spec 1 §2 /forget): asks 'Are you sure to Forget Password?', then says a link
 * was sent if the address has an account — the same answer either way, so the page does not tell
 * who has an account.
 */
export default function ForgotPassword() {
  const t = useT();
  const f = useFormat();
  const { confirm, dialog } = useConfirm();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setFields({ email: t('v.required') });
      return;
    }
    setFields({});
    if (
      !(await confirm({ title: t('staff.forgot.confirm'), confirmLabel: t('common.yes'), cancelLabel: t('common.no') }))
    )
      return;
    setBusy(true);
    try {
      await api('/api/auth/forgot', { method: 'POST', json: { email: email.trim() } });
      setSent(true);
    } catch (err) {
      setError(f.error(err));
      setFields(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('staff.forgot.title')}>
      {sent ? (
        <p role="status" className={ui.alertOk}>
          {t('staff.forgot.sent')}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <p className="text-gray-700">{t('staff.forgot.note')}</p>
          <TextField
            id="email"
            label={t('staff.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            error={fields.email}
            maxLength={254}
          />
          {error && (
            <p role="alert" className={ui.alertError}>
              {error}
            </p>
          )}
          <button type="submit" className={`${ui.primary} w-full`} disabled={busy}>
            {busy ? t('staff.forgot.busy') : t('staff.forgot.submit')}
          </button>
        </form>
      )}
      <Link to="/login" className="mt-4 inline-block text-brand-700 underline">
        {t('staff.forgot.toLogin')}
      </Link>
      {dialog}
    </AuthCard>
  );
}
