import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/locale';
import { DetailPage, type PanelProps } from '../review/DetailPage';
import { ForwardView } from '../review/ForwardView';
import { useDecision } from '../review/useDecision';
import { Section } from '../review/ui';
import { ChangeResults } from './ChangeResults';
import { ChangeReviewForm, type ChangePayload } from './ChangeReviewForm';

/**
 * The name- and plot-change detail screens (spec 3 §2 "Change-application queues"): the Chairman's
 * and UNO's with Forward (their seen lists open the same screen, read-only), and change-pending-view,
 * BADC's review form, which is also the read-only detail of the approved and declined lists. The
 * detail table shows the licence and the change as old → new (ApplicationTable).
 */

/** c-change-unseen-view/{id}. */
export function ChairmanChangeView() {
  return <ForwardView titleKey="review.title.changeForward" backTo="/admin-page/chairChangeUnseen" />;
}

/** uno-change-unseen-view/{id}: after Forward the UNO is back on unoChangeUnseen (spec 3 §2). */
export function UnoChangeView() {
  return <ForwardView titleKey="review.title.changeForward" backTo="/admin-page/unoChangeUnseen" />;
}

function ReviewPanel({ detail, onDetail, locked }: PanelProps) {
  const t = useT();
  const navigate = useNavigate();
  const { run, busy, error } = useDecision(detail, onDetail);
  const decide = async (payload: ChangePayload) => {
    const result = await run('decideChange', payload, {
      success: payload.approve ? 'review.change.approved' : 'review.change.declined',
      fail: 'review.change.fail',
    });
    // Spec 3 §2: yes → changeApproved, no → changeDecline.
    if (result?.outcome.kind === 'done')
      navigate(payload.approve ? '/admin-page/changeApproved' : '/admin-page/changeDecline');
  };
  return (
    <Section title={t('review.title.changeReview')} id="change-review-title">
      <ChangeReviewForm detail={detail} busy={busy} disabled={locked} error={error} onSubmit={decide} />
    </Section>
  );
}

/** change-pending-view/{id}. */
export function ChangePendingView() {
  return (
    <DetailPage
      titleKey="review.title.changeReview"
      backTo={(d) =>
        d?.stage === 'Approved'
          ? '/admin-page/changeApproved'
          : d?.stage === 'Decline'
            ? '/admin-page/changeDecline'
            : '/admin-page/changePending'
      }
    >
      {({ detail, replace, locked }) =>
        detail.allowedActions.includes('decideChange') ? (
          <ReviewPanel detail={detail} onDetail={replace} locked={locked} />
        ) : (
          <ChangeResults detail={detail} />
        )
      }
    </DetailPage>
  );
}
