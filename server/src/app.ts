import fs from 'node:fs';
import path from 'node:path';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRouter } from './platform/http/router.js';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from './platform/http/env.js';
import { problemResponse } from './platform/http/problem.js';
import { sessionMiddleware } from './platform/http/session.js';
import { withPageScripts } from './platform/client-pages/page-preloads.js';
import { STARTER_CSP_SOURCE } from './platform/client-pages/start-after-paint.js';
import { withFirstScreen } from './platform/client-pages/first-screen.js';
import { clientIp } from './platform/http/client-ip.js';
import { requestOffice } from './modules/offices/request-office.js';
import { nationalAddress } from './modules/offices/national-address.js';
import { myOfficesRoutes, officesRoutes } from './modules/offices/offices.routes.js';
import { nationalRoutes } from './modules/offices/national.routes.js';
import { boundaryMoveRoutes } from './modules/offices/boundary-move.routes.js';
import { areaMapRoutes } from './modules/offices/area-map.routes.js';
import { areaRolesRoutes } from './modules/offices/area-roles.routes.js';
import { areaRegisterRoutes } from './modules/offices/area-register.routes.js';
import { sameOriginWrites } from './platform/http/same-origin.js';
import { jsonBodyLimit } from './platform/http/json-body-limit.js';
import { errorResponse } from './platform/http/on-error.js';
import { serveContract } from './platform/http/openapi-contract.js';
import { mustChangePassword } from './platform/http/must-change-password.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { applicationsRoutes } from './modules/applications/applications.routes.js';
import { intakeRoutes } from './modules/intake/intake.routes.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { citizenRoutes } from './modules/citizen/citizen.routes.js';
import { requestRoutes } from './modules/requests/request.routes.js';
import { licencesRoutes } from './modules/licences/licences.routes.js';
import { filesRoutes } from './platform/files/files.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { servicesRoutes } from './modules/services/services.routes.js';
import { contactRoutes } from './modules/services/contact.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { dashboardChartsRoutes, dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { publicLicencesRoutes } from './modules/licences/public-licences.routes.js';
import { licenceCheckRoutes } from './modules/licence-check/licence-check.routes.js';
import { visitsRoutes } from './modules/visits/visits.routes.js';
import { mapRoutes } from './modules/map/map.routes.js';
import { registerRoutes } from './modules/register/register.routes.js';
import { oldRecordsRoutes } from './modules/old-records/old-records.routes.js';
import { editViewRoutes } from './modules/edit-view/edit-view.routes.js';
import { resolutionsRoutes } from './modules/resolutions/resolutions.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { deadlinesRoutes } from './modules/deadlines/deadlines.routes.js';
import { serveTiles, tilesInfoRoutes } from './modules/tiles/tiles.routes.js';
import { homePageHtml } from './modules/content/home-page-html.js';
import { publicSettingsForPages } from './modules/settings/public-settings.js';

