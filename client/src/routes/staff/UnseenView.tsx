import { ForwardView } from '../../features/review/ForwardView';
import { HOME, UNSEEN_LIST } from '../../features/review/lists';
import { useMe } from '../../features/staff/useMe';

/** u-unseen-view/{id} (spec 3 §2): the Chairman's or UNO's detail of a new application with Forward. */
export default function UnseenView() {
  const { me } = useMe();
  return <ForwardView titleKey="decisions.title.unseen" backTo={(me?.role && UNSEEN_LIST[me.role]) || HOME} />;
}
