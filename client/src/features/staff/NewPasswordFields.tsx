import { PASSWORD_MIN } from '@portal/shared/constants';
import { useT } from '../../i18n/locale';
import { PasswordField } from './PasswordField';

/**
 * A new password and its repeat, the same everywhere one is chosen (/reg, /reset-password, the
 * password setting): one hint, one minimum length, `new-password` for password managers.
 */
export function NewPasswordFields(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  again: string;
  onAgain: (v: string) => void;
  againError?: string;
}) {
  const t = useT();
  return (
    <>
      <PasswordField
        id={props.id}
        label={props.label}
        value={props.value}
        onChange={props.onChange}
        autoComplete="new-password"
        hint={t('staff.passwordHint')}
        minLength={PASSWORD_MIN}
        error={props.error}
      />
      <PasswordField
        id="again"
        label={t('staff.passwordAgain')}
        value={props.again}
        onChange={props.onAgain}
        autoComplete="new-password"
        error={props.againError}
      />
    </>
  );
}
