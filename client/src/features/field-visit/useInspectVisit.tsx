import type { ReactNode } from 'react';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import type { VisitRequest } from '@portal/shared/schemas/visits';

type Checklist = NonNullable<VisitRequest['checklist']>;
import { useToast } from '../../components/Toast';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from '../review/format';
import { useMe } from '../staff/useMe';
import { useVisitDraft } from './useVisitDraft';
import { VisitPanel } from './VisitPanel';

/**
 * The site visit on BADC's inspect screen (docs/decisions/032-visit-on-the-phone.md). The visit has
 * no checklist of its own: `beforeDecision` queues it with the checklist the officer submits, just
 * before the inspect decision is queued, so the engine sends the visit first. Answers false when
 * the visit could not be kept on the phone; the decision is then not queued either.
 */
export function useInspectVisit(
  detail: ApplicationDetail,
  disabled: boolean,
): { panel: ReactNode; beforeDecision: (checklist: Checklist) => Promise<boolean> } {
  const t = useT();
  const { locale } = useLocale();
  const toast = useToast();
  const { me } = useMe();
  const draft = useVisitDraft(detail.id);
  const label = t('fieldVisit.outboxLabel', { number: localDigits(detail.applicationNumber, locale) });

  const save = async (checklist: Checklist | undefined, decision: 'inspect' | 'none'): Promise<boolean> => {
    // No visit to record, or no officer known on this device (the decision then says why it cannot go).
    if (draft.isEmpty || !me) return true;
    try {
      await draft.queue({ officer: { id: me.id, email: me.email }, label, checklist, decision });
      return true;
    } catch (e) {
      toast.failure(t('fieldVisit.saveFailed', { message: e instanceof Error ? e.message : '' }));
      return false;
    }
  };

  const panel = (
    <VisitPanel
      draft={draft}
      disabled={disabled}
      onSaveOnly={() => {
        void save(undefined, 'none').then((ok) => ok && toast.success(t('fieldVisit.savedOnly')));
      }}
    />
  );
  return { panel, beforeDecision: (checklist) => save(checklist, 'inspect') };
}
