import { useNavigate } from 'react-router-dom';
import { DetailPage } from '../../features/review/DetailPage';
import { HOME, UNSEEN_LIST } from '../../features/review/lists';
import { useDecision } from '../../features/review/useDecision';
import { buttonPrimary, FormError, Section } from '../../features/review/ui';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useMe } from '../../features/staff/useMe';
import { useT } from '../../i18n/locale';

function ForwardPanel({
  detail,
  onDetail,
  locked,
  backTo,
}: {
  detail: ApplicationDetail;
  onDetail: (d: ApplicationDetail) => void;
  locked: boolean;
  backTo: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { run, busy, error } = useDecision(detail, onDetail);
  const forward = async () => {
    const result = await run('forward', {}, { success: 'decisions.forward.success', fail: 'decisions.forward.fail' });
    if (result?.outcome.kind === 'done') navigate(backTo);
  };
  return (
    <Section title={t('decisions.forward.button')} id="forward-title">
      <FormError message={error} />
      <button type="button" onClick={forward} disabled={busy || locked} className={`${buttonPrimary} w-full sm:w-auto`}>
        {busy ? t('decisions.sending') : t('decisions.forward.button')}
      </button>
    </Section>
  );
}

/** u-unseen-view/{id} (spec 3 §2): the Chairman's or UNO's detail with Forward to the next level. */
export default function UnseenView() {
  const t = useT();
  const { me } = useMe();
  const backTo = (me?.role && UNSEEN_LIST[me.role]) || HOME;
  return (
    <DetailPage titleKey="decisions.title.unseen" backTo={backTo}>
      {({ detail, replace, locked }) =>
        detail.allowedActions.includes('forward') ? (
          <ForwardPanel detail={detail} onDetail={replace} locked={locked} backTo={backTo} />
        ) : (
          <p className="mt-4 text-gray-700">{t('decisions.nothingToDo')}</p>
        )
      }
    </DetailPage>
  );
}
