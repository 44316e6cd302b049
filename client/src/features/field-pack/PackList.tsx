import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { useConfirm } from '../../components/useConfirm';
import { useToast } from '../../components/Toast';
import { useLocale, useT } from '../../i18n/locale';
import { localDateTime } from '../review/format';
import { useFormat } from '../staff/format';
import { ui } from '../staff/ui';
import { useMe } from '../staff/useMe';
import { fieldDb, type PackRow } from './db';
import { formatBytes } from '../../i18n/sizes';
import { storageState, type StorageState } from './persistence';
import { PrepareDialog, StorageNote, type PrepareRequest } from './PrepareDialog';
import { releasePack } from './store';
import { myFieldListIds, PackBadge } from './useFieldSelection';

/**
 * The packs on this phone (docs/decisions/031-field-pack.md): what each holds and weighs, a way
 * to open it (offline too: everything here comes from the phone), to finish one left half-done,
 * and to release it.
 */
export function PackList() {
  const t = useT();
  const f = useFormat();
  const { locale } = useLocale();
  const toast = useToast();
  const { me } = useMe();
  const { confirm, dialog } = useConfirm();
  const packs = useLiveQuery(async () => {
    try {
      return await fieldDb.packs.orderBy('applicationId').toArray();
    } catch {
      return [];
    }
  }, []);
  const [storage, setStorage] = useState<StorageState | null>(null);
  const [request, setRequest] = useState<PrepareRequest | null>(null);
  const [gathering, setGathering] = useState(false);
  useEffect(() => {
    void storageState(false).then(setStorage);
  }, [packs?.length]);

  const mine = (packs ?? [])
    .filter((p) => !me || p.officerId === me.id)
    .sort((a, b) => a.applicationNumber - b.applicationNumber);
  const total = mine.reduce((n, p) => n + p.bytes, 0);
  const size = (n: number) => formatBytes(n, locale);

  // One press for the day: every application still on my unseen and pending lists (issue 9).
  const prepareMine = async () => {
    if (!me) return;
    setGathering(true);
    try {
      const ids = await myFieldListIds();
      if (ids.length === 0) toast.success(t('fieldPack.page.nothingToPrepare'));
      else setRequest({ kind: 'new', ids, officerId: me.id });
    } catch (e) {
      toast.failure(t('fieldPack.select.allFailed', { message: f.error(e) }));
    } finally {
      setGathering(false);
    }
  };

  const release = async (p: PackRow) => {
    const number = f.num(p.applicationNumber);
    const ok = await confirm({
      title: t('fieldPack.page.releaseConfirm', { number }),
      description: t('fieldPack.page.releaseBody'),
      confirmLabel: t('fieldPack.page.release'),
      cancelLabel: t('common.cancel'),
      tone: 'danger',
    });
    if (!ok) return;
    await releasePack(p.applicationId);
    toast.success(t('fieldPack.page.released', { number }));
  };

  return (
    <section aria-labelledby="packs-title" className="mx-auto max-w-3xl space-y-3 p-3 sm:p-4">
      <h1 id="packs-title" className={ui.h1}>
        {t('fieldPack.page.title')}
      </h1>
      <p className="text-gray-700">{t('fieldPack.page.intro')}</p>
      {me && (
        <button type="button" className={ui.primary} disabled={gathering} onClick={() => void prepareMine()}>
          {gathering ? t('fieldPack.page.gathering') : t('fieldPack.page.prepareMine')}
        </button>
      )}
      {packs && mine.length === 0 && <p className={ui.card}>{t('fieldPack.page.empty')}</p>}
      {mine.length > 0 && (
        <p className="font-semibold">{t('fieldPack.page.total', { count: f.num(mine.length), size: size(total) })}</p>
      )}
      <ul className="space-y-2">
        {mine.map((p) => (
          <li key={p.applicationId} className={ui.card} data-testid="pack-row">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">
                {t('fieldPack.page.row', { number: f.num(p.applicationNumber) })}
                {p.label ? ` — ${p.label}` : ''}
              </p>
              <PackBadge status={p.status} />
            </div>
            <p className="text-sm text-gray-700">
              {t('fieldPack.page.preparedAt', { when: localDateTime(p.preparedAt, locale) })}
            </p>
            <p className="text-sm text-gray-700">
              {t('fieldPack.page.contents', {
                documents: f.num(p.documents),
                tiles: f.num(p.tiles),
                size: size(p.bytes),
              })}
            </p>
            {p.status !== 'ready' && <p className="text-sm text-amber-800">{t('fieldPack.page.incomplete')}</p>}
            <div className="mt-2 flex flex-wrap gap-2">
              <Link to={`/admin-page/${p.detailRoute}/${p.applicationId}`} className={ui.primary}>
                {t('fieldPack.page.open')}
              </Link>
              {p.status !== 'ready' && me && (
                <button
                  type="button"
                  className={ui.secondary}
                  onClick={() => setRequest({ kind: 'resume', ids: [p.applicationId], officerId: me.id })}
                >
                  {t('fieldPack.page.resume')}
                </button>
              )}
              <button type="button" className={ui.danger} onClick={() => void release(p)}>
                {t('fieldPack.page.release')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {storage && <StorageNote state={storage} />}
      {dialog}
      <PrepareDialog request={request} onClose={() => setRequest(null)} />
    </section>
  );
}
