import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useT } from '../../i18n/locale';
import { DetailPage } from './DetailPage';
import { useDecision } from './useDecision';
import { buttonPrimary, FormError, Section } from './ui';

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

/**
 * The Chairman's and UNO's detail of any kind of request with Forward to the next level (spec 3 §2
 * u-unseen-view, c-re-unseen-view, u-re-unseen-view, c-change-unseen-view, uno-change-unseen-view):
 * the button shows when the server's allowedActions has it; after a forward the officer is back on
 * the unseen list. Opened from a seen list, the same screen is read-only.
 */
export function ForwardView({
  titleKey,
  backTo,
  results,
}: {
  titleKey: MessageKey;
  backTo: string;
  /** What earlier levels recorded, shown above the button (nothing yet for most requests). */
  results?: (detail: ApplicationDetail) => ReactNode;
}) {
  const t = useT();
  return (
    <DetailPage titleKey={titleKey} backTo={backTo}>
      {({ detail, replace, locked }) => (
        <>
          {results?.(detail)}
          {detail.allowedActions.includes('forward') ? (
            <ForwardPanel detail={detail} onDetail={replace} locked={locked} backTo={backTo} />
          ) : (
            <p className="mt-4 text-gray-700">{t('decisions.nothingToDo')}</p>
          )}
        </>
      )}
    </DetailPage>
  );
}
