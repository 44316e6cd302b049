/** Fills {placeholders} in a message; kept apart from the catalogues so the client can load English lazily. */
export function fillPlaceholders(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
