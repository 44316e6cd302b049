/**
 * When the page a visitor opened has what it needs to draw itself, so that what follows (the
 * service worker, the outbox's sync loop, the header's staff links and queue reminder) does not
 * compete with it on a slow line (docs/decisions/044-catalogue-by-page.md). The window's `load`
 * event alone comes too early: a page's own chunk and words are fetched after it.
 */
let arrive: () => void = () => {};
const pageArrived = new Promise<void>((resolve) => (arrive = resolve));

/** Called by the router once the first page's chunk and message files have arrived. */
export function markPageArrived(): void {
  arrive();
}

/** Resolves after `load`, the first page's arrival (or 3 s after `load` if it never comes) and an idle moment. */
export function afterPageSettled(maxIdleWaitMs = 2000): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded
    .then(() => Promise.race([pageArrived, new Promise<void>((resolve) => setTimeout(resolve, 3000))]))
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof requestIdleCallback === 'function')
            requestIdleCallback(() => resolve(), { timeout: maxIdleWaitMs });
          else setTimeout(resolve, 0);
        }),
    );
}
