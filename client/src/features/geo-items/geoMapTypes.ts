/** A GEO item on the public map: kept apart from GeoItemsMap so the page's own chunk needs no Leaflet. */
export interface GeoMapItem {
  id: string;
  latitude: number;
  longitude: number;
  /** The item's name for screen readers and the pin's tooltip ("photo 3"). */
  label: string;
}
