import { useState } from 'react';
import { useConfirm } from '../../components/useConfirm';
import { useToast } from '../../components/Toast';
import { useOutboxItems } from '../../offline/outbox';
import { useT } from '../../i18n/locale';
import { signOut, useMe } from '../../features/staff/useMe';
import { useFormat } from '../../features/staff/format';
import { usePackStatuses } from '../../features/field-pack/useFieldSelection';

/**
 * Logout. Officer decisions still waiting in this device's outbox need their officer's session to
 * be sent, so the officer is warned first (docs/decisions/018-service-targets.md: "warns if it has not [drained]").
 * Only the officer's own decisions count: another officer's stay held for them, untouched
 * (signing out never deletes a queued decision; docs/decisions/012-offline-queue-truth.md).
 * Field packs are wiped at sign-out (docs/decisions/031-field-pack.md), so the officer is told how
 * many prepared applications will no longer open without a connection.
 */
export function SignOutButton({ className, role }: { className?: string; role?: string }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { me } = useMe();
  const decisions = useOutboxItems('officerAction');
  // Site visits are the officer's too, held for them the same way (docs/decisions/032).
  const visits = useOutboxItems('fieldVisit');
  const officerItems = decisions && visits ? [...decisions, ...visits] : undefined;
  const [busy, setBusy] = useState(false);
  const unsent = (officerItems ?? []).filter((i) => i.status !== 'received' && i.officer?.id === me?.id).length;
  const packs = usePackStatuses().size;

  const run = async () => {
    if (unsent > 0 || packs > 0) {
      const packNote = packs > 0 ? t('staff.signOut.packsBody', { count: f.num(packs) }) : '';
      const ok = await confirm({
        title: unsent > 0 ? t('staff.signOut.pendingTitle') : t('staff.signOut.packsTitle'),
        description:
          unsent > 0
            ? `${t('staff.signOut.pendingBody', { count: f.num(unsent) })}${packNote ? ` ${packNote}` : ''}`
            : packNote,
        confirmLabel: t('staff.signOut.anyway'),
        cancelLabel: t('common.cancel'),
        tone: 'danger',
      });
      if (!ok) return;
    }
    setBusy(true);
    try {
      await signOut();
    } catch (e) {
      toast.failure(t('staff.signOut.failed', { message: f.error(e) }));
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={className} role={role} disabled={busy} onClick={() => void run()}>
        {t('common.logout')}
      </button>
      {dialog}
    </>
  );
}
