/**
 * Whether the app is adopting a first screen that the server wrote (hydration,
 * docs/decisions/046-first-screen-in-the-html.md). A part whose first render would read what this
 * phone kept (site settings, localities, a picture list) starts from what the server rendered while
 * this is true, so the adopted elements match, and takes the phone's copy in an effect afterwards.
 *
 * A plain value read when a part first renders, not a hook that every adopted part re-reads when
 * the adoption ends: such a hook (useSyncExternalStore) made React render the whole form again in
 * one blocking task right after adopting it, with nothing changed (docs/decisions/048-less-work-after-the-first-paint.md).
 */
let adopting = false;

export function adoptingFirstScreen(): boolean {
  return adopting;
}

/** main.tsx: true just before hydrateRoot, false once the adopted screen is live. */
export function setAdoptingFirstScreen(value: boolean): void {
  adopting = value;
}
