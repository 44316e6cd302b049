import 'leaflet/dist/leaflet.css';
import '../map/leaflet-a11y.css';
import { useMemo } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Popup } from 'react-leaflet';
import { imageUrl } from '@portal/shared/content-urls';
import { MapLabel } from '../map/MapLabel';
import { useMapSettings } from '../map/tiles';
import { SiteTileLayer } from '../map/SiteTileLayer';
import type { GeoMapItem } from './geoMapTypes';

/**
 * The pin of a GEO item: an inline SVG (nothing to fetch, so it shows with no tiles and offline)
 * in a 44 px box, a thumb's width.
 */
const PIN = L.divIcon({
  className: 'geo-pin',
  html: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 44 44" width="44" height="44" aria-hidden="true"><path d="M22 42c0 0-13-14.5-13-24a13 13 0 0 1 26 0c0 9.5-13 24-13 24z" fill="#1d4ed8" stroke="#fff" stroke-width="2.5"/><rect x="15" y="12" width="14" height="11" rx="2" fill="#fff"/><circle cx="22" cy="17.5" r="3" fill="#1d4ed8"/></svg>',
  iconSize: [44, 44],
  iconAnchor: [22, 42],
  popupAnchor: [0, -40],
});

/**
 * The GEO database on a map (docs/decisions/034-geo-database-map.md; a lazy chunk with Leaflet that
 * only /geo-db loads): a pin per item with a place; a tap opens the photo's thumbnail, which opens
 * the full picture. The first view holds every pin. With no tiles (offline, a blocked tile server)
 * Leaflet still draws the pins on a grey ground.
 */
export default function GeoItemsMap({
  items,
  label,
  openLabel,
  className,
}: {
  items: readonly GeoMapItem[];
  label: string;
  openLabel: string;
  className: string;
}) {
  const { tiles } = useMapSettings();
  const bounds = useMemo(
    () => L.latLngBounds(items.map((i) => [i.latitude, i.longitude] as [number, number])),
    [items],
  );
  return (
    <MapContainer
      bounds={bounds}
      // Room above each point for its 44 px pin.
      boundsOptions={{ paddingTopLeft: [30, 56], paddingBottomRight: [30, 16], maxZoom: 14 }}
      scrollWheelZoom={false}
      className={`${className} w-full rounded-lg border border-gray-200`}
    >
      <MapLabel label={label} />
      <SiteTileLayer tiles={tiles} />
      {items.map((item) => (
        <Marker key={item.id} position={[item.latitude, item.longitude]} icon={PIN} title={item.label} alt={item.label}>
          <Popup minWidth={200} maxWidth={220}>
            <a href={imageUrl(item.id, 'full')} target="_blank" rel="noopener noreferrer" className="block">
              <img
                src={imageUrl(item.id, 'thumb')}
                alt={item.label}
                width={200}
                height={150}
                className="h-[150px] w-[200px] rounded object-cover"
              />
              <span className="mt-1 block font-semibold">{openLabel}</span>
            </a>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
