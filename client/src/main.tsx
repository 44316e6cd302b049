import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './fonts.css'; // Noto Sans Bengali, the Bangla subset only (docs/decisions/043-first-paint-html-and-fonts.md)
import './styles.css';
import { LocaleProvider } from './i18n/locale';
import { AppRoutes, preloadPage } from './router';
import { afterPageSettled, whenPageArrived } from './page-settled';
import { setAdoptingFirstScreen } from './adoption';

/**
 * How long the first render waits for the opened page's chunk, which the server's HTML has already
 * asked for (docs/decisions/045-first-render-waits-for-the-page.md): past it, the frame draws with
 * the loading line, as on a line too slow to wait for.
 */
const PAGE_WAIT_MS = 3000;

const container = document.getElementById('root')!;
// The server sent the page's first screen, inert (docs/decisions/046-first-screen-in-the-html.md).
const firstScreenSent = container.hasAttribute('inert');
// In a task of its own, not in the one that evaluates the app: the HTML has already asked for the
// page's chunk, and matching the address and evaluating the page would lengthen that task, which a
// tap waits behind (docs/decisions/048-less-work-after-the-first-paint.md).
const page = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => preloadPage(location.pathname));

/**
 * The first screen becomes live once the app has taken it over, the page included: React adopts
 * the page (inside its Suspense boundary) in a pass after the frame around it, and a field made
 * live before then would be the server's, whose typing the app's render then replaces. If the
 * page's chunk could not be fetched (or no page matches), the frame goes live without it.
 */
function Live({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    const noPage = page.then((fetched) => (fetched ? new Promise<void>(() => {}) : undefined));
    void Promise.race([whenPageArrived(), noPage]).then(() => {
      setAdoptingFirstScreen(false);
      container.removeAttribute('inert');
    });
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <LocaleProvider>
      <BrowserRouter>
        <Live>
          <AppRoutes />
        </Live>
      </BrowserRouter>
    </LocaleProvider>
  </StrictMode>
);

if (firstScreenSent) {
  // The screen is on display already (its HTML started these scripts only after it had painted,
  // decision 047): wait for the page however long it takes rather than swap it for a loading line.
  // Then the app adopts the same elements (hydration), so nothing is drawn twice. Where the phone's
  // first render differs (a draft, English, a verified phone), React renders afresh in its place:
  // expected, so not reported. As a transition, React adopts the screen in short slices, yielding
  // to the phone between them, instead of one long task that a tap would wait behind.
  setAdoptingFirstScreen(true);
  void page.then(() =>
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: () => {} });
    }),
  );
} else {
  void Promise.race([page, new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))]).then(() =>
    createRoot(container).render(app),
  );
}

void afterPageSettled().then(() => import('./boot-after-load').then((m) => m.bootAfterLoad()));
