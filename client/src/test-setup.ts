import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ALL_NAMESPACES, loadNamespaces } from './i18n/messages';
import { markPageArrived } from './page-settled';
import { db } from './offline/db';
import { setAdoptingFirstScreen } from './adoption';
import { resetPageSettingsForTests } from './offline/cached';
import { resetGalleryRequestsForTests } from './features/home/images';
import { resetMeForTests } from './features/staff/useMe';

// Screens are rendered on their own here, not through the router that fetches each page's words
// first (docs/decisions/044-catalogue-by-page.md): give them the whole Bangla catalogue.
await loadNamespaces(ALL_NAMESPACES, 'bn');
// Likewise no page arrives through the router: what waits for the first page may start after `load`.
markPageArrived();

// The client's files share one module graph per worker (vitest.config.ts, docs/decisions/049):
// each starts from a clean phone, whatever the file before it left behind.
// What a page load reads once (its HTML's data, the signed-in officer) is read afresh.
vi.useRealTimers();
setAdoptingFirstScreen(false);
resetPageSettingsForTests();
resetGalleryRequestsForTests();
resetMeForTests();
vi.unstubAllGlobals();
vi.restoreAllMocks();
// Screens a file left on the page (a file in Node has no page).
if (typeof document !== 'undefined') {
  cleanup();
  document.body.replaceChildren();
}
// (A file may run in Node instead, with no storage: `@vitest-environment node`.)
if (typeof localStorage !== 'undefined') localStorage.clear();
if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
await Promise.all(db.tables.map((table) => table.clear()));
