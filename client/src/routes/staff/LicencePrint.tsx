import { useParams } from 'react-router-dom';
import { can } from '@portal/shared/access';
import { useT } from '../../i18n/locale';
import { ApproverDialog } from '../../features/licence/ApproverDialog';
import { LicenceCertificate } from '../../features/licence/LicenceCertificate';
import { LicenceLoadFailure } from '../../features/licence/LicenceLoadFailure';
import { useLicence } from '../../features/licence/useLicence';
import { useMe } from '../../features/staff/useMe';

/**
 * /admin-page/licensePrint/:id — licence view and print for the roles with licences.read, with the
 * Change Approver dialog for licences.manage (BADC; spec 3 §2 licence screens, §6; decision 017).
 */
export default function LicencePrint() {
  const t = useT();
  const { id = '' } = useParams();
  const { me } = useMe();
  const { load, retry, replace } = useLicence(`/api/staff/licences/${encodeURIComponent(id)}`);
  if (load.kind === 'loading') {
    return (
      <p role="status" className="p-6 text-center text-gray-600">
        {t('licence.loading')}
      </p>
    );
  }
  if (load.kind === 'error') return <LicenceLoadFailure error={load.error} retry={retry} audience="staff" />;
  return (
    <LicenceCertificate
      doc={load.doc}
      pdfBase={`/api/licences/${load.doc.applicationId}/pdf`}
      actions={
        me?.role && can(me.role, 'licences.manage') ? <ApproverDialog doc={load.doc} onSaved={replace} /> : undefined
      }
    />
  );
}
