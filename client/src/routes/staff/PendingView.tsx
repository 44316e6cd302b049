import { useNavigate } from 'react-router-dom';
import { ChecklistResults } from '../../features/review/ChecklistResults';
import { DetailPage } from '../../features/review/DetailPage';
import { FirstDecisionForm } from '../../features/review/FirstDecisionForm';
import { LicenceSummary } from '../../features/review/LicenceSummary';
import { RecheckForm } from '../../features/review/RecheckForm';
import { useT } from '../../i18n/locale';

/**
 * pending-view/{id} (spec 3 §2, §4): the first-stage detail with a recheck request and the
 * Approvable / NotApprovable decision; also the read-only detail of a rejected application.
 */
export default function PendingView() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DetailPage titleKey="decisions.title.pending" backTo="/admin-page/pendingOne">
      {({ detail, replace, locked }) => {
        const canRecheck = detail.allowedActions.includes('requestRecheck');
        const canDecide = detail.allowedActions.includes('decideFirst');
        return (
          <>
            <ChecklistResults detail={detail} />
            <LicenceSummary detail={detail} />
            {canRecheck && <RecheckForm detail={detail} onDetail={replace} locked={locked} />}
            {canDecide && (
              <FirstDecisionForm
                detail={detail}
                onDetail={replace}
                locked={locked}
                onDecided={(queued) => !queued && navigate('/admin-page/pendingOne')}
              />
            )}
            {!canRecheck && !canDecide && <p className="mt-4 text-gray-700">{t('decisions.nothingToDo')}</p>}
          </>
        );
      }}
    </DetailPage>
  );
}
