import { useState } from 'react';
import { useConfirm } from '../../components/useConfirm';
import { useToast } from '../../components/Toast';
import { useOutboxItems } from '../../offline/outbox';
import { useT } from '../../i18n/locale';
import { signOut, useMe } from '../../features/staff/useMe';
import { useFormat } from '../../features/staff/format';
import { usePackStatuses } from '../../features/field-pack/useFieldSelection';

/**
 * Logout. Officer decisions and site visits still waiting in this device's outbox need their
 * officer's session to be sent, so the officer is warned first (docs/decisions/018-service-targets.md:
 * "warns if it has not [drained]"), each counted as what it is. Only the officer's own items count:
 * another officer's stay held for them, untouched (signing out never deletes a queued item;
 * docs/decisions/012-offline-queue-truth.md). Field packs are wiped at sign-out
 * (docs/decisions/031-field-pack.md), so the officer is told how many prepared applications will
 * no longer open without a connection.
 *
 * A hook, so that the question can live outside a menu that closes when the officer taps the
 * question (the account menu): rendered inside it, the dialog went with the menu on the tap on
 * "sign out anyway", and the officer stayed signed in.
 */
export function useSignOut(): { run: () => Promise<void>; dialog: React.ReactNode; busy: boolean } {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { me } = useMe();
  const decisions = useOutboxItems('officerAction');
  // Site visits are the officer's too, held for them the same way (docs/decisions/032).
  const visits = useOutboxItems('fieldVisit');
  const [busy, setBusy] = useState(false);
  const mine = (items: typeof decisions) =>
    (items ?? []).filter((i) => i.status !== 'received' && i.officer?.id === me?.id).length;
  const unsentDecisions = mine(decisions);
  const unsentVisits = mine(visits);
  const packs = usePackStatuses().size;

  const run = async () => {
    const unsent = [
      unsentDecisions > 0 ? t('staff.signOut.decisions', { count: f.num(unsentDecisions) }) : '',
      unsentVisits > 0 ? t('staff.signOut.visits', { count: f.num(unsentVisits) }) : '',
    ].filter(Boolean);
    if (unsent.length > 0 || packs > 0) {
      const packNote = packs > 0 ? t('staff.signOut.packsBody', { count: f.num(packs) }) : '';
      const ok = await confirm({
        title: unsent.length > 0 ? t('staff.signOut.pendingTitle') : t('staff.signOut.packsTitle'),
        description:
          unsent.length > 0
            ? `${t('staff.signOut.pendingBody', { items: unsent.join(t('staff.signOut.and')) })}${packNote ? ` ${packNote}` : ''}`
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

  return { run, dialog, busy };
}

/** The logout button where it stays on the screen while the question is asked. */
export function SignOutButton({ className }: { className?: string }) {
  const t = useT();
  const { run, dialog, busy } = useSignOut();
  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => void run()}>
        {t('common.logout')}
      </button>
      {dialog}
    </>
  );
}
