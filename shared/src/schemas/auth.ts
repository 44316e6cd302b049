import { z } from 'zod';
import { AREA_ROLES, PASSWORD_MAX, PASSWORD_MIN, STAFF_NAME_MAX, STAFF_ROLES } from '../constants.js';
import { passwordLength } from '../password-rule.js';

export const emailSchema = z.string({ error: 'v.required' }).trim().toLowerCase().email({ error: 'v.email' }).max(254);

/** A new password (registration, reset, change): PASSWORD_MIN..PASSWORD_MAX characters, nothing else (decision 014). */
export const passwordSchema = z
  .string({ error: 'v.required' })
  .max(PASSWORD_MAX, { error: 'v.tooLong' })
  .refine((p) => passwordLength(p) >= PASSWORD_MIN, { error: 'auth.password.tooShort' });
export const staffRoleSchema = z.enum(STAFF_ROLES);
/** A role over an area (docs/decisions/057-offices.md, step 4): the national administrator, or a viewer of one division or district. */
export const areaRoleSchema = z.object({
  role: z.enum(AREA_ROLES),
  divisionId: z.number().int().nullable(),
  districtId: z.number().int().nullable(),
});
export type AreaGrant = z.infer<typeof areaRoleSchema>;
/** An officer's own name (docs/decisions/056-staff-names.md): spaces inside kept as typed, never blank. */
export const staffNameSchema = z
  .string({ error: 'v.required' })
  .trim()
  .min(1, { error: 'v.required' })
  .max(STAFF_NAME_MAX, { error: 'v.tooLong' });

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'v.required' }).max(PASSWORD_MAX),
});
export const registerSchema = z.object({ name: staffNameSchema, email: emailSchema, password: passwordSchema });
/** The officer's own name, set on the Profile page. */
export const setNameSchema = z.object({ name: staffNameSchema });
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: z.string().min(20).max(200), password: passwordSchema });
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { error: 'v.required' }).max(PASSWORD_MAX),
  newPassword: passwordSchema,
});

/** GET /api/auth/me, and the answer of POST /api/auth/login. */
export const meSchema = z.object({
  id: z.number().int(),
  /** Null for an account made before names were asked: the portal then names the role. */
  name: z.string().nullable(),
  email: z.string(),
  role: staffRoleSchema.nullable(),
  mustChangePassword: z.boolean(),
  /** A role over an area, beside (or instead of) a role in this office; the server always says, null for none. */
  area: areaRoleSchema.nullable().optional(),
});
export type Me = z.infer<typeof meSchema>;

/** Account Manager (/admin-page/manage-account). */
export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  role: staffRoleSchema.nullable(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.object({ rows: z.array(accountSchema) });
export const setRoleSchema = z.object({ role: staffRoleSchema.nullable() });
