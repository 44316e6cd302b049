import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Me } from '@portal/shared/schemas/auth';
import { api } from '../../api/client';
import { useT } from '../../i18n/locale';
import { setSignedIn, useMe } from '../../features/staff/useMe';
import { useFormat } from '../../features/staff/format';
import { AuthCard } from '../../features/staff/AuthCard';
import { PasswordField } from '../../features/staff/PasswordField';
import { fieldErrors } from '../../features/staff/TextField';
import { EmailField } from '../../features/staff/EmailField';
import { ui } from '../../features/staff/ui';
import { safeOrigin } from '../../features/staff/origin';
import { FormError } from '../../features/staff/FormError';
import { usePublicSettings } from '../../offline/cached';

/** Staff sign-in (spec 1 §2 /login): email and password; back to where the person was going. */
export default function Login() {
  const t = useT();
  const f = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { from?: string; signedOut?: boolean } | null;
  const origin = safeOrigin(state?.from);
  const me = useMe();
  const { data: settings } = usePublicSettings();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  if (me.status === 'ready' && !busy) return <Navigate to={origin} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = t('v.required');
    if (!password) missing.password = t('v.required');
    setFields(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const signedIn = await api<Me>('/api/auth/login', { method: 'POST', json: { email: email.trim(), password } });
      setSignedIn(signedIn);
      // An account that must change its password first is taken to that screen by the panel (StaffShell).
      navigate(origin, { replace: true });
    } catch (err) {
      setError(f.error(err));
      setFields(fieldErrors(err));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('staff.login.title')}>
      {state?.signedOut && <p className={`${ui.alertOk} mb-4`}>{t('staff.login.signedOut')}</p>}
      {state?.from && <p className={`${ui.alertInfo} mb-4`}>{t('staff.login.needed')}</p>}
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <EmailField value={email} onChange={setEmail} error={fields.email} />
        <PasswordField
          id="password"
          label={t('staff.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          error={fields.password}
        />
        <FormError message={error} />
        <button type="submit" className={`${ui.primary} w-full`} disabled={busy}>
          {busy ? t('staff.login.busy') : t('staff.login.submit')}
        </button>
      </form>
      <div className="mt-4 flex flex-col gap-2 text-brand-700">
        <Link to="/forget" className="underline">
          {t('staff.login.forgot')}
        </Link>
        {/* An account is made for an office: the national address offers none (decision 057). */}
        {settings && !settings.national && (
          <Link to="/reg" className="underline">
            {t('staff.login.register')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
