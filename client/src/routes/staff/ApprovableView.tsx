import { useNavigate } from 'react-router-dom';
import { TESTING_LICENCE_TERM } from '@portal/shared/constants';
import { ApproveForm } from '../../features/review/ApproveForm';
import { ChecklistResults } from '../../features/review/ChecklistResults';
import { DeclineForm } from '../../features/review/DeclineForm';
import { DetailPage } from '../../features/review/DetailPage';
import { FinalUpdateForm } from '../../features/review/FinalUpdateForm';
import { LicenceSummary } from '../../features/review/LicenceSummary';
import { SitingPanel } from '../../features/map/SitingPanel';
import { SitingProvider } from '../../features/map/siting';
import { OfficerFileUpload } from '../../features/review/OfficerFileUpload';
import { RecheckForm } from '../../features/review/RecheckForm';
import { useT } from '../../i18n/locale';

/**
 * approvable-view/{id} (spec 3 §2, §4): the final stage. Report update, map/remarks/approvability
 * update, bank slip and manager consent, then Approve (licence issued by the server) or Decline.
 */
export default function ApprovableView() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DetailPage
      titleKey="decisions.title.approvable"
      backTo={(d) => (d?.stage === 'NotApprovable' ? '/admin-page/notapprovable' : '/admin-page/approvable')}
    >
      {({ detail, replace, locked }) => {
        const can = (a: (typeof detail.allowedActions)[number]) => detail.allowedActions.includes(a);
        // Files belong to the same final stage as updateFinal (spec 3 §2 final view).
        const canFiles = can('updateFinal');
        return (
          // The licensed wells nearby, and on the final update's map (docs/decisions/029-map-picker-and-live-map.md).
          <SitingProvider applicationId={detail.id}>
            <ChecklistResults detail={detail} />
            <LicenceSummary detail={detail} />
            <SitingPanel mapBelow={can('updateFinal')} />
            {canFiles && <OfficerFileUpload detail={detail} slot="inspectionReport" onUploaded={replace} />}
            {can('updateFinal') && <FinalUpdateForm detail={detail} onDetail={replace} locked={locked} />}
            {canFiles && <OfficerFileUpload detail={detail} slot="bankSlip" onUploaded={replace} />}
            {canFiles && <OfficerFileUpload detail={detail} slot="managerConsent" onUploaded={replace} />}
            {can('requestRecheck') && <RecheckForm detail={detail} onDetail={replace} locked={locked} />}
            {can('approve') && (
              <ApproveForm
                detail={detail}
                onDetail={replace}
                locked={locked}
                onApproved={(term, queued) =>
                  !queued &&
                  navigate(term === TESTING_LICENCE_TERM ? '/admin-page/licenseTesting' : '/admin-page/licenseActive')
                }
              />
            )}
            {can('decline') && (
              <DeclineForm
                detail={detail}
                onDetail={replace}
                locked={locked}
                onDeclined={(queued) => !queued && navigate('/admin-page/decline')}
              />
            )}
            {!can('updateFinal') && !can('approve') && !can('decline') && (
              <p className="mt-4 text-gray-700">{t('decisions.nothingToDo')}</p>
            )}
          </SitingProvider>
        );
      }}
    </DetailPage>
  );
}
