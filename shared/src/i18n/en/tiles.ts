import type { tiles as bn } from '../bn/tiles.js';

/** English texts of the map tile archive and its setting. Same keys as ../bn/tiles.ts. */
export const tiles: Record<keyof typeof bn, string> = {
  'tiles.badAddress': 'Bad tile address: /tiles/{z}/{x}/{y}.png with z at most 26 and x, y below 2^z.',
  'tiles.notFound': 'This tile is not in the map archive.',
  'tiles.unreadable': 'The map archive cannot be read now.',
  'tiles.settings.packable': 'This tile server allows tiles to be downloaded in advance for offline use',
  'tiles.settings.packableHint': 'Tick only if the server’s owner allows it. The public OpenStreetMap server does not.',
};
