import { useT } from '../../i18n/locale';
import { TextField } from '../../components/form/Field';
import { MobileField, ServiceForm } from '../../features/services/ServiceForm';

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
      renderFields={({ bind }) => (
        <>
          <TextField {...bind('name')} autoComplete="name" maxLength={200} />
          <MobileField {...bind('mobile')} />
        </>
      )}
    />
  );
}
