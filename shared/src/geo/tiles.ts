/**
 * The map tile source every map of the portal draws (docs/decisions/029-map-picker-and-live-map.md).
 * It is a site setting so that an office can move to another tile server (or its own copy under
 * a path of this site) without a new version; the defaults are OpenStreetMap's standard tiles.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * An https address or a path on this site ("/tiles/{z}/{x}/{y}.png"), with {z}, {x} and {y}.
 * Plain http would be blocked as mixed content on the https portal and leaks where officers look;
 * "//host" is another site in disguise; quotes, spaces and angle brackets have no place in a URL
 * that Leaflet puts into an <img>.
 */
export function isTileUrl(value: string): boolean {
  if (/[\s"'<>\\`]/.test(value)) return false;
  if (!['{z}', '{x}', '{y}'].every((p) => value.includes(p))) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https:\/\/[^/?#@]+\/./.test(value);
}
