import type { map as bn } from '../bn/map.js';

/** English messages: the location picker, the live map, the siting panel and the tile settings. Same keys as ../bn/map.ts. */
export const map: Record<keyof typeof bn, string> = {
  'map.picker.label': 'Map to choose the well’s location',
  'map.picker.hint': 'Tap the map to place the pin, drag the pin to move it, or type the latitude and longitude below.',
  'map.picker.useMyLocation': 'Use my location',
  'map.picker.locating': 'Finding the location…',
  'map.picker.accuracy': 'Location placed (accurate to about {metres} m).',
  'map.picker.poorAccuracy':
    'Careful: accurate only to about {metres} m, worse than 30 m. Try again under open sky, or drag the pin to the right place.',
  'map.picker.outside':
    'This position is outside Bangladesh, so it was not taken. Give the well’s place in Bangladesh.',
  'map.picker.current': 'Position placed: latitude {lat}, longitude {lng}',
  'map.picker.none': 'No position placed yet.',
  'map.picker.pin': 'The well’s pin',
  'map.loading': 'Map loading…',
  'map.unavailable':
    'The map could not open (no connection). Type the latitude and longitude; the form does not depend on the map.',

  'map.menu.liveMap': 'Live map',
  'map.live.title': 'Live map of the wells',
  'map.live.intro': 'Move or zoom the map to see the wells of that area. Tap a well to see its details.',
  'map.live.legend': 'States by colour',
  'map.live.legendHint': 'Tick the ones to show.',
  'map.live.kind': 'Request kind',
  'map.live.allKinds': 'All kinds',
  'map.live.union': 'Union',
  'map.live.allUnions': 'All unions',
  'map.live.loading': 'Loading the wells…',
  'map.live.failed': 'Could not load the wells. Check the connection and try again.',
  'map.live.count': '{count} wells in this area',
  'map.live.clustered':
    'Many wells in this area, so nearby wells are counted together. Tap a number or zoom in to see each well on its own.',
  'map.live.circles': 'Zoom in further to see each well’s command area as a circle.',
  'map.live.well': '{name}, application {number}: {state}',
  'map.live.cluster': '{count} wells; tap to zoom in',
  'map.live.application': 'Application no. {number}',
  'map.live.licence': 'Licence no. {number}',
  'map.live.open': 'Open the application',
  'map.live.openLicence': 'Open the licence',
  'map.live.unavailable': 'The map could not open (no connection). Open the page again when the connection is back.',
  'map.state.pending': 'Pending',
  'map.state.approved': 'Approved',
  'map.state.testing': 'Testing licence',
  'map.state.active': 'Active licence',
  'map.state.expired': 'Expired',
  'map.state.suspended': 'Suspended',
  'map.state.declined': 'Declined',

  // The live map's visits layer (docs/decisions/035-live-map-clusters-and-visits.md).
  'map.visits.toggle': 'Visits',
  'map.visits.hint': 'Show where, when and by whom each field visit was made (the circle is the phone’s accuracy).',
  'map.visits.loading': 'Loading the visits…',
  'map.visits.failed': 'Could not load the visits. Check the connection and try again.',
  'map.visits.count': '{count} visits in this area',
  'map.visits.truncated': 'Many visits here; the newest {count} are shown. Zoom in to see all.',
  'map.visits.title': 'Visit: application no. {number}',
  'map.visits.by': '{officer}, {time}',
  'map.visits.decision': 'Decision: {decision}',
  'map.visits.noDecision': 'No decision was taken on this visit',
  'map.visits.accuracy': 'Position accurate to ± {metres} m',
  'map.visits.photos': '{count} photos',
  'map.visits.receiving': 'photos still arriving',
  'map.visits.open': 'Open the application',

  'map.siting.title': 'Licensed wells nearby',
  'map.siting.loading': 'Looking for wells nearby…',
  'map.siting.failed':
    'Could not check the wells nearby (no connection, or the server did not answer). The form can still be filled and sent.',
  'map.siting.noPosition': 'This application has no well position, so the wells nearby could not be checked.',
  'map.siting.none': 'No licensed well within {metres} m.',
  'map.siting.inside':
    'Warning: this well stands inside the command area of licence no. {licence} ({name}); {distance} m away.',
  'map.siting.overlaps':
    'Note: this well’s command area overlaps that of licence no. {licence} ({name}); {distance} m away.',
  'map.siting.row': 'Licence no. {licence}, {name}',
  'map.siting.distance': '{distance} m away',
  'map.siting.insideTag': 'inside its command area',
  'map.siting.overlapsTag': 'command areas overlap',
  'map.siting.more': '{count} more wells further away',
  'map.siting.onMap': 'These wells and their command areas are drawn on the map below.',

  'map.settings.group': 'Map',
  'map.settings.tileUrl': 'Map tile address',
  'map.settings.tileUrlHint': 'Starts with https://, or with / for a path on this site; must contain {z}, {x} and {y}.',
  'map.settings.tileAttribution': 'Map source attribution',
  'map.v.tileUrl': 'The tile address must start with https:// or with / (this site) and contain {z}, {x} and {y}.',
};
