import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import { useT } from '../../i18n/locale';
import { useFormat } from '../../features/staff/format';
import { AuthCard } from '../../features/staff/AuthCard';
import { fieldErrors, TextField } from '../../features/staff/TextField';
import { ui } from '../../features/staff/ui';
import { NameField } from '../../features/staff/NameField';
import { NewPasswordFields } from '../../features/staff/NewPasswordFields';

/**
 * Staff registration (spec 1 §2 /reg): the account starts without a role; an Admin assigns one.
 * The server answers the same whether or not the e-mail already has an account (decision 014), so
 * this page says the same thing either way and signs nobody in: the person signs in at /login.
 */
export default function Register() {
  const t = useT();
  const f = useFormat();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('v.required');
    if (!email.trim()) problems.email = t('v.required');
    if (!password) problems.password = t('v.required');
    else if (password !== again) problems.again = t('staff.passwordMismatch');
    setFields(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await api('/api/auth/register', { method: 'POST', json: { name: name.trim(), email: email.trim(), password } });
      setDone(true);
    } catch (err) {
      setError(f.error(err));
      setFields(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthCard title={t('staff.register.title')}>
        <p role="status" className={ui.alertOk}>
          {t('staff.register.done')}
        </p>
        <Link to="/login" className={`${ui.primary} mt-4 w-full`}>
          {t('staff.register.toLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('staff.register.title')}>
      <p className={`${ui.alertInfo} mb-4`}>{t('staff.register.note')}</p>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <NameField value={name} onChange={setName} error={fields.name} />
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
        <NewPasswordFields
          id="password"
          label={t('staff.password')}
          value={password}
          onChange={setPassword}
          error={fields.password}
          again={again}
          onAgain={setAgain}
          againError={fields.again}
        />
        {error && (
          <p role="alert" className={ui.alertError}>
            {error}
          </p>
        )}
        <button type="submit" className={`${ui.primary} w-full`} disabled={busy}>
          {busy ? t('staff.register.busy') : t('staff.register.submit')}
        </button>
      </form>
      <Link to="/login" className="mt-4 inline-block text-brand-700 underline">
        {t('staff.register.toLogin')}
      </Link>
    </AuthCard>
  );
}
