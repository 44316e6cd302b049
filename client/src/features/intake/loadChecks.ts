/**
 * The kind's field checks (zod, about 24 KiB), fetched on demand: a form asks for them when the
 * person first touches it, not with its first paint (docs/decisions/044-catalogue-by-page.md).
 */
export const loadChecks = () => import('./validateKind').then((m) => m.validateKind);
