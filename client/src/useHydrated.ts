import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the app adopts a first screen the server wrote (hydration, docs/decisions/046-first-screen-in-the-html.md)
 * and on the server itself; true in every other render. A part whose first render would read what
 * this phone kept (site settings, a picture list) renders what the server rendered while this is
 * false, so the adopted elements match, and React renders it again with the phone's copy at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
