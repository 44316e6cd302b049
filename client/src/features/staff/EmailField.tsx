import { useT } from '../../i18n/locale';
import type { AccountFieldProps } from './NameField';
import { TextField } from './TextField';

/** The account's e-mail, as sign-in, registration and the forgotten-password page ask it. */
export function EmailField(props: AccountFieldProps) {
  const t = useT();
  return (
    <TextField
      {...props}
      id="email"
      label={t('staff.email')}
      type="email"
      inputMode="email"
      autoComplete="username"
      maxLength={254}
    />
  );
}
