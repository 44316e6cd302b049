import { useCallback, useRef, useState } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { actionLabelKey } from '@portal/shared/workflow/labels';
import { ApiError } from '../../api/client';
import { useToast } from '../../components/Toast';
import { useLocale, useT } from '../../i18n/locale';
import { deleteItem } from '../../offline/outbox';
import { useMe } from '../staff/useMe';
import { fetchDetail } from './api';
import { buildRequest, sendOfficerAction, type ActionName, type ActionOutcome, type PayloadOf } from './officerAction';
import { localDigits } from './format';

export interface DecisionTexts {
  success: MessageKey;
  fail: MessageKey;
}

export interface DecisionResult {
  outcome: ActionOutcome;
  /** The application after the action, when the server could be asked. */
  detail: ApplicationDetail | null;
}

/**
 * Sends one decision on the application shown (spec 3 §4) and tells the officer what happened:
 * done (toast), kept on this device (no connection), refused (the server's Bangla message, the
 * form keeps what was typed), or a conflict (ConflictNotice takes over). `busy` disables buttons.
 */
export function useDecision(detail: ApplicationDetail, onDetail: (d: ApplicationDetail) => void) {
  const t = useT();
  const { locale } = useLocale();
  const toast = useToast();
  // The officer deciding: the queued decision is recorded under them and sent only under their session.
  const { me } = useMe();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const inFlight = useRef(false);

  const run = useCallback(
    async <A extends ActionName>(
      action: A,
      payload: PayloadOf<A>,
      texts: DecisionTexts,
    ): Promise<DecisionResult | null> => {
      if (inFlight.current) return null;
      if (!me) {
        // No account known on this device: a decision with no officer would be sent under nobody's name.
        const message = `${t(texts.fail)} ${t('problem.UNAUTHENTICATED')}`;
        setError(message);
        toast.failure(message);
        return null;
      }
      inFlight.current = true;
      setBusy(true);
      setError(null);
      try {
        const label = t('decisions.outboxLabel', {
          number: localDigits(detail.applicationNumber, locale),
          action: t(actionLabelKey(action)),
        });
        const request = buildRequest(action, detail.version, payload);
        const outcome = await sendOfficerAction(detail.id, request, label, { id: me.id, email: me.email });
        if (outcome.kind === 'done') {
          const fresh = await fetchDetail(detail.id).catch(() => null);
          if (fresh) onDetail(fresh);
          toast.success(
            t(texts.success, fresh?.licence ? { number: localDigits(fresh.licence.number, locale) } : undefined),
          );
          return { outcome, detail: fresh };
        }
        if (outcome.kind === 'queued') {
          setQueued(true);
          toast.success(t('decisions.savedOffline'));
          return { outcome, detail: null };
        }
        if (outcome.kind === 'conflict') {
          if (outcome.current) onDetail(outcome.current);
          toast.failure(t('decisions.conflict.title'));
          return { outcome, detail: outcome.current };
        }
        // Refused by the server: the officer sees why and keeps the form; the item is not left to be re-sent.
        await deleteItem(request.clientActionId);
        const message = `${t(texts.fail)} ${outcome.error.messageBn || t('common.networkError')}`;
        setError(message);
        toast.failure(message);
        return { outcome, detail: null };
      } catch (e) {
        const message = `${t(texts.fail)} ${e instanceof ApiError ? e.messageBn : t('common.networkError')}`;
        setError(message);
        toast.failure(message);
        return null;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [detail, locale, me, onDetail, t, toast],
  );

  return { run, busy, error, queued };
}
