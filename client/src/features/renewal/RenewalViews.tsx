import { useNavigate } from 'react-router-dom';
import type { StaffRole } from '@portal/shared/constants';
import { useConfirm } from '../../components/useConfirm';
import { useLocale, useT } from '../../i18n/locale';
import { DetailPage, type PanelProps } from '../review/DetailPage';
import { localDate, localDigits } from '../review/format';
import { ForwardView } from '../review/ForwardView';
import { HOME } from '../review/lists';
import { useDecision } from '../review/useDecision';
import { Section } from '../review/ui';
import { useMe } from '../staff/useMe';
import { RenewalResults } from './RenewalResults';
import { RenewalReviewForm, type RenewalPayload } from './RenewalReviewForm';

/**
 * The renewal detail screens (spec 3 §2 "Renewal queues"): the Chairman's and the UNO's with
 * Forward, BADC's review form, and one read-only screen for the three seen lists. Decisions go
 * through the officer outbox like every other (useDecision, docs/decisions/012-offline-queue-truth.md).
 */
const BADC_UNSEEN = '/admin-page/badcReUnseen';
const SEEN: Partial<Record<StaffRole, string>> = {
  Chairman: '/admin-page/chairReSeen',
  UNO: '/admin-page/unoReSeen',
  BADC: '/admin-page/badcReSeen',
};

/** c-re-unseen-view/{id}: the Chairman's renewal detail with Forward. */
export function ChairmanRenewalView() {
  return <ForwardView titleKey="review.title.renewForward" backTo="/admin-page/chairReUnseen" />;
}

/** u-re-unseen-view/{id}: the UNO's renewal detail with Forward. */
export function UnoRenewalView() {
  return <ForwardView titleKey="review.title.renewForward" backTo="/admin-page/unoReUnseen" />;
}

function ReviewPanel({ detail, onDetail, locked }: PanelProps) {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const { run, busy, error } = useDecision(detail, onDetail);

  const decide = async (payload: RenewalPayload) => {
    const ok = await confirm(
      payload.approve
        ? {
            title: t('review.renewal.approve'),
            description: t('review.renewal.confirmApprove', {
              number: detail.licence ? localDigits(detail.licence.number, locale) : '—',
              from: localDate(payload.validFrom, locale),
              to: localDate(payload.validTo, locale),
            }),
            confirmLabel: t('review.renewal.approve'),
            cancelLabel: t('common.cancel'),
          }
        : {
            title: t('review.renewal.decline'),
            description: t('review.renewal.confirmDecline', { reason: payload.reason }),
            confirmLabel: t('review.renewal.decline'),
            cancelLabel: t('common.cancel'),
            tone: 'danger',
          },
    );
    if (!ok) return;
    const result = await run('decideRenewal', payload, {
      success: payload.approve ? 'review.renewal.approved' : 'review.renewal.declined',
      fail: 'review.renewal.fail',
    });
    // Spec 3 §4: after a renewal decision the officer is back on the unseen renewals.
    if (result?.outcome.kind === 'done') navigate(BADC_UNSEEN);
  };

  return (
    <Section title={t('review.title.renewReview')} id="renew-review-title">
      <RenewalReviewForm detail={detail} busy={busy} disabled={locked} error={error} onSubmit={decide} />
      {dialog}
    </Section>
  );
}

/** badc-re-unseen-view/{id}: BADC's renewal review form (spec 3 §2 "Renewal review form"). */
export function BadcRenewalView() {
  const t = useT();
  return (
    <DetailPage titleKey="review.title.renewReview" backTo={BADC_UNSEEN}>
      {({ detail, replace, locked }) =>
        detail.allowedActions.includes('decideRenewal') ? (
          <ReviewPanel detail={detail} onDetail={replace} locked={locked} />
        ) : (
          <>
            <RenewalResults detail={detail} />
            <p className="mt-4 text-gray-700">{t('decisions.nothingToDo')}</p>
          </>
        )
      }
    </DetailPage>
  );
}

/** renew-seen-view/{id}: the read-only renewal detail of the three seen lists. */
export function RenewalSeenView() {
  const { me } = useMe();
  return (
    <DetailPage titleKey="review.title.renewSeen" backTo={(me?.role && SEEN[me.role]) || HOME}>
      {({ detail }) => <RenewalResults detail={detail} />}
    </DetailPage>
  );
}
