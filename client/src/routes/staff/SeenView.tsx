import { can } from '@portal/shared/access';
import { VisitList } from '../../features/field-visit/VisitList';
import { ChecklistResults } from '../../features/review/ChecklistResults';
import { DetailPage } from '../../features/review/DetailPage';
import { LicenceSummary } from '../../features/review/LicenceSummary';
import { HOME, SEEN_LIST } from '../../features/review/lists';
import { useMe } from '../../features/staff/useMe';

/**
 * seen-view/{id} (spec 3 §2): read-only detail with checklist results, files, map link, remarks and
 * licence; and the field visits for the roles that read them (docs/decisions/035-live-map-clusters-and-visits.md).
 */
export default function SeenView() {
  const { me } = useMe();
  const visits = !!me?.role && can(me.role, 'fieldVisits.read');
  return (
    <DetailPage titleKey="decisions.title.seen" backTo={(me?.role && SEEN_LIST[me.role]) || HOME}>
      {({ detail }) => (
        <>
          <ChecklistResults detail={detail} />
          {visits && <VisitList applicationId={detail.id} />}
          <LicenceSummary detail={detail} />
        </>
      )}
    </DetailPage>
  );
}
