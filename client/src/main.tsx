import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './fonts.css'; // Noto Sans Bengali, the Bangla subset only (docs/decisions/043-first-paint-html-and-fonts.md)
import './styles.css';
import { LocaleProvider } from './i18n/locale';
import { AppRoutes, preloadPage } from './router';
import { afterNextPaint, afterPageSettled } from './page-settled';

/**
 * How long the first render waits for the opened page's chunk, which the server's HTML has already
 * asked for (docs/decisions/045-first-render-waits-for-the-page.md): past it, the frame draws with
 * the loading line, as on a line too slow to wait for.
 *
 * When the server sent the page's first screen (docs/decisions/046-first-screen-in-the-html.md),
 * the app waits for the page however long it takes, rather than replace it with a loading line,
 * and lets the browser paint that screen first: the app's first render is the longest task of the
 * visit on a cheap phone, and the person can read the page meanwhile.
 */
const PAGE_WAIT_MS = 3000;

const container = document.getElementById('root')!;
const firstScreenSent = container.hasChildNodes();
const root = createRoot(container);
const page = preloadPage(location.pathname);
void (
  firstScreenSent
    ? Promise.all([page, afterNextPaint()])
    : Promise.race([page, new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))])
).then(() =>
  root.render(
    <StrictMode>
      <LocaleProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </LocaleProvider>
    </StrictMode>,
  ),
);

void afterPageSettled().then(() => import('./boot-after-load').then((m) => m.bootAfterLoad()));
