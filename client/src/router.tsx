import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PublicLayout } from './components/PublicLayout';
import { PageLoading } from './components/PageLoading';

/**
 * The route table. The legacy public URLs are kept (citizens have them bookmarked and printed);
 * each maps to one file under routes/. Everything is lazy so a citizen's phone downloads only
 * the screen it opens; the staff panel is one separate chunk tree.
 */
const Home = lazy(() => import('./routes/public/Home'));
const NewApplication = lazy(() => import('./routes/public/NewApplication'));
const ExistingApplication = lazy(() => import('./routes/public/ExistingApplication'));
const RenewApplication = lazy(() => import('./routes/public/RenewApplication'));
// One print page for every kind: it draws Form-Ka or Form-Ga by the kind it loads (decision 026).
const PrintPage = lazy(() => import('./features/print/PrintPage'));
const SavedSubmissions = lazy(() => import('./routes/public/SavedSubmissions'));
const Verification = lazy(() => import('./routes/verify/Verification'));
const MyApplication = lazy(() => import('./routes/verify/MyApplication'));
const MyLicence = lazy(() => import('./routes/verify/MyLicence'));
const Login = lazy(() => import('./routes/public/Login'));
const Register = lazy(() => import('./routes/public/Register'));
const ForgotPassword = lazy(() => import('./routes/public/ForgotPassword'));
const ResetPassword = lazy(() => import('./routes/public/ResetPassword'));
const NotFound = lazy(() => import('./routes/public/NotFound'));
const StaffApp = lazy(() => import('./routes/staff/StaffApp'));
const Complaint = lazy(() => import('./routes/public/Complaint'));
const Copy = lazy(() => import('./routes/public/Copy'));
const PublicLicences = lazy(() => import('./routes/public/PublicLicences'));
const LicenceCheck = lazy(() => import('./routes/public/LicenceCheck'));
// The public website's content pages (helper G1).
const Notice = lazy(() => import('./routes/public/Notice'));
const Policies = lazy(() => import('./routes/public/Policies'));
const ApplicationInstruction = lazy(() => import('./routes/public/ApplicationInstruction'));
const AboutUs = lazy(() => import('./routes/public/AboutUs'));
const Downloads = lazy(() => import('./routes/public/Downloads'));
const GeoDb = lazy(() => import('./routes/public/GeoDb'));
const LhMap = lazy(() => import('./routes/public/LhMap'));
const VideoGallery = lazy(() => import('./routes/public/VideoGallery'));

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
