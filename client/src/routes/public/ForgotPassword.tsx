import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import { useConfirm } from '../../components/useConfirm';
import { useT } from '../../i18n/locale';
import { AuthCard } from '../../features/staff/AuthCard';
import { EmailField } from '../../features/staff/EmailField';
import { useSubmit } from '../../features/staff/useSubmit';
import { ui } from '../../features/staff/ui';
import { FormError } from '../../features/staff/FormError';

/**
 * Forgot password (spec 1 §2 /forget): asks 'Are you sure to Forget Password?', then says a link
 * was sent if the address has an account — the same answer either way, so the page does not tell
 * who has an account.
 */
export default function ForgotPassword() {
  const t = useT();
  const { confirm, dialog } = useConfirm();
  const [email, setEmail] = useState('');
  const { busy, error, fields, check, submit: send } = useSubmit();
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check(email.trim() ? {} : { email: t('v.required') })) return;
    if (
      !(await confirm({ title: t('staff.forgot.confirm'), confirmLabel: t('common.yes'), cancelLabel: t('common.no') }))
    )
      return;
    await send(async () => {
      await api('/api/auth/forgot', { method: 'POST', json: { email: email.trim() } });
      setSent(true);
    });
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
          <EmailField value={email} onChange={setEmail} error={fields.email} />
          <FormError message={error} />
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
