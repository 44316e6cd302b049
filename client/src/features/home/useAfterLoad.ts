import { useEffect, useState } from 'react';

/** Once true for this tab, it stays true: later visits to the public pages show the extras at once. */
let done = false;

/**
 * True once the page has finished loading and the browser is idle (or at most `maxWaitMs` after
 * that). The header's extras (the outbox reminder, which needs the 31 KiB IndexedDB library, and
 * the staff links, which ask the server who is signed in) wait for it, so on a slow phone they do
 * not compete with the page's own code, fonts and first picture (docs/decisions/018-service-targets.md).
 */
export function useAfterLoad(maxWaitMs = 2000): boolean {
  const [ready, setReady] = useState(done);
  useEffect(() => {
    if (ready) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = () => {
      done = true;
      setReady(true);
    };
    const afterLoad = () => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(go, { timeout: maxWaitMs });
      else timer = setTimeout(go, 0);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [ready, maxWaitMs]);
  return ready;
}