/** Composes the feature routers into one app: the API under /api, the built PWA for every other path. */
export function createApp(deps: AppDeps) {
  const app = createRouter();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('clientIp', clientIp(c, deps.config.trustProxyHops));
    await next();
  });
  app.use('*', requestOffice);
  app.use(
    '*',
    secureHeaders({
      // One inline script, allowed by its hash: the starter of a first-screen page (decision 047).
      // (The national address's page sets a policy of its own: offices/national-address.ts.)
      // Styles allow inline for Leaflet's positioning. Tiles come from the configured tile host.
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", STARTER_CSP_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The video gallery's player, loaded only when a visitor taps a video (content feature).
        frameSrc: ['https://www.youtube-nocookie.com'],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      referrerPolicy: 'same-origin',
      // Keep a header a handler set itself: uploaded files are served with a sandboxing CSP (features/files).
      overwrite: false,
    }),
  );
  // Citizens are on slow mobile networks: compress text responses (JS, CSS, HTML, JSON).
  app.use('*', compress());
  // A host no office claims: the list of offices, and only the API that needs no office.
  app.use('*', nationalAddress);
  // Request hardening at the edge (docs/decisions/013): no cross-site writes, no oversized JSON.
  app.use('/api/*', sameOriginWrites);
  app.use('/api/*', jsonBodyLimit);
  app.use('/api/*', sessionMiddleware);
  app.use('/api/*', mustChangePassword);
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  app.route('/api/auth', authRoutes());
  app.route('/api/auth', myOfficesRoutes());
  app.route('/api/admin/accounts', accountsRoutes());
  app.route('/api', settingsRoutes());
  app.route('/api/intake', intakeRoutes());
  app.route('/api/applications', applicationsRoutes());
  app.route('/api/verification', verificationRoutes());
  app.route('/api/citizen', citizenRoutes());
  app.route('/api/staff', requestRoutes());
  app.route('/api/staff', visitsRoutes());
  app.route('/api/staff', mapRoutes());
  app.route('/api/staff/register', registerRoutes());
  app.route('/api/staff', oldRecordsRoutes());
  app.route('/api/staff', editViewRoutes());
  app.route('/api/staff', resolutionsRoutes());
  app.route('/api/staff', deadlinesRoutes());
  app.route('/api', licencesRoutes());
  app.route('/api/files', filesRoutes());
  app.route('/api', contentRoutes());
  app.route('/api/services', servicesRoutes());
  app.route('/api', contactRoutes());
  app.route('/api/admin/messages', messagesRoutes());
  app.route('/api/admin/dashboard', dashboardRoutes());
  app.route('/api/staff', dashboardChartsRoutes());
  app.route('/api/admin/audit', auditRoutes());
  app.route('/api/public/licences', publicLicencesRoutes());
  app.route('/api/public', licenceCheckRoutes());
  app.route('/api/public', tilesInfoRoutes());
  app.route('/api/public', officesRoutes());
  app.route('/api/national', nationalRoutes());
  app.route('/api/national', boundaryMoveRoutes());
  app.route('/api/national', areaMapRoutes());
  app.route('/api/national', areaRolesRoutes());
  app.route('/api/national', areaRegisterRoutes());

  // The contract for integrators, finished in one place (docs/decisions/052-openapi-contract.md).
  serveContract(app, deps.config.publicUrl);
  app.all('/api/*', (c) => problemResponse(c, 'NOT_FOUND'));

  app.onError(errorResponse);

  // The office's map tile archive, beside the PWA's static files (docs/decisions/033-tile-archive.md).
  serveTiles(app, deps.config.dataDir);
  serveClient(app, deps.config.clientDist);
  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * The built PWA: hashed assets cached for a year, everything else falls back to index.html
 * (client-side routes). index.html is always `no-cache` (a new build is seen at once); for / and
 * /home it also names the first slider picture and carries the slider list
 * (docs/decisions/043-first-paint-html-and-fonts.md); each address names its page's scripts
 * (docs/decisions/045-first-render-waits-for-the-page.md) and a citizen page carries its first
 * screen (docs/decisions/046-first-screen-in-the-html.md).
 */
function serveClient(app: ReturnType<typeof createRouter>, dist: string) {
  const indexFile = path.join(dist, 'index.html');
  const notBuilt = 'The client is not built yet: run `npm run build` (npm start does it for you).';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Before the static files, which would answer / and /index.html with the file and no Cache-Control
  // (a browser may then keep a stale page that names assets a new build has removed).
  const index =
    (render: (c: Context<AppEnv>, template: string) => Promise<string> | string) => async (c: Context<AppEnv>) => {
      if (!fs.existsSync(indexFile)) return c.text(notBuilt, 503);
      c.header('Cache-Control', 'no-cache');
      return c.html(await render(c, fs.readFileSync(indexFile, 'utf8')));
    };
  // Each address names its page's scripts (decision 045) and carries its first screen, drawn with
  // the site settings (decisions 046, 047). The database is down: the plain page still works, the
  // slider and the settings are asked for by the page itself.
  const settings = (c: Context<AppEnv>) => () => publicSettingsForPages(c.get('deps').db, c.get('deps').config.dataDir);
  const home = index(async (c, template) => {
    const homePage = await homePageHtml(c.get('deps').db, template).catch(() => undefined);
    const html = homePage
      ? await withFirstScreen(homePage.html, dist, '/', { settings: settings(c), slider: homePage.slider })
      : template;
    return withPageScripts(html, dist, c.req.path);
  });
  const page = index(async (c, template) =>
    withPageScripts(await withFirstScreen(template, dist, c.req.path, { settings: settings(c) }), dist, c.req.path),
  );
  app.get('/', home);
  app.get('/home', home);
  // The service worker's copy (navigateFallback), which it shows for every address: plain, the
  // page then asks for its chunk and the slider list itself.
  app.get(
    '/index.html',
    index((_c, template) => template),
  );
  // Tests run without a build: then only the fallback below answers (and serveStatic does not warn).
  if (fs.existsSync(dist))
    app.use('*', serveStatic({ root: path.relative(process.cwd(), dist) || '.', precompressed: true }));
  app.get('*', page);
}
