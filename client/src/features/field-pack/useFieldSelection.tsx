import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { can } from '@portal/shared/access';
import type { QueuePage, QueueRow } from '@portal/shared/schemas/review';
import type { Column } from '../../components/DataTable';
import { useToast } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import type { ListScreen } from '../staff/screens';
import { staffApi } from '../staff/staffApi';
import { ui } from '../staff/ui';
import { useMe } from '../staff/useMe';
import { fieldDb, type PackStatus } from './db';
import { PrepareDialog, type PrepareRequest } from './PrepareDialog';

/** BADC's lists an inspector goes to the field from: unseen, seen and pending (spec 3 §2). */
export const FIELD_LISTS = ['bunseen', 'bseen', 'pendingOne'];

/** The largest page the server gives: "select all" takes the whole list up to this. */
const ALL_LIMIT = 500;

/** The queues of "all in my unseen and pending lists": what is still to be inspected or decided. */
const MY_FIELD_QUEUES = ['badc-unseen', 'pending'] as const;

/** Every application of one queue, up to ALL_LIMIT. */
async function queueIds(queue: string): Promise<string[]> {
  const page = await staffApi<QueuePage>(`/api/staff/queues/${queue}?page=1&pageSize=${ALL_LIMIT}`);
  return page.rows.map((r) => r.id);
}

/** "All in my unseen and pending lists" (issue 9): the ids on both, once each. */
export async function myFieldListIds(): Promise<string[]> {
  const lists = await Promise.all(MY_FIELD_QUEUES.map(queueIds));
  return [...new Set(lists.flat())];
}

/** Which applications have a pack on this phone, live (a release elsewhere updates the badges). */
export function usePackStatuses(): Map<string, PackStatus> {
  const rows = useLiveQuery(async () => {
    try {
      return await fieldDb.packs.toArray();
    } catch {
      return [];
    }
  }, []);
  return useMemo(() => new Map((rows ?? []).map((p) => [p.applicationId, p.status])), [rows]);
}

export function PackBadge({ status }: { status: PackStatus | undefined }) {
  const t = useT();
  if (!status) return null;
  return status === 'ready' ? (
    <span className="rounded bg-brand-100 px-2 text-sm whitespace-nowrap text-brand-900">
      {t('fieldPack.badge.ready')}
    </span>
  ) : (
    <span className="rounded bg-amber-100 px-2 text-sm whitespace-nowrap text-amber-900">
      {t('fieldPack.badge.preparing')}
    </span>
  );
}

/**
 * The field pack's part of a queue list (docs/decisions/031-field-pack.md): on BADC's lists, a
 * "ready offline" column, a selection mode with a checkbox per row and "select all in this
 * list", and "prepare for the field" with its dialog. Other lists and roles get nothing.
 */
export function useFieldSelection(screen: ListScreen): {
  columns: (base: Column<QueueRow>[]) => Column<QueueRow>[];
  actions: ReactNode;
  dialog: ReactNode;
} {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { me } = useMe();
  const enabled = FIELD_LISTS.includes(screen.path) && !!me?.role && can(me.role, 'fieldVisits.record');
  const packs = usePackStatuses();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [loadingAll, setLoadingAll] = useState(false);
  const [request, setRequest] = useState<PrepareRequest | null>(null);

  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const columns = useCallback(
    (base: Column<QueueRow>[]): Column<QueueRow>[] => {
      if (!enabled) return base;
      const offline: Column<QueueRow> = {
        id: 'offline',
        header: t('fieldPack.col.offline'),
        noPrint: true,
        cell: (r) => <PackBadge status={packs.get(r.id)} />,
      };
      if (!selecting) return [...base, offline];
      // First, so that on a phone card the checkbox is the card's heading.
      const select: Column<QueueRow> = {
        id: 'select',
        header: t('fieldPack.col.select'),
        noPrint: true,
        cell: (r) => (
          <input
            type="checkbox"
            className="h-6 w-6 align-middle"
            checked={selected.has(r.id)}
            onChange={(e) => toggle(r.id, e.target.checked)}
            aria-label={t('fieldPack.select.row', { number: f.num(r.applicationNumber) })}
          />
        ),
      };
      return [select, ...base, offline];
    },
    [enabled, selecting, selected, packs, toggle, t, f],
  );

  const selectAll = async (which: 'list' | 'mine') => {
    setLoadingAll(true);
    try {
      const ids = which === 'list' ? await queueIds(screen.queue) : await myFieldListIds();
      setSelected((s) => new Set([...s, ...ids]));
    } catch (e) {
      toast.failure(t('fieldPack.select.allFailed', { message: f.error(e) }));
    } finally {
      setLoadingAll(false);
    }
  };

  const actions = !enabled ? null : !selecting ? (
    <button type="button" className={ui.secondary} onClick={() => setSelecting(true)}>
      {t('fieldPack.select.start')}
    </button>
  ) : (
    <div className="flex w-full flex-wrap items-center gap-2" data-testid="field-selection">
      <button type="button" className={ui.secondary} disabled={loadingAll} onClick={() => void selectAll('list')}>
        {t('fieldPack.select.all')}
      </button>
      <button type="button" className={ui.secondary} disabled={loadingAll} onClick={() => void selectAll('mine')}>
        {t('fieldPack.select.mine')}
      </button>
      <button
        type="button"
        className={ui.primary}
        disabled={selected.size === 0 || !me}
        onClick={() =>
          // Each pack opens on its application's own screen (fieldRouteOf): a selection may mix lists.
          me && setRequest({ kind: 'new', ids: [...selected], officerId: me.id })
        }
      >
        {t('fieldPack.prepare')}
      </button>
      <button
        type="button"
        className={ui.secondary}
        onClick={() => {
          setSelecting(false);
          setSelected(new Set());
        }}
      >
        {t('fieldPack.select.cancel')}
      </button>
      <span role="status" className="text-sm text-gray-700">
        {t('fieldPack.select.count', { count: f.num(selected.size) })}
      </span>
    </div>
  );

  const dialog = enabled ? (
    <PrepareDialog
      request={request}
      onClose={() => {
        setRequest(null);
        setSelecting(false);
        setSelected(new Set());
      }}
    />
  ) : null;

  return { columns, actions, dialog };
}
