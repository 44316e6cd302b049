import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PublicLayout } from './components/PublicLayout';
import { PageLoading } from './components/PageLoading';
import { ALL_NAMESPACES, loadNamespaces } from './i18n/messages';
import type { Namespace } from './i18n/namespaces';
import { markPageArrived } from './page-settled';

/**
 * A page's chunk, fetched together with the message files it shows (docs/decisions/044-catalogue-by-page.md;
 * i18n/page-namespaces.test.ts checks each list against the page's code). A file that fails to
 * arrive does not stop the page: its words are asked for again when shown.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[]) {
  return lazy(() =>
    Promise.all([load(), loadNamespaces(namespaces).catch(() => {})]).then(([page]) => {
      markPageArrived();
      return page;
    }),
  );
}

/**
 * The route table. The legacy public URLs are kept (citizens have them bookmarked and printed);
 * each maps to one file under routes/. Everything is lazy so a citizen's phone downloads only
 * the screen it opens; the staff panel is one separate chunk tree.
 */
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

function page(node: ReactNode) {
  return <Suspense fallback={<PageLoading />}>{node}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/admin-page/*" element={page(<StaffApp />)} />
      {/* Spec 2 §2 keeps the old-record entry outside /admin-page; it lives in the staff shell, so the
          legacy address leads there (docs/decisions/039-old-records-import.md). */}
      <Route path="/old-application" element={<Navigate to="/admin-page/old-application" replace />} />
      {/* Print pages have no site chrome: they are what goes on paper. */}
      <Route path="/new-app-print/:id" element={page(<PrintPage />)} />
      <Route path="/existing-app-print/:id" element={page(<PrintPage />)} />
      <Route path="/renew-app-print/:id" element={page(<PrintPage />)} />
      <Route path="/my-license/:id" element={page(<MyLicence />)} />
      {/* The legacy printed-licence address (spec 1 §2): the same page as /my-license. */}
      <Route path="/licensePrint2/:id" element={page(<MyLicence />)} />
      <Route element={<PublicLayout />}>
        <Route path="/" element={page(<Home />)} />
        <Route path="/home" element={page(<Home />)} />
        <Route path="/new-application" element={page(<NewApplication />)} />
        <Route path="/existing-application" element={page(<ExistingApplication />)} />
        <Route path="/renew-application" element={page(<RenewApplication />)} />
        <Route path="/saved" element={page(<SavedSubmissions />)} />
        <Route path="/verification/:purpose" element={page(<Verification />)} />
        <Route path="/my-application" element={page(<MyApplication />)} />
        <Route path="/login" element={page(<Login />)} />
        <Route path="/reg" element={page(<Register />)} />
        <Route path="/forget" element={page(<ForgotPassword />)} />
        <Route path="/reset-password" element={page(<ResetPassword />)} />
        <Route path="/notice" element={page(<Notice />)} />
        <Route path="/policies" element={page(<Policies />)} />
        <Route path="/application-instruction" element={page(<ApplicationInstruction />)} />
        <Route path="/about-us" element={page(<AboutUs />)} />
        <Route path="/downloads" element={page(<Downloads />)} />
        <Route path="/geo-db" element={page(<GeoDb />)} />
        <Route path="/lh-map" element={page(<LhMap />)} />
        <Route path="/video-gallery" element={page(<VideoGallery />)} />
        <Route path="/complaint" element={page(<Complaint />)} />
        <Route path="/copy" element={page(<Copy />)} />
        <Route path="/dataTable" element={page(<PublicLicences />)} />
        <Route path="/licence-check" element={page(<LicenceCheck />)} />
        <Route path="*" element={page(<NotFound />)} />
      </Route>
    </Routes>
  );
}
