import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { useT } from '../../i18n/locale';
import { AuthCard, AuthNotice } from '../../features/staff/AuthCard';
import { useSubmit } from '../../features/staff/useSubmit';
import { ui } from '../../features/staff/ui';
import { NewPasswordFields } from '../../features/staff/NewPasswordFields';

/** The page the reset e-mail links to: /reset-password?token=… ; the new password typed twice. */
export default function ResetPassword() {
  const t = useT();
  const [sp] = useSearchParams();
  const token = sp.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const { busy, error, fields, check, submit: send } = useSubmit();
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem: Record<string, string> = !password
      ? { password: t('v.required') }
      : password !== again
        ? { again: t('staff.passwordMismatch') }
        : {};
    if (!check(problem)) return;
    await send(async () => {
      await api('/api/auth/reset', { method: 'POST', json: { token, password } });
      setDone(true);
    });
  };

  if (!token) {
    return (
      <AuthNotice
        title={t('staff.reset.title')}
        role="alert"
        message={t('staff.reset.noToken')}
        to="/forget"
        linkLabel={t('staff.reset.again')}
      />
    );
  }
  if (done) {
    return (
      <AuthNotice
        title={t('staff.reset.title')}
        role="status"
        message={t('staff.reset.done')}
        to="/login"
        linkLabel={t('common.login')}
      />
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
