import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { PublicLayout } from './components/PublicLayout';
import { PageLoading } from './components/PageLoading';
import { ALL_NAMESPACES, loadNamespaces } from './i18n/messages';
import type { Namespace } from './i18n/namespaces';
import { markPageArrived } from './page-settled';

/** A page's component that can be fetched ahead of its first render. */
type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page's chunk, fetched together with the message files it shows (docs/decisions/044-catalogue-by-page.md;
 * i18n/page-namespaces.test.ts checks each list against the page's code). A file that fails to
 * arrive does not stop the page: its words are asked for again when shown. Once fetched, the page
 * renders at once, with no Suspense pause; a failed preload is tried again when the page renders.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[]): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetchPage = () =>
    (pending ??= Promise.all([load(), loadNamespaces(namespaces).catch(() => {})]).then(
      ([page]) => {
        loaded = page.default;
        return page.default;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(() => fetchPage().then((page) => ({ default: page })));
  function Page() {
    const Loaded = loaded;
    // Runs once the page itself (not its loading line) is on the screen.
    useEffect(() => markPageArrived(), []);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload: () => fetchPage().then(() => {}) });
}

// Each page is one file under routes/, and lazy, so that a citizen's phone downloads only the
// screen it opens; the staff panel is one separate chunk tree.
const Home = lazyPage(() => import('./routes/public/Home'), []);
const NewApplication = lazyPage(() => import('./routes/public/NewApplication'), ['application']);
const ExistingApplication = lazyPage(() => import('./routes/public/ExistingApplication'), ['application']);
const RenewApplication = lazyPage(() => import('./routes/public/RenewApplication'), ['application']);
// One print page for every kind: it draws Form-Ka or Form-Ga by the kind it loads (decision 026).
const PrintPage = lazyPage(() => import('./features/print/PrintPage'), ['application']);
const SavedSubmissions = lazyPage(() => import('./routes/public/SavedSubmissions'), ['application', 'offline']);
const Verification = lazyPage(
  () => import('./routes/verify/Verification'),
  ['application', 'deadlines', 'verification'],
);
const MyApplication = lazyPage(
  () => import('./routes/verify/MyApplication'),
  ['application', 'deadlines', 'verification'],
);
const MyLicence = lazyPage(() => import('./routes/verify/MyLicence'), ['licence']);
const Login = lazyPage(() => import('./routes/public/Login'), ['staff']);
const Register = lazyPage(() => import('./routes/public/Register'), ['auth', 'staff']);
const ForgotPassword = lazyPage(() => import('./routes/public/ForgotPassword'), ['staff']);
const ResetPassword = lazyPage(() => import('./routes/public/ResetPassword'), ['auth', 'staff']);
const NotFound = lazyPage(() => import('./routes/public/NotFound'), []);
const StaffApp = lazyPage(() => import('./routes/staff/StaffApp'), ALL_NAMESPACES);
const Complaint = lazyPage(() => import('./routes/public/Complaint'), ['application', 'problems', 'services']);
const Copy = lazyPage(() => import('./routes/public/Copy'), ['application', 'problems', 'services']);
const PublicLicences = lazyPage(() => import('./routes/public/PublicLicences'), ['services', 'staff']);
const LicenceCheck = lazyPage(() => import('./routes/public/LicenceCheck'), ['licenceCheck']);
// The public website's content pages (helper G1).
const Notice = lazyPage(() => import('./routes/public/Notice'), ['content']);
const Policies = lazyPage(() => import('./routes/public/Policies'), ['content']);
const ApplicationInstruction = lazyPage(() => import('./routes/public/ApplicationInstruction'), ['content']);
const AboutUs = lazyPage(() => import('./routes/public/AboutUs'), ['content']);
const Downloads = lazyPage(() => import('./routes/public/Downloads'), ['content']);
const GeoDb = lazyPage(() => import('./routes/public/GeoDb'), ['content', 'geoItems']);
const LhMap = lazyPage(() => import('./routes/public/LhMap'), ['content']);
const VideoGallery = lazyPage(() => import('./routes/public/VideoGallery'), ['content']);

/**
 * A page under its loading line. Its route keeps the page itself (`handle.page`), so that the
 * first render can wait for the page the visitor opened (preloadPage).
 */
function route(path: string, Page: LazyPage): RouteObject {
  return {
    path,
    element: (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    ),
    handle: { page: Page },
  };
}

/**
 * The route table. The legacy public URLs are kept (citizens have them bookmarked and printed);
 * scripts/lib/page-chunks.mjs reads the `route('…', Page)` lines to tell the server which chunks
 * each address needs (docs/decisions/045-first-render-waits-for-the-page.md).
 */
export const routes: RouteObject[] = [
  route('/admin-page/*', StaffApp),
  // Spec 2 §2 keeps the old-record entry outside /admin-page; it lives in the staff shell, so the
  // legacy address leads there (docs/decisions/039-old-records-import.md).
  { path: '/old-application', element: <Navigate to="/admin-page/old-application" replace /> },
  // The legacy portal's other protected addresses (spec 1 §2): its Admin dashboard and its side
  // menu page. Both lead to the staff panel's dashboard (the sign-in first, for a stranger).
  { path: '/admin-dashboard', element: <Navigate to="/admin-page" replace /> },
  { path: '/side', element: <Navigate to="/admin-page" replace /> },
  // Print pages have no site chrome: they are what goes on paper.
  route('/new-app-print/:id', PrintPage),
  route('/existing-app-print/:id', PrintPage),
  route('/renew-app-print/:id', PrintPage),
  route('/my-license/:id', MyLicence),
  // The legacy printed-licence address (spec 1 §2): the same page as /my-license.
  route('/licensePrint2/:id', MyLicence),
  {
    element: <PublicLayout />,
    children: [
      route('/', Home),
      route('/home', Home),
      route('/new-application', NewApplication),
      route('/existing-application', ExistingApplication),
      route('/renew-application', RenewApplication),
      route('/saved', SavedSubmissions),
      route('/verification/:purpose', Verification),
      route('/my-application', MyApplication),
      route('/login', Login),
      route('/reg', Register),
      route('/forget', ForgotPassword),
      route('/reset-password', ResetPassword),
      route('/notice', Notice),
      route('/policies', Policies),
      route('/application-instruction', ApplicationInstruction),
      route('/about-us', AboutUs),
      route('/downloads', Downloads),
      route('/geo-db', GeoDb),
      route('/lh-map', LhMap),
      route('/video-gallery', VideoGallery),
      route('/complaint', Complaint),
      route('/copy', Copy),
      route('/dataTable', PublicLicences),
      route('/licence-check', LicenceCheck),
      route('*', NotFound),
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The chunk and words of the page at `pathname`, fetched before the app's first render: the page
 * then draws with its frame in one paint, without its loading line and without React's pause
 * before it swaps a loading line for the page (docs/decisions/045-first-render-waits-for-the-page.md).
 * Resolves, never rejects: true once fetched, false when no page matches or it could not be fetched
 * (it then shows its loading line and error as before).
 */
export function preloadPage(pathname: string): Promise<boolean> {
  const page = (matchRoutes(routes, pathname)?.at(-1)?.route.handle as { page?: LazyPage } | undefined)?.page;
  return page
    ? page.preload().then(
        () => true,
        () => false,
      )
    : Promise.resolve(false);
}
