import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { Me } from '@portal/shared/schemas/auth';
import { boxAround } from '@portal/shared/geo/geo';
import { MAP_STATES, type MapExtent, type MapState, type WellFeatureProperties } from '@portal/shared/schemas/map';
import { useLocale, useT } from '../../../i18n/locale';
import { ChunkBoundary } from '../../../features/home/WhenVisible';
import { staffApi } from '../../../features/staff/staffApi';
import { ui } from '../../../features/staff/ui';
import type { StartView } from '../../../features/live-map/startView';
import { StateBoxes, toggledStates } from '../../../features/live-map/StateBoxes';
import { WellsStatus } from '../../../features/live-map/WellsStatus';
import { isUsableBbox, useWells, wellsUrl, type Bbox } from '../../../features/live-map/wellQuery';
import { nameIn } from './names';

// The office map's own Leaflet chunk (tiles, clusters, popups): the area map is that map over several offices.
const LiveMapCanvas = lazy(() => import('../../../features/live-map/LiveMapCanvas'));

interface AreaOffice {
  id: number;
  code: string;
  nameBn: string;
  nameEn: string;
}
type AreaExtent = MapExtent & { offices: AreaOffice[]; centre: [number, number] | null };

const MAP_BOX = 'h-[60vh] min-h-[320px]';
/** Around a district's headquarters before any well is there: about a district. */
const DISTRICT_BOX_M = 40_000;
const COUNTRY: StartView = { kind: 'view', center: [23.7, 90.35], zoom: 7, bbox: [87.9, 20.3, 92.8, 26.8] };

/** Where the map opens: around the wells; with none, the district's (or division's) centre; else the country. */
function startOf(extent: AreaExtent): StartView {
  if (extent.bbox) return { kind: 'fit', bbox: extent.bbox };
  if (!extent.centre) return COUNTRY;
  const [latitude, longitude] = extent.centre;
  return { kind: 'view', center: extent.centre, zoom: 9, bbox: boxAround({ latitude, longitude }, DISTRICT_BOX_M) };
}

function Placeholder({ text, failed = false }: { text: string; failed?: boolean }) {
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={`${MAP_BOX} flex w-full items-center justify-center rounded border border-gray-300 bg-gray-100 p-4 text-center text-gray-700`}
    >
      {text}
    </div>
  );
}

/**
 * The area map (docs/decisions/057-offices.md, step 4): the wells of every open office of the
 * viewer's area from GET /api/national/map/wells, on the office map's own canvas, each well's
 * popup naming its office; narrowed to one office of the area on choice. Read only.
 */
export default function AreaMap(_: { me: Me }) {
  const t = useT();
  const { locale } = useLocale();
  const [office, setOffice] = useState('');
  const [extent, setExtent] = useState<AreaExtent | 'failed' | null>(null);
  const [offices, setOffices] = useState<AreaOffice[] | null>(null);
  const [view, setView] = useState<{ bbox: Bbox; zoom: number } | null>(null);
  const [states, setStates] = useState<readonly MapState[]>(MAP_STATES);

  useEffect(() => {
    let live = true;
    setExtent(null);
    setView(null);
    staffApi<AreaExtent>(`/api/national/map/extent${office ? `?office=${office}` : ''}`).then(
      (e) => {
        if (!live) return;
        setExtent(e);
        if (!office) setOffices(e.offices);
      },
      () => live && setExtent('failed'),
    );
    return () => {
      live = false;
    };
  }, [office]);

  const start = extent && extent !== 'failed' ? startOf(extent) : null;
  const bbox = view?.bbox ?? start?.bbox;
  const zoom = view?.zoom ?? (start?.kind === 'view' ? start.zoom : null);
  // No state ticked: nothing to ask (useWells' rule), as on the office map.
  const base = !bbox
    ? undefined
    : states.length === 0
      ? null
      : wellsUrl(bbox, { states, kind: '', union: '' }, MAP_STATES, zoom, '/api/national/map/wells');
  const wells = useWells(base && office ? `${base}&office=${office}` : base);
  const features = useMemo(() => wells.data?.features ?? [], [wells.data]);
  const names = useMemo(
    () => new Map((offices ?? []).map((o) => [o.id, t('areaMap.wellOffice', { office: nameIn(locale, o) })])),
    [offices, locale, t],
  );
  const officeOf = useCallback((w: WellFeatureProperties) => names.get(w.officeId), [names]);
  const onView = useCallback((next: Bbox, z: number) => {
    if (isUsableBbox(next)) setView({ bbox: next, zoom: z });
  }, []);

  if (offices && offices.length === 0) return <p className={ui.card}>{t('areaMap.noOffices')}</p>;
  return (
    <section className="space-y-3" aria-labelledby="area-map">
      <h2 id="area-map" className="text-lg font-semibold">
        {t('areaMap.title')}
      </h2>
      <p className="text-sm text-gray-700">{t('areaMap.intro')}</p>
      {offices && offices.length > 1 && (
        <div>
          <label htmlFor="area-map-office" className={ui.label}>
            {t('areaMap.office')}
          </label>
          <select id="area-map-office" className={ui.input} value={office} onChange={(e) => setOffice(e.target.value)}>
            <option value="">{t('areaMap.allOffices')}</option>
            {offices.map((o) => (
              <option key={o.id} value={o.id}>
                {nameIn(locale, o)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div aria-live="polite">
        <WellsStatus wells={wells} />
      </div>
      <fieldset className="rounded border border-gray-200 bg-white p-3">
        <legend className="px-1 font-bold">{t('map.live.legend')}</legend>
        <StateBoxes states={states} onToggle={(s) => setStates((now) => toggledStates(now, s))} />
      </fieldset>
      {extent === 'failed' ? (
        <Placeholder text={t('areaMap.failed')} failed />
      ) : !start ? (
        <Placeholder text={t('map.loading')} />
      ) : (
        <ChunkBoundary fallback={<Placeholder text={t('map.live.unavailable')} failed />}>
          <Suspense fallback={<Placeholder text={t('map.loading')} />}>
            <div className={MAP_BOX}>
              <LiveMapCanvas
                key={office}
                start={start}
                features={features}
                visits={null}
                role={null}
                onView={onView}
                officeOf={officeOf}
                label={t('areaMap.title')}
              />
            </div>
          </Suspense>
        </ChunkBoundary>
      )}
    </section>
  );
}
