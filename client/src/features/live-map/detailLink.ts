import type { StaffRole } from '@portal/shared/constants';
import type { WellFeatureProperties } from '@portal/shared/schemas/map';
import { canOpen, type DetailRoute } from '../staff/screens';

/**
 * Where a well's popup links: the licence page for a licensed well, else the read-only detail of
 * its kind (the rejected list's for a declined request). Null when this role may open none of them
 * (the server would refuse it anyway; docs/decisions/017-permissions.md).
 */
export function wellLink(
  p: WellFeatureProperties,
  role: StaffRole | null | undefined,
): { to: string; licence: boolean } | null {
  if (!role) return null;
  const route: DetailRoute = p.licenceId
    ? 'licensePrint'
    : p.state === 'declined'
      ? 'rejected-view'
      : p.kind === 'Renew'
        ? 'renew-seen-view'
        : p.kind === 'NameChange' || p.kind === 'PlotChange'
          ? 'change-pending-view'
          : 'seen-view';
  if (!canOpen(role, route)) return null;
  return { to: `/admin-page/${route}/${encodeURIComponent(p.applicationId)}`, licence: route === 'licensePrint' };
}
