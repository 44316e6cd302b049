/**
 * When the page a visitor opened has what it needs to draw itself, so that what follows (the
 * service worker, the outbox's sync loop, the header's staff links and queue reminder) does not
 * compete with it on a slow line (docs/decisions/044-catalogue-by-page.md). The window's `load`
 * event alone comes too early: a page's own chunk and words are fetched after it.
 */
let arrive: () => void = () => {};
const pageArrived = new Promise<void>((resolve) => (arrive = resolve));

/** Called by the router once the first page (not its loading line) has been rendered. */
export function markPageArrived(): void {
  arrive();
}

/**
 * Resolves once the first page itself has been rendered (committed): for an adopted first screen,
 * once React has adopted the page's own elements, which it does after the frame around them.
 */
export function whenPageArrived(): Promise<void> {
  return pageArrived;
}

/**
 * Resolves after `load`, the first page's render (or 3 s after `load` if it never comes), the paint
 * that shows it, and an idle moment. After the paint, not before: what waits for this must not
 * compete with the page's largest element (docs/decisions/045-first-render-waits-for-the-page.md).
 */
export function afterPageSettled(maxIdleWaitMs = 2000): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded
    .then(() => Promise.race([pageArrived, new Promise<void>((resolve) => setTimeout(resolve, 3000))]))
    .then(afterNextPaint)
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof requestIdleCallback === 'function')
            requestIdleCallback(() => resolve(), { timeout: maxIdleWaitMs });
          else setTimeout(resolve, 0);
        }),
    );
}

/** A task after the next frame: requestAnimationFrame runs just before the paint, the timeout after it. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
