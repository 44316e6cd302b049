import { z } from 'zod';
import { STORED_KINDS } from '../kinds/slots.js';
import { requiredText } from './fields.js';
import { storedFileSchema } from './files.js';
import { auditEntrySchema } from './review.js';
import { stageSchema } from './settings.js';

/**
 * The edit view of the office's register (spec 2 "Edit application screen (edit-view/{id})";
 * docs/decisions/038-edit-view-and-override.md): every field of the application, each document
 * with a way to replace it, the Admin's override of the stage, and the history with before and after.
 */

/** A history row: the detail's own audit entry, with what it changed before and after (decision 041). */
export const editHistoryEntrySchema = auditEntrySchema;
export type EditHistoryEntry = z.infer<typeof editHistoryEntrySchema>;

export const editSlotSchema = z.object({
  slot: z.string(),
  /** Photo and signature take only pictures (spec 1 §5). */
  imageOnly: z.boolean(),
  file: storedFileSchema.extend({ url: z.string() }).nullable(),
});
export type EditSlot = z.infer<typeof editSlotSchema>;

/** GET /api/staff/register/applications/{id}/edit */
export const editViewSchema = z.object({
  id: z.string().uuid(),
  applicationNumber: z.number().int(),
  kind: z.enum(STORED_KINDS),
  stage: stageSchema,
  seen: z.object({ chairman: z.boolean(), uno: z.boolean(), badc: z.boolean() }),
  /** The version a save must carry (409 STALE_STATE with the current edit view otherwise). */
  version: z.number().int(),
  intakeStatus: z.enum(['receiving', 'complete']),
  fields: z.record(z.string(), z.unknown()),
  /** The fields a save may change, in the kind's form order. */
  editable: z.array(z.string()),
  /** Fields shown but kept: what ties the request to its licence (licence number, licensed application). */
  fixed: z.array(z.string()),
  /** The kind's documents in slot order, each with the file it holds now. */
  slots: z.array(editSlotSchema),
  /** For a role that may override: the stages the override accepts now (the kind's own pipeline). */
  override: z.object({ stages: z.array(stageSchema) }).nullable(),
  history: z.array(editHistoryEntrySchema),
});
export type EditView = z.infer<typeof editViewSchema>;

/** PUT …/edit: the whole form as typed (Bangla digits and all), against the version the editor saw. */
export const editFieldsRequestSchema = z.object({
  version: z.number().int(),
  fields: z.record(z.string().max(60), z.unknown()),
});
export type EditFieldsRequest = z.infer<typeof editFieldsRequestSchema>;

/** POST …/override: the Admin's stage by hand (spec 3 §4 "Admin may set any destination"), a reason required. */
export const overrideRequestSchema = z.object({
  version: z.number().int(),
  /** Makes a repeated click or a resent request one override (as every officer action). */
  clientActionId: z.string().uuid().optional(),
  stage: stageSchema,
  reason: requiredText(1000),
});
export type OverrideRequest = z.input<typeof overrideRequestSchema>;
