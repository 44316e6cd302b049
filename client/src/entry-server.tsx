/**
 * The first screen of the citizen pages as HTML, rendered by the server from this build
 * (docs/decisions/046-first-screen-in-the-html.md). A phone then draws the page from the HTML and
 * its stylesheet, before any of the app's JavaScript has arrived; the app adopts the same elements
 * once its code has come (hydration, main.tsx).
 *
 * Built with `vite build --ssr` into client/dist-ssr/; the server imports it
 * (server/src/platform/client-pages/first-screen.ts). Rendered as a first visit sees the page: Bangla, no
 * draft, nothing kept on the phone, nobody signed in, the site settings of the moment: what the
 * app's own first render shows on a first visit.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { ContentImage } from '@portal/shared/schemas/content';
import type { PublicSettings } from '@portal/shared/schemas/settings';
import { VERIFICATION_PURPOSES } from '@portal/shared/constants';
import { LocaleProvider } from './i18n/locale';
import { AppRoutes, preloadPage } from './router';
import { renderWithSlider } from './features/home/images';
import { renderWithSettings } from './offline/cached';

/**
 * The addresses whose first screen is the same for every first visit. Pages that start from the
 * server's data (a notice, a licence) or are not a citizen's (the staff panel, print pages) are
 * not rendered: their HTML stays the plain app shell.
 */
export const FIRST_SCREEN_PATHS: readonly string[] = [
  '/',
  '/home',
  '/new-application',
  '/existing-application',
  '/renew-application',
  '/my-application',
  ...VERIFICATION_PURPOSES.map((p) => `/verification/${p}`),
  '/saved',
];

/**
 * The markup of `#root` for `path`, drawn with the site settings and (the home page) the slider
 * list that the server writes beside it into the HTML.
 */
export async function renderFirstScreen(
  path: string,
  { settings, slider = [] }: { settings?: PublicSettings; slider?: ContentImage[] } = {},
): Promise<string> {
  if (!FIRST_SCREEN_PATHS.includes(path)) throw new Error(`No first screen for ${path}`);
  await preloadPage(path);
  const html = renderWithSettings(settings, () =>
    renderWithSlider(slider, () =>
      renderToString(
        <LocaleProvider>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </LocaleProvider>,
      ),
    ),
  );
  // React writes the preloads it would hoist into <head> (the header's icon) before the markup; the
  // app hydrates #root's children, which must be the page's own elements alone.
  return html.replace(/^(<link [^>]*>)+/, '');
}
