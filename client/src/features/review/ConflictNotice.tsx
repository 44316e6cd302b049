import { useState } from 'react';
import type { ActionRequest, ApplicationDetail } from '@portal/shared/schemas/review';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import { useToast } from '../../components/Toast';
import { useLocale, useT } from '../../i18n/locale';
import type { OutboxItem } from '../../offline/db';
import { newId } from '../../offline/ids';
import { deleteItem, enqueueOfficerAction } from '../../offline/outbox';
import { useMe } from '../staff/useMe';
import { fetchDetail } from './api';
import { useAuditWords } from './AuditTrail';
import { describeRequest } from './describeRequest';
import { localDateTime, localDigits } from './format';
import { awaitAnswer } from './officerAction';
import { buttonPrimary, buttonSecondary } from './ui';

/**
 * A decision made offline on a version that has since moved on (docs/decisions/018-service-targets.md: the server
 * refuses with 409 and its current state; nothing is overwritten silently). The officer sees what
 * they decided and what the application is now, then discards the decision or re-applies it on
 * the current version (a new clientActionId, so the server treats it as a new request). Only the
 * officer who made it may do either; another officer signed in on the same device sees whose it is
 * (docs/decisions/012-offline-queue-truth.md).
 */
export function ConflictNotice({
  item,
  latest,
  onDetail,
}: {
  item: OutboxItem;
  /** The detail the screen has, used when the item carries no current state. */
  latest?: ApplicationDetail | null;
  onDetail?: (d: ApplicationDetail) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const toast = useToast();
  const words = useAuditWords();
  const { me } = useMe();
  const [busy, setBusy] = useState(false);
  const owner = item.officer;
  const mine = !!me && !!owner && owner.id === me.id;
  const request = item.payload as ActionRequest;
  const current = (item.current as ApplicationDetail | undefined) ?? latest ?? null;
  const allowedNow = !!current && current.allowedActions.includes(request.action);
  const last = current?.audit.at(-1);

  const discard = async () => {
    if (!mine) return;
    setBusy(true);
    try {
      await deleteItem(item.id);
      toast.success(t('decisions.conflict.discarded'));
    } finally {
      setBusy(false);
    }
  };

  const reapply = async () => {
    if (!current || !mine) return;
    setBusy(true);
    try {
      const again = { ...request, version: current.version, clientActionId: newId() } as ActionRequest;
      // Queue the new one before dropping the old one: a closed tab in between loses nothing.
      await enqueueOfficerAction({ applicationId: current.id, request: again, label: item.label, officer: owner });
      await deleteItem(item.id);
      const outcome = await awaitAnswer(again.clientActionId);
      if (outcome.kind === 'done') {
        const fresh = await fetchDetail(current.id).catch(() => null);
        if (fresh) onDetail?.(fresh);
        toast.success(t('decisions.conflict.reapplied'));
      } else if (outcome.kind === 'queued') {
        toast.success(t('decisions.savedOffline'));
      } else if (outcome.kind === 'failed') {
        await deleteItem(again.clientActionId);
        toast.failure(outcome.error.messageBn || t('common.networkError'));
      } else if (outcome.current) {
        onDetail?.(outcome.current);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      role="alert"
      aria-labelledby={`conflict-${item.id}`}
      className="mt-4 rounded border-2 border-amber-500 bg-amber-50 p-3 sm:p-4"
    >
      <h2 id={`conflict-${item.id}`} className="text-lg font-bold text-amber-900">
        {t('decisions.conflict.title')}
      </h2>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <div>
          <h3 className="font-bold">{t('decisions.conflict.yours')}</h3>
          <p>{item.label}</p>
          <ul className="list-inside list-disc text-sm">
            {describeRequest(request, locale).map((line, i) => (
              <li key={i} className="whitespace-pre-wrap">
                {line}
              </li>
            ))}
          </ul>
          <p className="text-sm text-gray-700">
            {t('decisions.conflict.madeOn', { version: localDigits(request.version, locale) })} ·{' '}
            {localDateTime(new Date(item.createdAt).toISOString(), locale)}
          </p>
        </div>
        <div>
          <h3 className="font-bold">{t('decisions.conflict.current')}</h3>
          {current && (
            <>
              <p>
                {t('decisions.conflict.currentStage', {
                  stage: t(stageLabelKey(current.stage)),
                  version: localDigits(current.version, locale),
                })}
              </p>
              {last && (
                <p className="text-sm text-gray-700">
                  {t('decisions.conflict.lastChange', {
                    who: words.actor(last.actor),
                    when: localDateTime(last.at, locale),
                    what: words.action(last.action),
                  })}
                </p>
              )}
            </>
          )}
        </div>
      </div>
      {!mine ? (
        <p className="mt-2 font-bold text-amber-900">
          {t('decisions.conflict.otherOfficer', { officer: owner?.email ?? '' })}
        </p>
      ) : (
        <>
          {!allowedNow && <p className="mt-2 font-bold text-amber-900">{t('decisions.conflict.notAllowedNow')}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" onClick={discard} disabled={busy} className={buttonSecondary}>
              {t('decisions.conflict.discard')}
            </button>
            {allowedNow && (
              <button type="button" onClick={reapply} disabled={busy} className={buttonPrimary}>
                {busy ? t('decisions.sending') : t('decisions.conflict.reapply')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
