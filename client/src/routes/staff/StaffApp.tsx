import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { Me } from '@portal/shared/schemas/auth';
import { can } from '@portal/shared/access';
import type { StaffRole } from '@portal/shared/constants';
import { PageLoading } from '../../components/PageLoading';
import { Toaster } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { useMe } from '../../features/staff/useMe';
import { canOpen, LIST_SCREENS, type DetailRoute } from '../../features/staff/screens';
import { useFormat } from '../../features/staff/format';
import { ui } from '../../features/staff/ui';
import { StaffShell } from './StaffShell';
import { SignOutButton } from './SignOutButton';
import QueueList from './QueueList';
import Dashboard from './Dashboard';

/**
 * The staff panel at /admin-page/* (spec 2 §2): the sign-in guard, the shell, and the nested
 * routes with the legacy paths (spec 3 §2). Detail and print screens are lazy chunks of their
 * own, built by other helpers; this file only routes to them.
 */
const UnseenView = lazy(() => import('./UnseenView'));
const SeenView = lazy(() => import('./SeenView'));
const BadcInspectView = lazy(() => import('./BadcInspectView'));
const PendingView = lazy(() => import('./PendingView'));
const ApprovableView = lazy(() => import('./ApprovableView'));
const LicencePrint = lazy(() => import('./LicencePrint'));
// Renewals, changes and the rejected list (spec 3 §2): one chunk each for the renewal and change screens.
const renewal = () => import('../../features/renewal/RenewalViews');
const ChairmanRenewalView = lazy(() => renewal().then((m) => ({ default: m.ChairmanRenewalView })));
const UnoRenewalView = lazy(() => renewal().then((m) => ({ default: m.UnoRenewalView })));
const BadcRenewalView = lazy(() => renewal().then((m) => ({ default: m.BadcRenewalView })));
const RenewalSeenView = lazy(() => renewal().then((m) => ({ default: m.RenewalSeenView })));
const change = () => import('../../features/change-review/ChangeViews');
const ChairmanChangeView = lazy(() => change().then((m) => ({ default: m.ChairmanChangeView })));
const UnoChangeView = lazy(() => change().then((m) => ({ default: m.UnoChangeView })));
const ChangePendingView = lazy(() => change().then((m) => ({ default: m.ChangePendingView })));
const RejectedView = lazy(() => import('../../features/review/RejectedView'));
const BaseSetting = lazy(() => import('./BaseSetting'));
const ManageAccount = lazy(() => import('./ManageAccount'));
const Profile = lazy(() => import('./Profile'));
const PasswordSetting = lazy(() => import('./PasswordSetting'));
// The public website's content screens (helper G1).
const Headline = lazy(() => import('./content/Headline'));
const SliderAdmin = lazy(() => import('./content/GalleryAdmin').then((m) => ({ default: m.SliderAdmin })));
const PhotoGalleryAdmin = lazy(() => import('./content/GalleryAdmin').then((m) => ({ default: m.PhotoGalleryAdmin })));
const GeoDatabaseAdmin = lazy(() => import('./content/GalleryAdmin').then((m) => ({ default: m.GeoDatabaseAdmin })));
const FileArchive = lazy(() => import('./content/FileArchive'));
const VideoGalleryAdmin = lazy(() => import('./content/VideoGalleryAdmin'));
const WebNotice = lazy(() => import('./content/WebNotice'));
const WebPolicies = lazy(() => import('./content/PageEditor').then((m) => ({ default: m.WebPolicies })));
const WebApplicationInstruction = lazy(() =>
  import('./content/PageEditor').then((m) => ({ default: m.WebApplicationInstruction })),
);
const WebAboutUs = lazy(() => import('./content/PageEditor').then((m) => ({ default: m.WebAboutUs })));
const AdminDashboard = lazy(() => import('./services/AdminDashboard'));
const Contacts = lazy(() => import('./services/Contacts'));
const Messages = lazy(() => import('./services/Messages'));
const ComplaintList = lazy(() => import('./services/ServiceList').then((m) => ({ default: m.ComplaintList })));
const CopyList = lazy(() => import('./services/ServiceList').then((m) => ({ default: m.CopyList })));
const LiveMap = lazy(() => import('./LiveMap'));
// BADC's applications kept on the phone for the field (docs/decisions/031-field-pack.md).
const FieldPacks = lazy(() => import('./FieldPacks'));
// The office's register, one chunk for its four lists (docs/decisions/037-register-lists-and-exports.md).
const register = () => import('./register/RegisterList');
const NewRegister = lazy(() => register().then((m) => ({ default: m.NewRegister })));
const OldRegister = lazy(() => register().then((m) => ({ default: m.OldRegister })));
const ChangeRegister = lazy(() => register().then((m) => ({ default: m.ChangeRegister })));
const RenewRegister = lazy(() => register().then((m) => ({ default: m.RenewRegister })));
// The committee's resolutions (docs/decisions/036-resolutions.md).
const ResolutionList = lazy(() => import('./resolutions/ResolutionList'));
const ResolutionEdit = lazy(() => import('./resolutions/ResolutionEdit'));
const ResolutionView = lazy(() => import('./resolutions/ResolutionView'));
// The register's edit view (docs/decisions/038-edit-view-and-override.md).
const EditView = lazy(() => import('./EditView'));
// Old records from the paper register (docs/decisions/039-old-records-import.md).
const OldApplication = lazy(() => import('./OldApplication'));
// The Admin's audit page (docs/decisions/041-audit-trail.md).
const AuditLog = lazy(() => import('./AuditLog'));
// The national administrator's and the area viewers' offices (docs/decisions/057-offices.md, step 4).
const AreaApp = lazy(() => import('./national/AreaApp'));

