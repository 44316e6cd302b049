import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { can } from '@portal/shared/access';
import { MAP_STATES, MAP_VISIT_LIMIT, type MapState, type VisitCollection } from '@portal/shared/schemas/map';
import { REQUEST_KINDS, type RequestKind } from '@portal/shared/kinds/slots';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useLocale, useT } from '../../i18n/locale';
import { useLocalities, usePublicSettings } from '../../offline/cached';
import { useMe } from '../../features/staff/useMe';
import { ui } from '../../features/staff/ui';
import { ChunkBoundary } from '../../features/home/WhenVisible';
import { localDigits } from '../../features/review/format';
import { VISIT_COLOUR } from '../../features/map/mapColours';
import { rememberView, useStartView } from '../../features/live-map/startView';
import { StateBoxes, toggledStates } from '../../features/live-map/StateBoxes';
import { WellsStatus } from '../../features/live-map/WellsStatus';
import {
  bboxParam,
  DETAIL_ZOOM,
  isUsableBbox,
  useLayer,
  useWells,
  wellsUrl,
  type Bbox,
  type WellFilters,
} from '../../features/live-map/wellQuery';

// Leaflet and supercluster come with the map's own chunk; the filters and notices work before it.
const LiveMapCanvas = lazy(() => import('../../features/live-map/LiveMapCanvas'));

const MAP_BOX = 'h-[60vh] min-h-[320px]';
const NO_VISITS: VisitCollection = { type: 'FeatureCollection', features: [], truncated: false };

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
 * /admin-page/live-map (spec 2 §2 "live-map"; docs/decisions/029-map-picker-and-live-map.md,
 * 035-live-map-clusters-and-visits.md): every well of the visible area from GET
 * /api/staff/map/wells, coloured by state, filtered by state (the legend's boxes), kind and union;
 * clusters counted by the server when the area holds more than one answer carries, else grouped
 * here when zoomed out. It opens where it was left, else on the office's wells. The visits layer
 * ("পরিদর্শন") shows where each field visit was recorded, for the roles that read visits.
 */
export default function LiveMap() {
  const t = useT();
  const { locale } = useLocale();
  const { me } = useMe();
  const { data: settings, loading: settingsLoading } = usePublicSettings();
  const { data: localities } = useLocalities();
  const office = settings ? { latitude: settings.officeLatitude, longitude: settings.officeLongitude } : null;
  const start = useStartView(office, !!settings || !settingsLoading);
  const mayReadVisits = !!me?.role && can(me.role, 'fieldVisits.read');

  const [filters, setFilters] = useState<WellFilters>({ states: MAP_STATES, kind: '', union: '' });
  const [showVisits, setShowVisits] = useState(false);
  const [view, setView] = useState<{ bbox: Bbox; zoom: number } | null>(null);
  // Until the map has measured itself, the start's box (a remembered view's, the wells' extent, the office's).
  const bbox = view?.bbox ?? start?.bbox;
  const zoom = view?.zoom ?? (start?.kind === 'view' ? start.zoom : null);
  const url = !bbox ? undefined : filters.states.length > 0 ? wellsUrl(bbox, filters, MAP_STATES, zoom) : null;
  const wells = useWells(url);
  const features = useMemo(() => wells.data?.features ?? [], [wells.data]);
  const visitsUrl =
    mayReadVisits && showVisits ? (bbox ? `/api/staff/map/visits?bbox=${bboxParam(bbox)}` : undefined) : null;
  const visits = useLayer(visitsUrl, NO_VISITS);

  const onView = useCallback((next: Bbox, z: number, center: [number, number]) => {
    // A map not yet laid out (zero size) has an empty box: keep the one we have.
    if (!isUsableBbox(next)) return;
    setView({ bbox: next, zoom: z });
    rememberView(center, z, next);
  }, []);
  const toggleState = (s: MapState) => setFilters((f) => ({ ...f, states: toggledStates(f.states, s) }));

  return (
    <div className="space-y-3">
      <h1 className={ui.h1}>{t('map.live.title')}</h1>

      <div aria-live="polite" className="space-y-2">
        <WellsStatus wells={wells} />
        {(zoom ?? 0) < DETAIL_ZOOM && <p className="text-sm text-gray-600">{t('map.live.circles')}</p>}
        {visitsUrl !== null &&
          (visits.failed ? (
            <p role="alert" className={ui.alertError}>
              {t('map.visits.failed')}
            </p>
          ) : visits.loading ? (
            <p role="status" className="text-gray-600">
              {t('map.visits.loading')}
            </p>
          ) : (
            visits.data && (
              <p className="text-gray-700">
                {visits.data.truncated
                  ? t('map.visits.truncated', { count: localDigits(MAP_VISIT_LIMIT, locale) })
                  : t('map.visits.count', { count: localDigits(visits.data.features.length, locale) })}
              </p>
            )
          ))}
      </div>

      {!start ? (
        <Placeholder text={t('map.loading')} />
      ) : (
        <ChunkBoundary fallback={<Placeholder text={t('map.live.unavailable')} failed />}>
          <Suspense fallback={<Placeholder text={t('map.loading')} />}>
            <div className={MAP_BOX}>
              <LiveMapCanvas
                start={start}
                features={features}
                visits={visitsUrl !== null ? (visits.data?.features ?? null) : null}
                role={me?.role}
                onView={onView}
              />
            </div>
          </Suspense>
        </ChunkBoundary>
      )}

      {mayReadVisits && (
        <div className="rounded border border-gray-200 bg-white p-3">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={showVisits}
              onChange={(e) => setShowVisits(e.target.checked)}
              aria-describedby="live-visits-hint"
              className="h-5 w-5 shrink-0"
            />
            <span
              aria-hidden="true"
              className="mx-0.5 inline-block h-3.5 w-3.5 shrink-0 rotate-45 border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.45)]"
              style={{ background: VISIT_COLOUR }}
            />
            <span className="font-bold">{t('map.visits.toggle')}</span>
          </label>
          <p id="live-visits-hint" className="text-sm text-gray-600">
            {t('map.visits.hint')}
          </p>
        </div>
      )}

      <fieldset className="rounded border border-gray-200 bg-white p-3">
        <legend className="px-1 font-bold">{t('map.live.legend')}</legend>
        <p className="text-sm text-gray-600">{t('map.live.legendHint')}</p>
        <StateBoxes states={filters.states} onToggle={toggleState} />
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
