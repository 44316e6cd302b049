import type { StaffRole } from '@portal/shared/constants';
import type { VisitFeatureProperties, WellFeatureProperties } from '@portal/shared/schemas/map';
import { canOpen, type DetailRoute } from '../staff/screens';

/** The read-only detail of an application of this kind (the rejected list's for a declined request). */
function applicationRoute(kind: string, declined: boolean): DetailRoute {
  return declined
    ? 'rejected-view'
    : kind === 'Renew'
      ? 'renew-seen-view'
      : kind === 'NameChange' || kind === 'PlotChange'
        ? 'change-pending-view'
        : 'seen-view';
}

function linkTo(route: DetailRoute, applicationId: string, role: StaffRole | null | undefined): string | null {
  if (!role || !canOpen(role, route)) return null;
  return `/admin-page/${route}/${encodeURIComponent(applicationId)}`;
}

/**
 * Where a well's popup links: the licence page for a licensed well, else the read-only detail of
 * its kind (the rejected list's for a declined request). Null when this role may open none of them
 * (the server would refuse it anyway; docs/decisions/017-permissions.md).
 */
export function wellLink(
  p: WellFeatureProperties,
  role: StaffRole | null | undefined,
): { to: string; licence: boolean } | null {
  const route: DetailRoute = p.licenceId ? 'licensePrint' : applicationRoute(p.kind, p.state === 'declined');
  const to = linkTo(route, p.applicationId, role);
  return to ? { to, licence: route === 'licensePrint' } : null;
}

/** Where a visit's popup links: its application's read-only detail (docs/decisions/035-live-map-clusters-and-visits.md). */
export function visitLink(p: VisitFeatureProperties, role: StaffRole | null | undefined): string | null {
  return linkTo(applicationRoute(p.kind, p.declined), p.applicationId, role);
}
