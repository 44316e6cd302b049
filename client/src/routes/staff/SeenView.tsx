import { ChecklistResults } from '../../features/review/ChecklistResults';
import { DetailPage } from '../../features/review/DetailPage';
import { LicenceSummary } from '../../features/review/LicenceSummary';
import { HOME, SEEN_LIST } from '../../features/review/lists';
import { useMe } from '../../features/staff/useMe';

/** seen-view/{id} (spec 3 §2): read-only detail with checklist results, files, map link, remarks and licence. */
export default function SeenView() {
  const { me } = useMe();
  return (
    <DetailPage titleKey="decisions.title.seen" backTo={(me?.role && SEEN_LIST[me.role]) || HOME}>
      {({ detail }) => (
        <>
          <ChecklistResults detail={detail} />
          <LicenceSummary detail={detail} />
        </>
      )}
    </DetailPage>
  );
}
