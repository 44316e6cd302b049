import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import { useT } from '../../i18n/locale';
import { AuthCard, AuthNotice } from '../../features/staff/AuthCard';
import { EmailField } from '../../features/staff/EmailField';
import { useSubmit } from '../../features/staff/useSubmit';
import { ui } from '../../features/staff/ui';
import { NameField } from '../../features/staff/NameField';
import { NewPasswordFields } from '../../features/staff/NewPasswordFields';
import { FormError } from '../../features/staff/FormError';

/**
 * Staff registration (spec 1 §2 /reg): the account starts without a role; an Admin assigns one.
 * The server answers the same whether or not the e-mail already has an account (decision 014), so
 * this page says the same thing either way and signs nobody in: the person signs in at /login.
 */
export default function Register() {
  const t = useT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const { busy, error, fields, check, submit: send } = useSubmit();
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('v.required');
    if (!email.trim()) problems.email = t('v.required');
    if (!password) problems.password = t('v.required');
    else if (password !== again) problems.again = t('staff.passwordMismatch');
    if (!check(problems)) return;
    await send(async () => {
      await api('/api/auth/register', { method: 'POST', json: { name: name.trim(), email: email.trim(), password } });
      setDone(true);
    });
  };

  if (done) {
    return (
      <AuthNotice
        title={t('staff.register.title')}
        role="status"
        message={t('staff.register.done')}
        to="/login"
        linkLabel={t('staff.register.toLogin')}
      />
    );
  }

  return (
    <AuthCard title={t('staff.register.title')}>
      <p className={`${ui.alertInfo} mb-4`}>{t('staff.register.note')}</p>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <NameField value={name} onChange={setName} error={fields.name} />
        <EmailField value={email} onChange={setEmail} error={fields.email} />
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
        <FormError message={error} />
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
