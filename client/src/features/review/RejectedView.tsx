import { DetailPage } from './DetailPage';
import { RequestResults } from './RequestResults';

/**
 * rejected-view/{id}: the read-only detail of a declined request of any kind, opened from the
 * rejected list (spec 3 §2 pending-view "also the detail of a rejected application"). Nothing can
 * be decided here: a declined request is final (an Admin's override is issue 10's).
 */
export default function RejectedView() {
  return (
    <DetailPage titleKey="review.title.rejected" backTo="/admin-page/rejected">
      {({ detail }) => <RequestResults detail={detail} />}
    </DetailPage>
  );
}
