import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useLocale, useT } from '../../i18n/locale';
import { UNSENT_STATUSES } from '../../offline/db';
import { useOutboxItems } from '../../offline/outbox';
import { useToast } from '../../components/Toast';
import { awaitedItems } from './officerAction';
import { ApplicationTable } from './ApplicationTable';
import { ConflictNotice } from './ConflictNotice';
import { localDateTime, localDigits } from './format';
import { useApplicationDetail } from './useApplicationDetail';
import { buttonSecondary, textLink, textTarget } from './ui';

export interface DetailContext {
  detail: ApplicationDetail;
  /** Show (and keep on the device) the server's newer answer. */
  replace: (d: ApplicationDetail) => void;
  /** A decision on this application is still on the device: no second one on the same version. */
  locked: boolean;
}

/** What a decision panel inside a detail screen gets from it (the context, with replace as onDetail). */
export interface PanelProps {
  detail: ApplicationDetail;
  onDetail: (d: ApplicationDetail) => void;
  locked: boolean;
}

/**
 * The frame of every officer detail screen: loads the application (or the device's copy when
 * there is no signal), says so, shows decisions of this application still waiting in the outbox
 * and any conflict to resolve, then the screen's own forms and the detail table.
 *
 * The officer's work (the visit, the checklist, the decision; or what was decided) comes before
 * the long detail table, in the page's own order, not moved by CSS: eyes, a keyboard and a screen
 * reader meet the same sequence (WCAG 1.3.2, 2.4.3). A link under the heading leads down to the
 * details (docs/decisions/055-staff-layout.md).
 */
export function DetailPage({
  titleKey,
  backTo,
  children,
}: {
  titleKey: MessageKey;
  /** The list to go back to; may depend on the application (e.g. approvable or not-approvable). */
  backTo: string | ((detail: ApplicationDetail | null) => string);
  children?: (ctx: DetailContext) => ReactNode;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { id } = useParams();
  const { state, reload, replace } = useApplicationDetail(id);
  const items = useOutboxItems('officerAction');
  const mine = (items ?? []).filter((i) => i.applicationId === id);
  const waiting = mine.filter((i) => (UNSENT_STATUSES as readonly string[]).includes(i.status));
  const failed = mine.filter((i) => i.status === 'failed');
  const conflicts = mine.filter((i) => i.status === 'conflict');
  const toast = useToast();

  // A decision kept on this device reached the server (or met a conflict) while the screen was
  // open: show the application as it is now, so no form for a stage it has left stays open.
  const lastStatus = useRef(new Map<string, string>());
  useEffect(() => {
    const before = lastStatus.current;
    let changed = false;
    for (const item of mine) {
      const was = before.get(item.id);
      if (was && (UNSENT_STATUSES as readonly string[]).includes(was) && item.status === 'received') {
        changed = true;
        if (!awaitedItems.has(item.id)) toast.success(t('decisions.sentLater', { label: item.label }));
      }
      if (was && was !== 'conflict' && item.status === 'conflict') changed = true;
    }
    lastStatus.current = new Map(mine.map((i) => [i.id, i.status]));
    if (changed) void reload();
  });

  const back = (
    <Link
      to={typeof backTo === 'string' ? backTo : backTo(state.status === 'ready' ? state.detail : null)}
      className={`${textLink} no-print`}
    >
      ← {t('decisions.backToList')}
    </Link>
  );

  if (state.status === 'loading') {
    return (
      <div className="p-3">
        {back}
        <p role="status" className="mt-4">
          {t('decisions.loading')}
        </p>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="p-3">
        {back}
        <div role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
          <p>{state.notCached ? t('decisions.notCached') : `${t('decisions.loadFail')} ${state.error.messageBn}`}</p>
          <button type="button" onClick={() => void reload()} className={`${buttonSecondary} mt-2`}>
            {t('common.retry')}
          </button>
        </div>
      </div>
    );
  }

  const { detail, cachedAt } = state;
  const locked = waiting.length > 0 || conflicts.length > 0;
  return (
    <div className="mx-auto max-w-4xl p-3 sm:p-4">
      {back}
      <h1 className="mt-2 text-xl font-bold text-brand-900">
        {t(titleKey)}: {t('decisions.field.applicationNumber')} {localDigits(detail.applicationNumber, locale)}
      </h1>
      {cachedAt && (
        <div role="status" className="mt-3 rounded border border-amber-400 bg-amber-50 p-2 text-amber-900">
          {t('decisions.fromCache', { when: localDateTime(cachedAt, locale) })}{' '}
          <button type="button" onClick={() => void reload()} className={`${textTarget} underline`}>
            {t('common.retry')}
          </button>
        </div>
      )}
      <p className="no-print">
        <a href="#application-details" className={`${textLink} gap-1`}>
          {t('decisions.table.caption')} <span aria-hidden="true">↓</span>
        </a>
      </p>
      {/* Next to the forms, where the officer acts: what is waiting, what failed, what conflicts. */}
      <div>
        {waiting.map((i) => (
          <p key={i.id} role="status" className="mt-3 rounded border border-sky-300 bg-sky-50 p-2 text-sky-900">
            {t('decisions.waitingInOutbox', { label: i.label })}
            {i.lastError?.messageBn && <> ({i.lastError.messageBn})</>}
          </p>
        ))}
        {failed.map((i) => (
          <p key={i.id} role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-2 text-red-900">
            {t('decisions.outboxFailed', { label: i.label, message: i.lastError?.messageBn ?? '' })}
          </p>
        ))}
        {conflicts.map((i) => (
          <ConflictNotice key={i.id} item={i} latest={detail} onDetail={replace} />
        ))}
      </div>
      {children?.({ detail, replace, locked })}
      {/* scroll-mt: the link above brings the table below the panel's sticky top bar, not under it. */}
      <div id="application-details" className="scroll-mt-16">
        <ApplicationTable detail={detail} />
      </div>
    </div>
  );
}
