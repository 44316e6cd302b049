import { STAFF_NAME_MAX } from '@portal/shared/constants';
import { useT } from '../../i18n/locale';
import { TextField } from './TextField';

/** The officer's own name, as registration and the Profile page ask it (docs/decisions/056-staff-names.md). */
export function NameField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const t = useT();
  return (
    <TextField
      id="name"
      label={t('staff.name')}
      hint={t('staff.name.hint')}
      autoComplete="name"
      value={value}
      onChange={onChange}
      error={error}
      maxLength={STAFF_NAME_MAX}
    />
  );
}
