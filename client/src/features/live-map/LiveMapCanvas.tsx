import 'leaflet/dist/leaflet.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import { Link } from 'react-router-dom';
import { Circle, MapContainer, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
// The field pack's tiles first, then the network (docs/decisions/031-field-pack.md).
import { PackTiles } from '../field-pack/PackTiles';
import type { StaffRole } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { WellFeature, WellFeatureProperties } from '@portal/shared/schemas/map';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from '../review/format';
import { STATE_COLOURS } from '../map/mapColours';
import { MapLabel } from '../map/MapLabel';
import { useMapSettings } from '../map/tiles';
import { clusterIndex, DETAIL_ZOOM } from './clusters';
import { wellLink } from './detailLink';
import type { Bbox } from './wellQuery';

export interface LiveMapCanvasProps {
  center: [number, number];
  zoom: number;
  features: readonly WellFeature[];
  role: StaffRole | null | undefined;
  /** The visible box and zoom, on load and after every pan or zoom. */
  onView: (bbox: Bbox, zoom: number) => void;
}

const boxOf = (map: L.Map): Bbox => {
  const b = map.getBounds();
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
};

function ViewWatcher({ onView }: { onView: (bbox: Bbox, zoom: number) => void }) {
  const map = useMap();
  useMapEvents({ moveend: () => onView(boxOf(map), map.getZoom()) });
  useEffect(() => onView(boxOf(map), map.getZoom()), [map, onView]);
  return null;
}

// Each well is a 44 px touch target around a coloured dot (docs/decisions/018-service-targets.md habits).
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

/** A cluster: its count in a circle that grows with it (our own digits and text only, never a record's). */
function clusterIcon(count: number, digits: string): L.DivIcon {
  const size = count < 100 ? 44 : count < 1000 ? 52 : 60;
  return L.divIcon({
    className: 'live-cluster',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:rgba(22,101,52,.85);color:#fff;font-weight:700;border:3px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.35)">${digits}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

function WellPopup({ well, role }: { well: WellFeatureProperties; role: LiveMapCanvasProps['role'] }) {
  const t = useT();
  const { locale } = useLocale();
  const link = wellLink(well, role);
  return (
    <div className="space-y-1 text-sm">
      <div className="text-base font-bold">{well.name}</div>
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

function Wells({ features, role }: Pick<LiveMapCanvasProps, 'features' | 'role'>) {
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
            key={`c${item.id}`}
            position={[item.latitude, item.longitude]}
            icon={clusterIcon(item.count, localDigits(item.count, locale))}
            title={t('map.live.cluster', { count: localDigits(item.count, locale) })}
            eventHandlers={{ click: () => map.setView([item.latitude, item.longitude], item.expansionZoom) }}
          />
        ) : (
          <Marker
            key={item.well.applicationId}
            position={[item.latitude, item.longitude]}
            icon={wellIcon(STATE_COLOURS[item.well.state])}
            title={item.well.name}
          >
            <Popup>
              <WellPopup well={item.well} role={role} />
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
 * The live map's Leaflet part (a lazy chunk with Leaflet and supercluster; docs/decisions/029-map-picker-and-live-map.md):
 * the wells of the answer, clustered when zoomed out, each coloured by state with its command area
 * from DETAIL_ZOOM on, and a popup linking to its application or licence.
 */
export default function LiveMapCanvas({ center, zoom, features, role, onView }: LiveMapCanvasProps) {
  const { tiles } = useMapSettings();
  const t = useT();
  const report = useCallback((bbox: Bbox, z: number) => onView(bbox, z), [onView]);
  return (
    <MapContainer center={center} zoom={zoom} className="h-full w-full rounded border border-gray-300">
      <MapLabel label={t('map.live.title')} />
      <PackTiles url={tiles.url} attribution={tiles.attribution} />
      <ViewWatcher onView={report} />
      <Wells features={features} role={role} />
    </MapContainer>
  );
}
