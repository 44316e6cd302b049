import { useT } from '../../i18n/locale';
import { TextField } from '../../components/form/Field';
import { Select } from '../../components/form/Select';
import { MobileField, ServiceForm } from '../../features/services/ServiceForm';

/** /copy (spec 1 §2-§5, §9): a duplicate licence because it was lost or destroyed; six files. */
export default function Copy() {
  const t = useT();
  return (
    <ServiceForm
      kind="copy"
      title={t('services.copy.title')}
      intro={t('services.copy.intro')}
      initial={{ licenceNumber: '', mobile: '', fee: '', appType: '' }}
      label={(v) => t('services.outbox.copy', { number: v.licenceNumber ?? '' })}
      renderFields={({ bind }) => (
        <>
          <TextField {...bind('licenceNumber')} inputMode="numeric" maxLength={20} />
          <MobileField {...bind('mobile')} />
          <TextField {...bind('fee')} inputMode="decimal" maxLength={12} />
          <Select
            {...bind('appType')}
            options={[
              { value: 'lost', label: t('services.appType.lost') },
              { value: 'destroyed', label: t('services.appType.destroyed') },
            ]}
          />
        </>
      )}
    />
  );
}
