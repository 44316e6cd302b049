import { STAFF_NAME_MAX } from '@portal/shared/constants';
import { useT } from '../../i18n/locale';
import { TextField } from './TextField';

/** The officer's own name, as registration and the Profile page ask it (docs/decisions/056-staff-names.md). */
export function NameField(props: AccountFieldProps) {
  const t = useT();
  return (
    <TextField
      {...props}
      id="name"
      label={t('staff.name')}
      hint={t('staff.name.hint')}
      autoComplete="name"
      maxLength={STAFF_NAME_MAX}
    />
  );
}

/** What a page gives one of the account's own fields: its value, the change, the field message. */
export interface AccountFieldProps {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}
