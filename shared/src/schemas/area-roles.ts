import { z } from 'zod';
import { emailSchema, staffNameSchema } from './auth.js';

/** The viewer roles the national administrator grants on a screen (docs/decisions/057-offices.md, step 4). */
export const GRANTABLE_AREA_ROLES = ['DistrictViewer', 'DivisionViewer'] as const;

const areaId = z.number({ error: 'areaRoles.v.area' }).int({ error: 'areaRoles.v.area' }).positive({
  error: 'areaRoles.v.area',
});

/**
 * POST /api/national/area-roles: a district viewer names its district, a division viewer its
 * division, and nothing else; the message stands on the field that is missing.
 */
export const grantAreaRoleSchema = z
  .object({
    email: emailSchema,
    name: staffNameSchema.nullable().optional(),
    role: z.enum(GRANTABLE_AREA_ROLES, { error: 'areaRoles.v.role' }),
    districtId: areaId.nullable().optional(),
    divisionId: areaId.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const [wanted, other] =
      v.role === 'DistrictViewer' ? (['districtId', 'divisionId'] as const) : (['divisionId', 'districtId'] as const);
    if (v[wanted] == null) ctx.addIssue({ code: 'custom', path: [wanted], message: 'areaRoles.v.area' });
    if (v[other] != null) ctx.addIssue({ code: 'custom', path: [other], message: 'areaRoles.v.oneArea' });
  });
export type GrantAreaRole = z.output<typeof grantAreaRoleSchema>;
