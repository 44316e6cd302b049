import { useT } from '../../i18n/locale';
import { TextField } from '../../components/form/Field';
import { Select } from '../../components/form/Select';
import { ServiceForm } from '../../features/services/ServiceForm';

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
      renderFields={({ values, set, error }) => (
        <>
          <TextField
            name="licenceNumber"
            label={t('services.field.licenceNumber')}
            value={values.licenceNumber ?? ''}
            onValue={(v) => set('licenceNumber', v)}
            required
            error={error('licenceNumber')}
            inputMode="numeric"
            maxLength={20}
          />
          <TextField
            name="mobile"
            label={t('services.field.mobile')}
            value={values.mobile ?? ''}
            onValue={(v) => set('mobile', v)}
            required
            hint={t('services.field.mobileHint')}
            error={error('mobile')}
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
          />
          <TextField
            name="fee"
            label={t('services.field.fee')}
            value={values.fee ?? ''}
            onValue={(v) => set('fee', v)}
            required
            error={error('fee')}
            inputMode="decimal"
            maxLength={12}
          />
          <Select
            name="appType"
            label={t('services.field.appType')}
            value={values.appType ?? ''}
            onValue={(v) => set('appType', v)}
            required
            error={error('appType')}
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
