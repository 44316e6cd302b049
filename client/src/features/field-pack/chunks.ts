/**
 * The staff and map chunks are not precached (vite.config.ts): the service worker keeps them as
 * they are first fetched. An inspector who prepares a pack may never have opened a detail or a
 * map screen online, so preparing fetches them now, and a reload with no signal still renders
 * them (docs/decisions/031-field-pack.md). A chunk that fails is left for the next visit.
 */
export function warmChunks(): Promise<unknown> {
  return Promise.allSettled([
    import('../../routes/staff/BadcInspectView'),
    import('../../routes/staff/PendingView'),
    import('../../routes/staff/SeenView'),
    import('../../routes/staff/ApprovableView'),
    import('../../routes/staff/FieldPacks'),
    import('../../routes/staff/LiveMap'),
    import('../map/PickerMap'),
    import('../live-map/LiveMapCanvas'),
  ]);
}
