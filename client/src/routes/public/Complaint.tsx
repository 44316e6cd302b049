import { useT } from '../../i18n/locale';
import { TextField } from '../../components/form/Field';
import { ServiceForm } from '../../features/services/ServiceForm';

/** /complaint (spec 1 §2-§5): name, mobile and four files, queued in the phone's outbox. */
export default function Complaint() {
  const t = useT();
  return (
    <ServiceForm
      kind="complaint"
      title={t('services.complaint.title')}
      intro={t('services.complaint.intro')}
      initial={{ name: '', mobile: '' }}
      label={(v) => t('services.outbox.complaint', { name: v.name ?? '' })}
      renderFields={({ values, set, error }) => (
        <>
          <TextField
            name="name"
            label={t('services.field.name')}
            value={values.name ?? ''}
            onValue={(v) => set('name', v)}
            required
            error={error('name')}
            autoComplete="name"
            maxLength={200}
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
        </>
      )}
    />
  );
}
