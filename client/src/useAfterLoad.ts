import { useEffect, useState } from 'react';
import { afterPageSettled } from './page-settled';

/** Once true for this tab, it stays true: later visits to the public pages show the extras at once. */
let done = false;

/**
 * True once the page has what it needs to draw itself and the browser is idle (page-settled.ts).
 * What is not needed for the first paint waits for it, so on a slow phone it does not compete with
 * the page's own code, words, fonts and first picture (docs/decisions/018-service-targets.md): the
 * header's extras (the outbox reminder, which needs the 31 KiB IndexedDB library, and the staff
 * links, which ask the server who is signed in), and the forms' outbox and location picker.
 */
export function useAfterLoad(maxWaitMs = 2000): boolean {
  const [ready, setReady] = useState(done);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void afterPageSettled(maxWaitMs).then(() => {
      done = true;
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready, maxWaitMs]);
  return ready;
}
