import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PublicLayout } from './components/PublicLayout';
import { PageLoading } from './components/PageLoading';

/**
 * The route table. The legacy public URLs are kept (citizens have them bookmarked and printed);
 * each maps to one file under routes/. Everything is lazy so a citizen's phone downloads only
 * the screen it opens; the staff panel is one separate chunk tree.
 */
const Home = lazy(() => import('./routes/public/Home'));
const NewApplication = lazy(() => import('./routes/public/NewApplication'));
const NewAppPrint = lazy(() => import('./routes/public/NewAppPrint'));
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

function page(node: ReactNode) {
  return <Suspense fallback={<PageLoading />}>{node}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/admin-page/*" element={page(<StaffApp />)} />
      {/* Print pages have no site chrome: they are what goes on paper. */}
      <Route path="/new-app-print/:id" element={page(<NewAppPrint />)} />
      <Route path="/my-license/:id" element={page(<MyLicence />)} />
      <Route element={<PublicLayout />}>
        <Route path="/" element={page(<Home />)} />
        <Route path="/home" element={page(<Home />)} />
        <Route path="/new-application" element={page(<NewApplication />)} />
        <Route path="/saved" element={page(<SavedSubmissions />)} />
        <Route path="/verification/:purpose" element={page(<Verification />)} />
        <Route path="/my-application" element={page(<MyApplication />)} />
        <Route path="/login" element={page(<Login />)} />
        <Route path="/reg" element={page(<Register />)} />
        <Route path="/forget" element={page(<ForgotPassword />)} />
        <Route path="/reset-password" element={page(<ResetPassword />)} />
        <Route path="*" element={page(<NotFound />)} />
      </Route>
    </Routes>
  );
}
