import type { ComponentType } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';
import AreaOffices from './AreaOffices';
import AreaRegister from './AreaRegister';
import AreaMap from './AreaMap';
import AreaRoles from './AreaRoles';
import BoundaryMove from './BoundaryMove';

type AreaRole = NonNullable<Me['area']>['role'];

/**
 * The views of the area screen (docs/decisions/057-offices.md, step 4), in the order of its tabs.
 * `roles` says who sees the tab; the server refuses the rest whatever this list says.
 */
export interface AreaView {
  id: string;
  label: MessageKey;
  roles: readonly AreaRole[];
  component: ComponentType<{ me: Me }>;
}

const EVERY_AREA_ROLE: readonly AreaRole[] = ['NationalAdmin', 'DivisionViewer', 'DistrictViewer'];

export const AREA_VIEWS: readonly AreaView[] = [
  { id: 'offices', label: 'offices.national.tab.offices', roles: EVERY_AREA_ROLE, component: AreaOffices },
  { id: 'register', label: 'areaRegister.tab', roles: EVERY_AREA_ROLE, component: AreaRegister },
  { id: 'map', label: 'areaMap.tab', roles: EVERY_AREA_ROLE, component: AreaMap },
  { id: 'area-roles', label: 'areaRoles.tab', roles: ['NationalAdmin'], component: AreaRoles },
  { id: 'boundary-move', label: 'boundaryMove.tab', roles: ['NationalAdmin'], component: BoundaryMove },
];
