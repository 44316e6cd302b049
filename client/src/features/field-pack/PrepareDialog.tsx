import { useEffect, useState } from 'react';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { Modal } from '../../components/ConfirmDialog';
import { useLocale, useT } from '../../i18n/locale';
import { fetchDetail } from '../review/api';
import { useFormat } from '../staff/format';
import { ui } from '../staff/ui';
import { warmChunks } from './chunks';
import { formatBytes } from '../../i18n/sizes';
import { storageState, type StorageState } from './persistence';
import {
  fetchTilesInfo,
  PACK_BYTE_CAP,
  planPacks,
  resumePlan,
  runPrepare,
  type PackPlan,
  type PrepareProgress,
  type PrepareResult,
} from './prepare';

/** New packs from a list's selection, or the rest of packs left half-done. */
export type PrepareRequest =
  | { kind: 'new'; ids: string[]; detailRoute?: string; officerId: number }
  | { kind: 'resume'; ids: string[]; officerId: number };

type Phase =
  | { name: 'estimating' }
  | { name: 'failedEstimate'; message: string }
  | { name: 'confirm'; plan: PackPlan; detailRoute: string | undefined }
  | { name: 'running'; plan: PackPlan; progress: PrepareProgress }
  | { name: 'done'; plan: PackPlan; result: PrepareResult; progress: PrepareProgress }
  | { name: 'failed'; plan: PackPlan; progress: PrepareProgress };

async function planFor(req: PrepareRequest, cap: number): Promise<{ plan: PackPlan; detailRoute: string | undefined }> {
  if (req.kind === 'resume') {
    const resumed = await resumePlan(req.ids, cap);
    if (!resumed) throw new Error('NOTHING_TO_RESUME');
    return resumed;
  }
  // One detail at a time: the officer's signal is weak, and the sizes come from the details.
  const details: ApplicationDetail[] = [];
  for (const id of req.ids) details.push(await fetchDetail(id));
  return { plan: planPacks(details, await fetchTilesInfo(), cap), detailRoute: req.detailRoute };
}

/**
 * "Prepare for the field" (docs/decisions/031-field-pack.md): fetches the selected details, shows
 * what the pack will weigh and what the map will hold before anything is downloaded, then a
 * progress bar while it downloads; asks for persistent storage and says whether it was granted.
 */
