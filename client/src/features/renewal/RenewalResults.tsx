import type { MessageKey } from '@portal/shared/i18n/index';
import { RENEWAL_SLOTS } from '@portal/shared/kinds/slots';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useT } from '../../i18n/locale';
import { CheckResults } from '../review/ChecklistResults';

/** The six document checks BADC gave a renewal, read-only (spec 3 §2 renew-seen-view). */
export function RenewalResults({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  return (
    <CheckResults
      title={t('review.renewal.resultsTitle')}
      id="renewal-results-title"
      labels={RENEWAL_SLOTS.map((slot) => t(`decisions.file.${slot}` as MessageKey))}
      results={detail.renewalChecks?.map((c) => ({ ok: c.ok, text: c.ok ? null : c.reason })) ?? null}
      notYet={t('review.renewal.notYet')}
    />
  );
}
