import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** Names the map's box for screen readers (react-leaflet does not pass aria attributes to it). */
export function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const box = map.getContainer();
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}
