/**
 * The inert JSON block `id` that the server wrote into the page's HTML beside its first screen
 * (ids in @portal/shared/html-data), parsed; undefined when the page came without it (the service
 * worker's copy of index.html, an older server) or it is damaged: the caller then asks the API.
 */
export function readHtmlData(id: string): unknown {
  if (typeof document === 'undefined') return undefined;
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}
