import type { geoItems as bn } from '../bn/geoItems.js';

/** English messages: the GEO database's places and map (docs/decisions/034-geo-database-map.md). */
export const geoItems = {
  'problem.GEO_OUTSIDE_BANGLADESH':
    'This place is outside Bangladesh, so it was not taken. Give a latitude and longitude inside Bangladesh, e.g. 24.6930, 88.1660.',
  'geoItems.v.bothOrNone': 'Give both latitude and longitude, or leave both empty.',
  'geoItems.v.onlyGeo': 'Only GEO special database pictures can have a place.',
  'geoItems.position.legend': 'Place of the picture (optional)',
  'geoItems.position.hint':
    "Latitude and longitude may be typed in Latin or Bangla digits. Left empty, the photo's GPS data is used when it has some.",
  'geoItems.latitude': 'Latitude',
  'geoItems.longitude': 'Longitude',
  'geoItems.uploaded.exif':
    'The place was read from the photo\'s GPS data: {lat}, {lng}. If it is wrong, press "Change place" on its card.',
  'geoItems.card.position': 'Place: {lat}, {lng}',
  'geoItems.card.none': 'No place given',
  'geoItems.card.edit': 'Change place',
  'geoItems.card.add': 'Give a place',
  'geoItems.dialog.title': 'Place of the picture',
  'geoItems.dialog.save': 'Save',
  'geoItems.dialog.clear': 'Remove the place',
  'geoItems.dialog.cancel': 'Cancel',
  'geoItems.dialog.saving': 'Saving…',
  'geoItems.dialog.saved': 'Place saved',
  'geoItems.dialog.cleared': 'Place removed',
  'geoItems.dialog.failed': 'The place could not be saved: {message}',
  'geoItems.map.label': 'Map of the places of the GEO special database pictures',
  'geoItems.map.loading': 'Map is loading…',
  'geoItems.map.unavailable': 'The map could not be opened (no connection). All pictures are below.',
  'geoItems.map.count': '{n} pictures are on the map; tap a pin to see the picture.',
  'geoItems.map.marker': 'Place of picture {n}',
  'geoItems.map.open': 'Open the picture large',
} as const satisfies Record<keyof typeof bn, string>;