export function PrepareDialog({
  request,
  onClose,
  cap = PACK_BYTE_CAP,
}: {
  request: PrepareRequest | null;
  onClose: () => void;
  /** The most one preparation may keep; smaller in tests, which cannot upload 150 MB of real documents quickly. */
  cap?: number;
}) {
  const t = useT();
  const f = useFormat();
  const { locale } = useLocale();
  const size = (n: number) => formatBytes(n, locale);
  const [phase, setPhase] = useState<Phase>({ name: 'estimating' });
  const [storage, setStorage] = useState<StorageState | null>(null);

  useEffect(() => {
    if (!request) return;
    let live = true;
    setPhase({ name: 'estimating' });
    setStorage(null);
    planFor(request, cap).then(
      ({ plan, detailRoute }) => live && setPhase({ name: 'confirm', plan, detailRoute }),
      (e: unknown) => live && setPhase({ name: 'failedEstimate', message: f.error(e) }),
    );
    void storageState(false).then((s) => live && setStorage(s));
    return () => {
      live = false;
    };
  }, [request, f, cap]);

  const start = async (plan: PackPlan, detailRoute: string | undefined) => {
    if (!request) return;
    let progress: PrepareProgress = { done: 0, total: 0, bytes: 0 };
    setPhase({ name: 'running', plan, progress });
    // Persistent storage, so the browser does not evict the pack when space runs short.
    void storageState(true).then(setStorage);
    // The screens an inspector opens with no signal must be in the service worker's cache.
    void warmChunks();
    try {
      const result = await runPrepare(plan, {
        officerId: request.officerId,
        detailRoute,
        onProgress: (p) => {
          progress = p;
          setPhase({ name: 'running', plan, progress: p });
        },
      });
      setPhase({ name: 'done', plan, result, progress });
      void storageState(false).then(setStorage);
    } catch {
      setPhase({ name: 'failed', plan, progress });
    }
  };

  const busy = phase.name === 'running';
  return (
    <Modal open={request !== null} onOpenChange={(o) => !o && !busy && onClose()} title={t('fieldPack.dialog.title')}>
      <div className="space-y-3">
        {phase.name === 'estimating' && <p role="status">{t('fieldPack.dialog.estimating')}</p>}
        {phase.name === 'failedEstimate' && (
          <p role="alert" className={ui.alertError}>
            {t('fieldPack.dialog.fetchFailed', { message: phase.message })}
          </p>
        )}
        {phase.name !== 'estimating' && phase.name !== 'failedEstimate' && <PlanSummary plan={phase.plan} />}
        {(phase.name === 'running' || phase.name === 'failed' || phase.name === 'done') && (
          <div>
            <progress
              className="h-4 w-full"
              max={Math.max(1, phase.progress.total)}
              value={phase.progress.done}
              aria-label={t('fieldPack.dialog.progressLabel')}
            />
            <p role="status" className="text-sm text-gray-700">
              {t('fieldPack.dialog.progress', {
                done: f.num(phase.progress.done),
                total: f.num(phase.progress.total),
                size: size(phase.progress.bytes),
              })}
            </p>
          </div>
        )}
        {phase.name === 'failed' && (
          <p role="alert" className={ui.alertError}>
            {t('fieldPack.dialog.failed')}
          </p>
        )}
        {phase.name === 'done' && (
          <div role="status" className={ui.alertOk}>
            <p>{t('fieldPack.dialog.done', { count: f.num(phase.result.prepared) })}</p>
            {phase.result.capReached && <p>{t('fieldPack.dialog.capReached')}</p>}
          </div>
        )}
        {storage && <StorageNote state={storage} />}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={ui.secondary} disabled={busy} onClick={onClose}>
            {phase.name === 'confirm' ? t('common.cancel') : t('fieldPack.dialog.close')}
          </button>
          {phase.name === 'confirm' && (
            <button
              type="button"
              className={ui.primary}
              disabled={phase.plan.refused}
              onClick={() => void start(phase.plan, phase.detailRoute)}
            >
              {t('fieldPack.dialog.start')}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}

function PlanSummary({ plan }: { plan: PackPlan }) {
  const t = useT();
  const f = useFormat();
  const { locale } = useLocale();
  const size = (n: number) => formatBytes(n, locale);
  return (
    <div className="space-y-2" data-testid="pack-plan">
      <p>{t('fieldPack.dialog.count', { count: f.num(plan.items.length) })}</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t('fieldPack.dialog.documents', { size: size(plan.documentBytes + plan.detailBytes) })}</li>
        {plan.tileCount > 0 && (
          <li>
            {t('fieldPack.dialog.tiles', {
              count: f.num(plan.tileCount),
              size: size(plan.tileBytesEstimate),
              from: f.num(plan.minZoom),
              to: f.num(plan.maxZoom),
            })}
          </li>
        )}
        <li className="font-semibold">
          {t('fieldPack.dialog.total', { size: size(plan.totalEstimate), cap: size(plan.cap) })}
        </li>
      </ul>
      {plan.refused && (
        <p role="alert" className={ui.alertError}>
          {t('fieldPack.dialog.refused', { size: size(plan.documentBytes + plan.detailBytes), cap: size(plan.cap) })}
        </p>
      )}
      {!plan.refused && plan.tiles === 'noSource' && <p className={ui.alertInfo}>{t('fieldPack.dialog.noTiles')}</p>}
      {!plan.refused && plan.tiles === 'cut' && (
        <p className={ui.alertInfo}>{t('fieldPack.dialog.cut', { zoom: f.num(plan.maxZoom) })}</p>
      )}
      {!plan.refused && plan.tiles === 'dropped' && <p className={ui.alertInfo}>{t('fieldPack.dialog.dropped')}</p>}
      {plan.tiles !== 'noSource' && plan.withoutPosition > 0 && (
        <p className="text-sm text-gray-700">
          {t('fieldPack.dialog.noPosition', { count: f.num(plan.withoutPosition) })}
        </p>
      )}
    </div>
  );
}

export function StorageNote({ state }: { state: StorageState }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <div className="space-y-1 text-sm text-gray-700" data-testid="storage-note">
      <p>
        {state.persisted === true
          ? t('fieldPack.persist.granted')
          : state.persisted === false
            ? t('fieldPack.persist.denied')
            : t('fieldPack.persist.unknown')}
      </p>
      {state.usage !== null && state.quota !== null && (
        <p>
          {t('fieldPack.storage.estimate', {
            usage: formatBytes(state.usage, locale),
            quota: formatBytes(state.quota, locale),
          })}
        </p>
      )}
    </div>
  );
}
