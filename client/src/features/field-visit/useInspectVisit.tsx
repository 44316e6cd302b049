import { useMemo, type ReactNode } from 'react';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { VISIT_POSITION_MAX_ACCURACY_M, type VisitRequest } from '@portal/shared/schemas/visits';
import { initialLocation, parseLocation } from '../review/LocationFields';
import { useToast } from '../../components/Toast';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from '../review/format';
import { useMe } from '../staff/useMe';
import { useVisitDraft } from './useVisitDraft';
import { VisitPanel } from './VisitPanel';

type Checklist = NonNullable<VisitRequest['checklist']>;
type Position = { latitude: number; longitude: number };

/**
 * The site visit on BADC's inspect screen (docs/decisions/032-visit-on-the-phone.md). The visit has
 * no checklist of its own: `beforeDecision` queues it with the checklist the officer submits, just
 * before the inspect decision is queued, so the engine sends the visit first. Answers false when
 * the visit could not be kept on the phone; the decision is then not queued either.
 *
 * `position` is the well's position the checklist sends: the one placed on the visit's map, when
 * it is precise enough to move the well (the server's own rule for a visit's fix); else none, and
 * the map keeps what it has. The checklist has no map of its own.
 */
export function useInspectVisit(
  detail: ApplicationDetail,
  disabled: boolean,
): { panel: ReactNode; position: Position | null; beforeDecision: (checklist: Checklist) => Promise<boolean> } {
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

  const applicantAt = useMemo(() => {
    const typed = parseLocation(initialLocation(detail.fields));
    return typed.ok && typed.latitude !== undefined && typed.longitude !== undefined
      ? { latitude: typed.latitude, longitude: typed.longitude }
      : null;
  }, [detail.fields]);
  const recorded = draft.position;
  const position =
    recorded && recorded.accuracyM <= VISIT_POSITION_MAX_ACCURACY_M
      ? { latitude: recorded.latitude, longitude: recorded.longitude }
      : null;

  const panel = (
    <VisitPanel
      draft={draft}
      applicantAt={applicantAt}
      disabled={disabled}
      onSaveOnly={() => {
        void save(undefined, 'none').then((ok) => ok && toast.success(t('fieldVisit.savedOnly')));
      }}
    />
  );
  return { panel, position, beforeDecision: (checklist) => save(checklist, 'inspect') };
}
