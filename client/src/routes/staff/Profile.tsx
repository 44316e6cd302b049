import type { MessageKey } from '@portal/shared/i18n/index';
import { useT } from '../../i18n/locale';
import { useMe } from '../../features/staff/useMe';
import { ui } from '../../features/staff/ui';

/** Account Information (spec 2 §2): user type and email. */
export default function Profile() {
  const t = useT();
  const { me } = useMe();
  if (!me) return null;
  return (
    <section className="max-w-lg space-y-4">
      <h1 className={ui.h1}>{t('staff.profile.title')}</h1>
      <dl className={`${ui.card} grid grid-cols-[auto_1fr] gap-x-4 gap-y-2`}>
        <dt className="font-semibold text-gray-700">{t('staff.email')}</dt>
        <dd className="break-all">{me.email}</dd>
        <dt className="font-semibold text-gray-700">{t('staff.profile.role')}</dt>
        <dd>{me.role ? t(`staff.role.${me.role}` as MessageKey) : t('staff.role.none')}</dd>
      </dl>
    </section>
  );
}
