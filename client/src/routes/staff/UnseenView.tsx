import { can } from '@portal/shared/access';
import { VisitList } from '../../features/field-visit/VisitList';
import { ForwardView } from '../../features/review/ForwardView';
import { HOME, UNSEEN_LIST } from '../../features/review/lists';
import { useMe } from '../../features/staff/useMe';

/**
 * u-unseen-view/{id} (spec 3 §2): the Chairman's or UNO's detail of a new application with Forward,
 * and the field visits recorded on it (docs/decisions/035-live-map-clusters-and-visits.md).
 */
export default function UnseenView() {
  const { me } = useMe();
  const visits = !!me?.role && can(me.role, 'fieldVisits.read');
  return (
    <ForwardView
      titleKey="decisions.title.unseen"
      backTo={(me?.role && UNSEEN_LIST[me.role]) || HOME}
      results={visits ? (detail) => <VisitList applicationId={detail.id} /> : undefined}
    />
  );
}
