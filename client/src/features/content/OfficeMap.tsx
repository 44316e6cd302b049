import 'leaflet/dist/leaflet.css';
import '../map/leaflet-a11y.css';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, Popup } from 'react-leaflet';
import { useMapSettings } from '../map/tiles';
import { SiteTileLayer } from '../map/SiteTileLayer';

/**
 * The Leaflet map (its own lazy chunk; only /lh-map imports it). The marker images are imported
 * explicitly: Leaflet's default icon guesses its URL from the CSS, which breaks under Vite
 * (docs/decisions/018-service-targets.md).
 */
const officeIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export default function OfficeMap({
  latitude,
  longitude,
  label,
  className,
}: {
  latitude: number;
  longitude: number;
  label: string;
  className: string;
}) {
  // The tile source is a site setting, like every map's (docs/decisions/029-map-picker-and-live-map.md).
  const { tiles } = useMapSettings();
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={14}
      scrollWheelZoom={false}
      className={`${className} w-full rounded-lg`}
    >
      <SiteTileLayer tiles={tiles} />
      <Marker position={[latitude, longitude]} icon={officeIcon}>
        <Popup>{label}</Popup>
      </Marker>
    </MapContainer>
  );
}
