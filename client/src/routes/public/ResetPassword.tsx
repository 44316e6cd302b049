import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { useT } from '../../i18n/locale';
import { useFormat } from '../../features/staff/format';
import { AuthCard } from '../../features/staff/AuthCard';
import { fieldErrors } from '../../features/staff/TextField';
import { ui } from '../../features/staff/ui';
import { NewPasswordFields } from '../../features/staff/NewPasswordFields';

/** The page the reset e-mail links to: /reset-password?token=… ; the new password typed twice. */
export default function ResetPassword() {
  const t = useT();
  const f = useFormat();
  const [sp] = useSearchParams();
  const token = sp.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!password) return setFields({ password: t('v.required') });
    if (password !== again) return setFields({ again: t('staff.passwordMismatch') });
    setFields({});
    setBusy(true);
    try {
      await api('/api/auth/reset', { method: 'POST', json: { token, password } });
      setDone(true);
    } catch (err) {
      setError(f.error(err));
      setFields(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <AuthCard title={t('staff.reset.title')}>
        <p role="alert" className={ui.alertError}>
          {t('staff.reset.noToken')}
        </p>
        <Link to="/forget" className={`${ui.primary} mt-4 w-full`}>
          {t('staff.reset.again')}
        </Link>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={t('staff.reset.title')}>
        <p role="status" className={ui.alertOk}>
          {t('staff.reset.done')}
        </p>
        <Link to="/login" className={`${ui.primary} mt-4 w-full`}>
          {t('common.login')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('staff.reset.title')}>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <NewPasswordFields
          id="password"
          label={t('staff.reset.newPassword')}
          value={password}
          onChange={setPassword}
          error={fields.password}
          again={again}
          onAgain={setAgain}
          againError={fields.again}
        />
        {error && (
          <div role="alert" className={ui.alertError}>
            <p>{error}</p>
            <Link to="/forget" className="underline">
              {t('staff.reset.again')}
            </Link>
          </div>
        )}
        <button type="submit" className={`${ui.primary} w-full`} disabled={busy}>
          {busy ? t('staff.reset.busy') : t('staff.reset.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
