import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useT } from '../../i18n/locale';
import { kindSlots } from '../review/ApplicationTable';
import { CheckResults } from '../review/ChecklistResults';

/** The marks BADC gave a change request's seven files, read-only (approved and declined lists). */
export function ChangeResults({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  return (
    <CheckResults
      title={t('review.change.resultsTitle')}
      id="change-results-title"
      labels={kindSlots(detail.kind).map((slot) => t(`decisions.file.${slot}` as MessageKey))}
      results={detail.changeMarks?.map((m) => ({ ok: m.ok, text: m.note })) ?? null}
      notYet={t('review.change.notYet')}
    />
  );
}
