import type { mapServer as bn } from '../bn/map-server.js';

/** English messages of the live map's and the siting check's API. Same keys as ../bn/map-server.ts. */
export const mapServer: Record<keyof typeof bn, string> = {
  'map.v.bbox':
    'The map area was not understood (it needs four numbers: west, south, east, north). Move the map a little and try again.',
  'map.v.states': 'The list of well states has an unknown state. Choose the filter again.',
  'map.v.kinds': 'The list of application kinds has an unknown kind. Choose the filter again.',
  'map.v.union': 'The union name is not valid: type only the name, in at most 100 characters.',
  'map.v.zoom': 'The map zoom was not understood (it needs a whole number from 0 to 22). Open the page again.',
};
