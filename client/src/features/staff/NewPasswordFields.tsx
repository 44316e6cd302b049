import { PASSWORD_MAX, PASSWORD_MIN } from '@portal/shared/constants';
import { passwordLength } from '@portal/shared/password-rule';
import { useT } from '../../i18n/locale';
import { useFormat } from './format';
import { PasswordField } from './PasswordField';

/**
 * A new password and its repeat, the same everywhere one is chosen (/reg, /reset-password, the
 * password setting): the rule shown before typing (at least PASSWORD_MIN characters, no composition
 * rules; decision 014), a count of the characters as the server counts them, `new-password` for
 * password managers. The server still decides, and says why in Bangla when it refuses.
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
  const f = useFormat();
  const count = passwordLength(props.value);
  const status =
    count === 0
      ? undefined
      : count < PASSWORD_MIN
        ? t('staff.passwordCount', { count: f.num(count), left: f.num(PASSWORD_MIN - count) })
        : t('staff.passwordCountOk', { count: f.num(count) });
  return (
    <>
      <PasswordField
        id={props.id}
        label={props.label}
        value={props.value}
        onChange={props.onChange}
        autoComplete="new-password"
        hint={t('staff.passwordHint')}
        status={status}
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
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
