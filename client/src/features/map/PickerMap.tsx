import 'leaflet/dist/leaflet.css';
import './leaflet-a11y.css';
import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { Circle, CircleMarker, MapContainer, Marker, Tooltip, useMap, useMapEvents } from 'react-leaflet';
// The field pack's tiles first, then the network (docs/decisions/031-field-pack.md).
import { PackTiles } from '../field-pack/PackTiles';
import { MapLabel } from './MapLabel';
import { useMapSettings } from './tiles';
import type { PickerMapProps } from './pickerTypes';
import { wellColour } from './mapColours';

/**
 * The well's pin: an inline SVG (no picture to fetch, so it shows offline) in a 44 px box, the
 * smallest comfortable touch target for dragging it with a thumb.
 */
function pinIcon(label: string): L.DivIcon {
  return L.divIcon({
    className: 'well-pin',
    html: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 44 44" width="44" height="44" role="img" aria-label="${label.replace(/[&<>"']/g, '')}"><path d="M22 42c0 0-13-14.5-13-24a13 13 0 0 1 26 0c0 9.5-13 24-13 24z" fill="#b91c1c" stroke="#fff" stroke-width="2.5"/><circle cx="22" cy="18" r="5" fill="#fff"/></svg>`,
    iconSize: [44, 44],
    iconAnchor: [22, 42],
  });
}

const COUNTRY_ZOOM = 7;
const OFFICE_ZOOM = 13;
const PIN_ZOOM = 16;

/** Taps on the map place the pin (a tap, not a drag of the map: Leaflet's click already tells them apart). */
function TapToPlace({ onPick, disabled }: Pick<PickerMapProps, 'onPick' | 'disabled'>) {
  useMapEvents({
    click: (e) => {
      if (!disabled) onPick(e.latlng.lat, e.latlng.lng);
    },
  });
  return null;
}

/** A position typed or taken by GPS that is off the screen brings the map to it; a tap or drag is already in view. */
function FollowPosition({ position }: Pick<PickerMapProps, 'position'>) {
  const map = useMap();
  const lat = position?.latitude;
  const lng = position?.longitude;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const p = L.latLng(lat, lng);
    if (!map.getBounds().pad(-0.1).contains(p)) map.setView(p, Math.max(map.getZoom(), PIN_ZOOM - 1));
  }, [map, lat, lng]);
  return null;
}

/** The office's place arrives after the map opened with no pin: go there (the first view was the whole country). */
function FollowOffice({
  office,
  hasPosition,
}: {
  office: { latitude: number; longitude: number } | null;
  hasPosition: boolean;
}) {
  const map = useMap();
  const lat = office?.latitude;
  const lng = office?.longitude;
  const moved = useRef(hasPosition);
  useEffect(() => {
    if (lat === undefined || lng === undefined || moved.current) return;
    moved.current = true;
    map.setView([lat, lng], OFFICE_ZOOM);
  }, [map, lat, lng]);
  return null;
}

/**
 * The picker's map (a lazy chunk with Leaflet). With no tiles (offline, a blocked server) Leaflet
 * still draws the pin, the circles and the nearby wells on a grey ground, and the coordinates are
 * in the form's boxes, so nothing depends on the tiles.
 */
export default function PickerMap({
  position,
  around,
  accuracy,
  radiusM,
  wells,
  marks,
  disabled,
  label,
  pinLabel,
  onPick,
}: PickerMapProps) {
  const { tiles, office } = useMapSettings();
  const markerRef = useRef<L.Marker>(null);
  // The first view: the well, else the place to look around, else the office, else the whole
  // country. Later moves are FollowPosition's.
  const first = position ?? around ?? null;
  const [center, zoom] = useMemo<[[number, number], number]>(
    () =>
      first
        ? [[first.latitude, first.longitude], PIN_ZOOM]
        : office
          ? [[office.latitude, office.longitude], OFFICE_ZOOM]
          : [[23.7, 90.35], COUNTRY_ZOOM],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first view
    [],
  );
  const icon = useMemo(() => pinIcon(pinLabel), [pinLabel]);

  return (
    <MapContainer
      center={center}
      zoom={zoom}
      scrollWheelZoom={false}
      className="h-full w-full rounded border border-gray-300"
    >
      <MapLabel label={label} />
      <PackTiles url={tiles.url} attribution={tiles.attribution} maxNativeZoom={tiles.maxNativeZoom} />
      <TapToPlace onPick={onPick} disabled={disabled} />
      <FollowPosition position={position} />
      <FollowOffice office={office} hasPosition={first !== null} />
      {wells?.map((w) => (
        <CircleMarker
          key={`${w.licenceId}-dot`}
          center={[w.latitude, w.longitude]}
          radius={7}
          pathOptions={{ color: '#fff', weight: 2, fillColor: wellColour(w), fillOpacity: 1 }}
        >
          <Tooltip>{w.name}</Tooltip>
        </CircleMarker>
      ))}
      {wells?.map((w) =>
        w.radiusM ? (
          <Circle
            key={`${w.licenceId}-area`}
            center={[w.latitude, w.longitude]}
            radius={w.radiusM}
            interactive={false}
            pathOptions={{ color: wellColour(w), weight: 1, fillOpacity: 0.08 }}
          />
        ) : null,
      )}
      {marks?.map((m, i) => (
        <CircleMarker
          key={`mark-${i}`}
          center={[m.latitude, m.longitude]}
          radius={m.tone === 'applicant' ? 8 : 5}
          pathOptions={{
            color: '#fff',
            weight: 2,
            fillColor: m.tone === 'applicant' ? '#ea580c' : '#7c3aed',
            fillOpacity: m.tone === 'applicant' ? 0.8 : 1,
          }}
        >
          <Tooltip>{m.label}</Tooltip>
        </CircleMarker>
      ))}
      {accuracy && (
        <Circle
          center={[accuracy.latitude, accuracy.longitude]}
          radius={accuracy.metres}
          interactive={false}
          pathOptions={{ color: '#2563eb', weight: 1, fillColor: '#3b82f6', fillOpacity: 0.15 }}
        />
      )}
      {position && radiusM ? (
        <Circle
          center={[position.latitude, position.longitude]}
          radius={radiusM}
          interactive={false}
          pathOptions={{ color: '#166534', weight: 1, dashArray: '4 4', fillOpacity: 0.05 }}
        />
      ) : null}
      {position && (
        <Marker
          ref={markerRef}
          position={[position.latitude, position.longitude]}
          icon={icon}
          draggable={!disabled}
          keyboard={false}
          title={pinLabel}
          alt={pinLabel}
          eventHandlers={{
            dragend: () => {
              const marker = markerRef.current;
              if (!marker) return;
              const p = marker.getLatLng();
              // Refused (outside Bangladesh): the pin goes back where the form says it is.
              if (!onPick(p.lat, p.lng)) marker.setLatLng([position.latitude, position.longitude]);
            },
          }}
        />
      )}
    </MapContainer>
  );
}
