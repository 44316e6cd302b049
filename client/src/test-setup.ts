import 'fake-indexeddb/auto';
import { ALL_NAMESPACES, loadNamespaces } from './i18n/messages';
import { markPageArrived } from './page-settled';

// Screens are rendered on their own here, not through the router that fetches each page's words
// first (docs/decisions/044-catalogue-by-page.md): give them the whole Bangla catalogue.
await loadNamespaces(ALL_NAMESPACES, 'bn');
// Likewise no page arrives through the router: what waits for the first page may start after `load`.
markPageArrived();