const DETAIL_ROUTES = [
  ['u-unseen-view', UnseenView],
  ['seen-view', SeenView],
  ['b-unseen-view', BadcInspectView],
  ['pending-view', PendingView],
  ['approvable-view', ApprovableView],
  ['licensePrint', LicencePrint],
  ['c-re-unseen-view', ChairmanRenewalView],
  ['u-re-unseen-view', UnoRenewalView],
  ['badc-re-unseen-view', BadcRenewalView],
  ['renew-seen-view', RenewalSeenView],
  ['c-change-unseen-view', ChairmanChangeView],
  ['uno-change-unseen-view', UnoChangeView],
  ['change-pending-view', ChangePendingView],
  ['rejected-view', RejectedView],
  ['resolutionEdit', ResolutionEdit],
  ['resolutionView', ResolutionView],
  ['edit-view', EditView],
] as const satisfies readonly (readonly [DetailRoute, unknown])[];

const PAGES = [
  ['base-setting', BaseSetting],
  ['manage-account', ManageAccount],
  ['profile', Profile],
  ['setting', PasswordSetting],
  ['headline', Headline],
  ['slider', SliderAdmin],
  ['photo-gallery', PhotoGalleryAdmin],
  ['geo-database', GeoDatabaseAdmin],
  ['file-archive', FileArchive],
  ['video-gallery', VideoGalleryAdmin],
  ['web-notice', WebNotice],
  ['web-policies', WebPolicies],
  ['web-application-instruction', WebApplicationInstruction],
  ['web-about-us', WebAboutUs],
  ['admin-dashboard', AdminDashboard],
  ['contact', Contacts],
  ['message', Messages],
  ['complaint', ComplaintList],
  ['copy', CopyList],
  ['live-map', LiveMap],
  ['field-pack', FieldPacks],
  ['all-application', NewRegister],
  ['all-application2', OldRegister],
  ['all-application3', ChangeRegister],
  ['all-application4', RenewRegister],
  ['resolution', ResolutionList],
  ['old-application', OldApplication],
  ['audit', AuditLog],
] as const;

/** A role opening another role's screen goes back to its own dashboard (the server refuses anyway). */
function Gate({ role, path, children }: { role: StaffRole; path: string; children: ReactNode }) {
  if (!canOpen(role, path)) return <Navigate to="/admin-page" replace />;
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

function StaffRoutes({ me, role }: { me: Me; role: StaffRole }) {
  return (
    <Routes>
      <Route element={<StaffShell me={me} role={role} />}>
        {/* The Admin lands on the nine-card dashboard (spec 2 §2 admin-dashboard). */}
        <Route
          index
          element={
            can(role, 'dashboard.admin') ? <Navigate to="admin-dashboard" replace /> : <Dashboard me={me} role={role} />
          }
        />
        {LIST_SCREENS.map((screen) => (
          <Route
            key={screen.path}
            path={screen.path}
            element={
              <Gate role={role} path={screen.path}>
                <QueueList key={screen.path} screen={screen} />
              </Gate>
            }
          />
        ))}
        {DETAIL_ROUTES.map(([path, View]) => (
          <Route
            key={path}
            path={`${path}/:id`}
            element={
              <Gate role={role} path={path}>
                <View />
              </Gate>
            }
          />
        ))}
        {PAGES.map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <Gate role={role} path={path}>
                <Page />
              </Gate>
            }
          />
        ))}
        <Route path="*" element={<Navigate to="/admin-page" replace />} />
      </Route>
    </Routes>
  );
}

/** Signed in, but no Admin has given this account a role yet. */
function NoRole({ me, reload }: { me: Me; reload: () => void }) {
  const t = useT();
  return (
    <main className="mx-auto max-w-lg space-y-4 p-4">
      <div role="alert" className={ui.alertInfo}>
        <h1 className="text-lg font-bold">{t('staff.noRole.title')}</h1>
        <p className="mt-2">{t('staff.noRole.body')}</p>
        <p className="mt-2 text-sm">
          {me.name && <span className="font-semibold">{me.name} · </span>}
          {me.email}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={ui.primary} onClick={reload}>
          {t('staff.noRole.recheck')}
        </button>
        <SignOutButton className={ui.secondary} />
      </div>
      <Toaster />
    </main>
  );
}

export default function StaffApp() {
  const t = useT();
  const f = useFormat();
  const location = useLocation();
  const state = useMe();

  if (state.status === 'loading') {
    return (
      <p role="status" className="p-6 text-center text-gray-600">
        {t('staff.checkingSignIn')}
      </p>
    );
  }
  if (state.status === 'signedOut') {
    const to = state.explicit ? { signedOut: true } : { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={to} />;
  }
  if (state.status === 'error') {
    return (
      <main className="mx-auto max-w-lg p-4">
        <div role="alert" className={ui.alertError}>
          <p className="font-semibold">{t('staff.meFailed')}</p>
          <p>{f.error(state.error)}</p>
          <button type="button" className={`${ui.danger} mt-2`} onClick={() => void state.reload()}>
            {t('common.retry')}
          </button>
        </div>
      </main>
    );
  }
  const me = state.me;
  if (!me) return null; // status is 'ready' here; the check is for the type
  // A role over an area, and none in the office of this address (the national address has none).
  if (!me.role && me.area)
    return (
      <Suspense fallback={<PageLoading />}>
        <AreaApp me={me} />
      </Suspense>
    );
  if (!me.role) return <NoRole me={me} reload={() => void state.reload()} />;
  return <StaffRoutes me={me} role={me.role} />;
}
