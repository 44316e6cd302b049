import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/locale';
import { useToast } from '../../components/Toast';
import { loadMe, useMe } from '../../features/staff/useMe';
import { staffApi } from '../../features/staff/staffApi';
import { ui } from '../../features/staff/ui';
import { NewPasswordFields } from '../../features/staff/NewPasswordFields';
import { PasswordField } from '../../features/staff/PasswordField';
import { useSubmit } from '../../features/staff/useSubmit';
import { safeOrigin } from '../../features/staff/origin';
import { FormError } from '../../features/staff/FormError';

/** Account Settings (spec 2 §2): change password, with the two new entries compared first (spec 2 §8). */
export default function PasswordSetting() {
  const t = useT();
  const toast = useToast();
  const { me } = useMe();
  const navigate = useNavigate();
  // Where the person was going when the shell brought them here to change the password first (decision 014).
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const { busy, error, fields, check, submit: send } = useSubmit();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check(next === again ? {} : { again: t('staff.passwordMismatch') })) return;
    await send(async () => {
      await staffApi('/api/auth/change-password', {
        method: 'POST',
        json: { currentPassword: current, newPassword: next },
      });
      toast.success(t('staff.setting.done'));
      setCurrent('');
      setNext('');
      setAgain('');
      if (me?.mustChangePassword) {
        await loadMe();
        navigate(safeOrigin(from), { replace: true });
      }
    });
  };

  return (
    <section className="max-w-lg space-y-4">
      <h1 className={ui.h1}>{t('staff.setting.title')}</h1>
      {me?.mustChangePassword && <p className={ui.alertInfo}>{t('staff.setting.mustChange')}</p>}
      <form onSubmit={(e) => void submit(e)} className={`${ui.card} space-y-4`} noValidate>
        <PasswordField
          id="current"
          label={t('staff.setting.current')}
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          error={fields.currentPassword}
        />
        <NewPasswordFields
          id="new"
          label={t('staff.setting.new')}
          value={next}
          onChange={setNext}
          error={fields.newPassword}
          again={again}
          onAgain={setAgain}
          againError={fields.again}
        />
        <FormError message={error} />
        <button type="submit" className={`${ui.primary} w-full sm:w-auto`} disabled={busy}>
          {busy ? t('staff.setting.busy') : t('staff.setting.submit')}
        </button>
      </form>
      <Link to="/forget" className="text-brand-700 underline">
        {t('staff.setting.forgot')}
      </Link>
    </section>
  );
}
