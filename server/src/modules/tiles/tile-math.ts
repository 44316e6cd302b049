/** The slippy-map (Web Mercator) tile holding a place at zoom z: the numbering every tile server uses. */
export function tileOf(lat: number, lon: number, z: number): { z: number; x: number; y: number } {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, Math.floor(v)));
  return {
    z,
    x: clamp(((lon + 180) / 360) * n),
    y: clamp(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}
