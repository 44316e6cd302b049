import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { MAP_STATES, type MapState } from '@portal/shared/schemas/map';
import { boxAround } from '@portal/shared/geo/geo';
import { REQUEST_KINDS, type RequestKind } from '@portal/shared/kinds/slots';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useLocale, useT } from '../../i18n/locale';
import { useLocalities, usePublicSettings } from '../../offline/cached';
import { useMe } from '../../features/staff/useMe';
import { ui } from '../../features/staff/ui';
import { ChunkBoundary } from '../../features/home/WhenVisible';
import { localDigits } from '../../features/review/format';
import { STATE_COLOURS } from '../../features/map/mapColours';
import {
  DETAIL_ZOOM,
  isUsableBbox,
  useWells,
  wellsUrl,
  type Bbox,
  type WellFilters,
} from '../../features/live-map/wellQuery';

// Leaflet and supercluster come with the map's own chunk; the filters and notices work before it.
const LiveMapCanvas = lazy(() => import('../../features/live-map/LiveMapCanvas'));

const MAP_BOX = 'h-[60vh] min-h-[320px]';
/** The first box asked, before the map has measured itself: about the upazila around the office. */
const FIRST_BOX_M = 6000;
const FIRST_ZOOM = 12;
const COUNTRY_CENTRE = { latitude: 23.7, longitude: 90.35 };

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
 * /admin-page/live-map (spec 2 §2 "live-map"; docs/decisions/029-map-picker-and-live-map.md): every
 * well of the visible area from GET /api/staff/map/wells, coloured by state, filtered by state
 * (the legend's boxes), kind and union, clustered when zoomed out, with a notice when the answer
 * was cut at its limit.
 */
export default function LiveMap() {
  const t = useT();
  const { locale } = useLocale();
  const { me } = useMe();
  const { data: settings, loading: settingsLoading } = usePublicSettings();
  const { data: localities } = useLocalities();
  const office = settings ? { latitude: settings.officeLatitude, longitude: settings.officeLongitude } : null;
  const centre = office ?? COUNTRY_CENTRE;

  const [filters, setFilters] = useState<WellFilters>({ states: MAP_STATES, kind: '', union: '' });
  const [view, setView] = useState<{ bbox: Bbox; zoom: number } | null>(null);
  const bbox = view?.bbox ?? (office ? boxAround(office, FIRST_BOX_M) : null);
  const zoom = view?.zoom ?? FIRST_ZOOM;
  const url = bbox && filters.states.length > 0 ? wellsUrl(bbox, filters, MAP_STATES) : null;
  const wells = useWells(url);
  const features = useMemo(() => wells.data?.features ?? [], [wells.data]);

  const onView = useCallback((next: Bbox, z: number) => {
    // A map not yet laid out (zero size) has an empty box: keep the one we have.
    if (isUsableBbox(next)) setView({ bbox: next, zoom: z });
  }, []);
  const toggleState = (s: MapState) =>
    setFilters((f) => ({
      ...f,
      states: f.states.includes(s)
        ? f.states.filter((x) => x !== s)
        : MAP_STATES.filter((x) => x === s || f.states.includes(x)),
    }));

  return (
    <div className="space-y-3">
      <h1 className={ui.h1}>{t('map.live.title')}</h1>

      <div aria-live="polite" className="space-y-2">
        {wells.failed ? (
          <p role="alert" className={ui.alertError}>
            {t('map.live.failed')}
          </p>
        ) : wells.loading ? (
          <p role="status" className="text-gray-600">
            {t('map.live.loading')}
          </p>
        ) : (
          wells.data && (
            <p className="text-gray-700">{t('map.live.count', { count: localDigits(features.length, locale) })}</p>
          )
        )}
        {wells.data?.truncated && (
          <p role="status" className="rounded border border-amber-400 bg-amber-50 p-2 font-semibold text-amber-900">
            {t('map.live.truncated')}
          </p>
        )}
        {zoom < DETAIL_ZOOM && <p className="text-sm text-gray-600">{t('map.live.circles')}</p>}
      </div>

      {!settings && settingsLoading ? (
        <Placeholder text={t('map.loading')} />
      ) : (
        <ChunkBoundary fallback={<Placeholder text={t('map.live.unavailable')} failed />}>
          <Suspense fallback={<Placeholder text={t('map.loading')} />}>
            <div className={MAP_BOX}>
              <LiveMapCanvas
                center={[centre.latitude, centre.longitude]}
                zoom={office ? FIRST_ZOOM : 7}
                features={features}
                role={me?.role}
                onView={onView}
              />
            </div>
          </Suspense>
        </ChunkBoundary>
      )}

      <fieldset className="rounded border border-gray-200 bg-white p-3">
        <legend className="px-1 font-bold">{t('map.live.legend')}</legend>
        <p className="text-sm text-gray-600">{t('map.live.legendHint')}</p>
        <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-4">
          {MAP_STATES.map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                checked={filters.states.includes(s)}
                onChange={() => toggleState(s)}
                className="h-5 w-5 shrink-0"
              />
              <span
                aria-hidden="true"
                className="inline-block h-4 w-4 shrink-0 rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.45)]"
                style={{ background: STATE_COLOURS[s] }}
              />
              <span>{t(`map.state.${s}` as MessageKey)}</span>
            </label>
          ))}
        </div>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="live-kind" className={ui.label}>
              {t('map.live.kind')}
            </label>
            <select
              id="live-kind"
              value={filters.kind}
              onChange={(e) => setFilters((f) => ({ ...f, kind: e.target.value as RequestKind | '' }))}
              className={ui.input}
            >
              <option value="">{t('map.live.allKinds')}</option>
              {REQUEST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`staff.kind.${k}` as MessageKey)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="live-union" className={ui.label}>
              {t('map.live.union')}
            </label>
            <select
              id="live-union"
              value={filters.union}
              onChange={(e) => setFilters((f) => ({ ...f, union: e.target.value }))}
              className={ui.input}
            >
              <option value="">{t('map.live.allUnions')}</option>
              {localities?.unions.map((u) => (
                <option key={u.id} value={u.name}>
                  {u.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      <p className="text-sm text-gray-600">{t('map.live.intro')}</p>
    </div>
  );
}
