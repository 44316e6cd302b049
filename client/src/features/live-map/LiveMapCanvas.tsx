import 'leaflet/dist/leaflet.css';
import '../map/leaflet-a11y.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import { Link } from 'react-router-dom';
import { Circle, MapContainer, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
// The field pack's tiles first, then the network (docs/decisions/031-field-pack.md).
import { PackTiles } from '../field-pack/PackTiles';
import type { StaffRole } from '@portal/shared/constants';
import type { Locale, MessageKey } from '@portal/shared/i18n/index';
import {
  MAP_STATES,
  type MapFeature,
  type StateCounts,
  type VisitFeature,
  type WellFeatureProperties,
} from '@portal/shared/schemas/map';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from '../review/format';
import { STATE_COLOURS } from '../map/mapColours';
import { MapLabel } from '../map/MapLabel';
import { useMapSettings } from '../map/tiles';
import { clusterIndex, DETAIL_ZOOM, type MapItem } from './clusters';
import { wellLink } from './detailLink';
import type { StartView } from './startView';
import { VisitLayer } from './VisitLayer';
import type { Bbox } from './wellQuery';

export interface LiveMapCanvasProps {
  /** Where the map opens: a view, or a box to fit (docs/decisions/035-live-map-clusters-and-visits.md). */
  start: StartView;
  features: readonly MapFeature[];
  /** The visits layer, when it is switched on. */
  visits: readonly VisitFeature[] | null;
  role: StaffRole | null | undefined;
  /** The visible box, zoom and centre, on load and after every pan or zoom. */
  onView: (bbox: Bbox, zoom: number, center: [number, number]) => void;
  /** The area map's wells are of several offices: each well's office name, in its popup and its marker's name. */
  officeOf?: (well: WellFeatureProperties) => string | undefined;
  /** The map's accessible name; the office map's title by default. */
  label?: string;
}

/** The closest zoom a cluster's tap goes to (the tile layer's own limit). */
const MAX_TAP_ZOOM = 19;

const boxOf = (map: L.Map): Bbox => {
  const b = map.getBounds();
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
};

function ViewWatcher({ onView }: { onView: LiveMapCanvasProps['onView'] }) {
  const map = useMap();
  const report = useCallback(() => {
    const c = map.getCenter();
    onView(boxOf(map), map.getZoom(), [c.lat, c.lng]);
  }, [map, onView]);
  useMapEvents({ moveend: report });
  useEffect(report, [report]);
  return null;
}

// Each well is a 44 px touch target around a coloured dot (docs/decisions/018-service-targets.md habits).
/**
 * A name for every well marker (a screen reader, a voice user): the holder, the number and the
 * state its colour shows, even where the holder's name is empty.
 */
export function wellMarkerName(
  well: Pick<WellFeatureProperties, 'name' | 'applicationNumber' | 'state'>,
  t: ReturnType<typeof useT>,
  locale: Locale,
): string {
  return t('map.live.well', {
    name: well.name || '—',
    number: localDigits(well.applicationNumber, locale),
    state: t(`map.state.${well.state}` as MessageKey),
  });
}

const wellIcons = new Map<string, L.DivIcon>();
function wellIcon(colour: string): L.DivIcon {
  let icon = wellIcons.get(colour);
  if (!icon) {
    icon = L.divIcon({
      className: 'live-well',
      html: `<span style="display:block;width:18px;height:18px;margin:13px;border-radius:50%;background:${colour};border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.45)"></span>`,
      iconSize: [44, 44],
      iconAnchor: [22, 22],
      popupAnchor: [0, -10],
    });
    wellIcons.set(colour, icon);
  }
  return icon;
}

/** The ring around a server cluster: each state's share of its wells in the legend's colour. */
function stateRing(states: StateCounts, count: number): string {
  let at = 0;
  const stops = MAP_STATES.filter((s) => states[s] > 0).map((s) => {
    const from = at;
    at += (states[s] / count) * 100;
    return `${STATE_COLOURS[s]} ${from.toFixed(2)}% ${at.toFixed(2)}%`;
  });
  return stops.length ? `conic-gradient(${stops.join(',')})` : '#fff';
}

/**
 * A cluster: its count in a circle that grows with it; a server cluster (decision 035) has a ring
 * of its states' colours. Our own digits and colours only, never a record's text.
 */
function clusterIcon(count: number, digits: string, states?: StateCounts): L.DivIcon {
  const size = count < 100 ? 44 : count < 1000 ? 52 : count < 10000 ? 60 : 68;
  const ring = states ? stateRing(states, count) : '#fff';
  return L.divIcon({
    className: 'live-cluster',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:${ring};box-shadow:0 0 0 1px rgba(0,0,0,.35)"><span style="display:flex;align-items:center;justify-content:center;width:${size - 8}px;height:${size - 8}px;border-radius:50%;background:rgba(22,101,52,.92);color:#fff;font-weight:700">${digits}</span></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** A tap on a cluster: the map fits its wells' box, at least one zoom closer; else supercluster's zoom. */
function zoomInto(map: L.Map, item: Extract<MapItem, { kind: 'cluster' }>) {
  if (!item.bbox) {
    map.setView([item.latitude, item.longitude], item.expansionZoom);
    return;
  }
  const [w, s, e, n] = item.bbox;
  const bounds = L.latLngBounds([s, w], [n, e]);
  const fit = map.getBoundsZoom(bounds, false, L.point(40, 40));
  const zoom = Math.min(MAX_TAP_ZOOM, Math.max(fit, map.getZoom() + 1));
  map.setView(bounds.getCenter(), zoom);
}

function WellPopup({
  well,
  role,
  office,
}: {
  well: WellFeatureProperties;
  role: LiveMapCanvasProps['role'];
  office?: string;
}) {
  const t = useT();
  const { locale } = useLocale();
  const link = wellLink(well, role);
  return (
    <div className="space-y-1 text-sm">
      <div className="text-base font-bold">{well.name}</div>
      {office && <div className="font-semibold">{office}</div>}
      <div>{t('map.live.application', { number: localDigits(well.applicationNumber, locale) })}</div>
      {well.licenceNumber !== null && (
        <div>{t('map.live.licence', { number: localDigits(well.licenceNumber, locale) })}</div>
      )}
      <div>
        <span
          className="me-1 inline-block h-3 w-3 rounded-full align-middle"
          style={{ background: STATE_COLOURS[well.state] }}
        />
        {t(`map.state.${well.state}` as MessageKey)} · {t(`staff.kind.${well.kind}` as MessageKey)}
      </div>
      {well.union && <div>{well.union}</div>}
      {link && (
        <Link to={link.to} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          {t(link.licence ? 'map.live.openLicence' : 'map.live.open')}
        </Link>
      )}
    </div>
  );
}

function Wells({ features, role, officeOf }: Pick<LiveMapCanvasProps, 'features' | 'role' | 'officeOf'>) {
  const t = useT();
  const { locale } = useLocale();
  const map = useMap();
  const [view, setView] = useState<{ bbox: Bbox; zoom: number }>(() => ({ bbox: boxOf(map), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ bbox: boxOf(map), zoom: map.getZoom() }) });
  const items = useMemo(() => clusterIndex(features), [features]);
  const visible = useMemo(() => items(view.bbox, view.zoom), [items, view]);
  const detailed = view.zoom >= DETAIL_ZOOM;
  return (
    <>
      {visible.map((item) =>
        item.kind === 'cluster' ? (
          <Marker
            key={item.id}
            position={[item.latitude, item.longitude]}
            icon={clusterIcon(item.count, localDigits(item.count, locale), item.states)}
            title={t('map.live.cluster', { count: localDigits(item.count, locale) })}
            eventHandlers={{ click: () => zoomInto(map, item) }}
          />
        ) : (
          <Marker
            key={item.well.applicationId}
            position={[item.latitude, item.longitude]}
            icon={wellIcon(STATE_COLOURS[item.well.state])}
            title={[wellMarkerName(item.well, t, locale), officeOf?.(item.well)].filter(Boolean).join(' · ')}
          >
            <Popup>
              <WellPopup well={item.well} role={role} office={officeOf?.(item.well)} />
            </Popup>
          </Marker>
        ),
      )}
      {detailed &&
        visible.map((item) =>
          item.kind === 'well' && item.well.radiusM ? (
            <Circle
              key={`a${item.well.applicationId}`}
              center={[item.latitude, item.longitude]}
              radius={item.well.radiusM}
              interactive={false}
              pathOptions={{ color: STATE_COLOURS[item.well.state], weight: 1, fillOpacity: 0.08 }}
            />
          ) : null,
        )}
    </>
  );
}

/**
 * The live map's Leaflet part (a lazy chunk with Leaflet and supercluster; docs/decisions/029-map-picker-and-live-map.md,
 * 035-live-map-clusters-and-visits.md): the wells of the answer, or the server's clusters of them,
 * clustered here too when zoomed out, each coloured by state with its command area from DETAIL_ZOOM
 * on and a popup linking to its application or licence; and the visits layer when it is on.
 */
export default function LiveMapCanvas({ start, features, visits, role, onView, officeOf, label }: LiveMapCanvasProps) {
  const { tiles } = useMapSettings();
  const t = useT();
  const placed =
    start.kind === 'fit'
      ? { bounds: L.latLngBounds([start.bbox[1], start.bbox[0]], [start.bbox[3], start.bbox[2]]) }
      : { center: start.center, zoom: start.zoom };
  return (
    <MapContainer {...placed} className="h-full w-full rounded border border-gray-300">
      <MapLabel label={label ?? t('map.live.title')} />
      <PackTiles url={tiles.url} attribution={tiles.attribution} maxNativeZoom={tiles.maxNativeZoom} />
      <ViewWatcher onView={onView} />
      <Wells features={features} role={role} officeOf={officeOf} />
      {visits && <VisitLayer visits={visits} role={role} />}
    </MapContainer>
  );
}
