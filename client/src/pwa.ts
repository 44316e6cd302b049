/** Registers the service worker (to be completed: take over only when no upload runs). */
export function registerServiceWorker(): void {}
