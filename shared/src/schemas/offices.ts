import { z } from 'zod';
import { emailSchema, staffNameSchema } from './auth.js';

/**
 * The national administrator's forms (docs/decisions/057-offices.md, step 4). An office's address
 * is a host name as browsers send it: lower case letters, digits, dots and hyphens, at least one dot.
 */
export const officeHostSchema = z
  .string({ error: 'v.required' })
  .trim()
  .toLowerCase()
  .max(253, { error: 'offices.v.host' })
  .regex(/^(?=.*\.)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, { error: 'offices.v.host' });

const officeNameSchema = z.string({ error: 'v.required' }).trim().min(1, { error: 'v.required' }).max(120);

export const openOfficeSchema = z.object({
  upazilaId: z.number({ error: 'v.required' }).int().positive(),
  /** Empty: the list's own address for the upazila (`<upazila>.<district>.gov.bd`). */
  host: officeHostSchema.nullable().optional(),
});

export const changeOfficeSchema = z
  .object({
    nameBn: officeNameSchema.optional(),
    nameEn: officeNameSchema.optional(),
    host: officeHostSchema.nullable().optional(),
    open: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'v.required' });

export const appointAdminSchema = z.object({
  email: emailSchema,
  name: staffNameSchema.nullable().optional(),
});
