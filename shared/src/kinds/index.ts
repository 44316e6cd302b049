import { z } from 'zod';
import { complaintFieldsSchema } from './complaint.js';
import { copyFieldsSchema } from './copy.js';
import { existingFieldsSchema } from './existing.js';
import { nameChangeFieldsSchema } from './nameChange.js';
import { newApplicationFieldsSchema } from './new.js';
import { plotChangeFieldsSchema } from './plotChange.js';
import { renewalFieldsSchema } from './renewal.js';
import { CITIZEN_SLOTS, KIND_SLOTS, type Kind, type KindSlot } from './slots.js';

/**
 * One intake for every kind of request (docs/decisions/023-one-intake.md): the same item shape
 * ({ clientId, fields, files }) is sent to POST /api/intake/{slug}; only the fields' schema and the
 * slots differ, and both are looked up here by kind.
 */

export * from './slots.js';
export * from './new.js';
export * from './existing.js';
export * from './renewal.js';
export * from './nameChange.js';
export * from './plotChange.js';
export * from './complaint.js';
export * from './copy.js';
export * from './old.js';

/** The fields' schema of each kind's form: the client validates with it, the server again. */
export const KIND_FIELDS = {
  New: newApplicationFieldsSchema,
  Existing: existingFieldsSchema,
  Renew: renewalFieldsSchema,
  NameChange: nameChangeFieldsSchema,
  PlotChange: plotChangeFieldsSchema,
  Complaint: complaintFieldsSchema,
  Copy: copyFieldsSchema,
} as const satisfies { [K in Kind]: z.ZodType };

/** The fields of a kind after validation (what is stored). */
export type KindFields<K extends Kind> = z.output<(typeof KIND_FIELDS)[K]>;
/** The fields of a kind as a form holds them before validation (Bangla digits and all). */
export type KindInput<K extends Kind> = z.input<(typeof KIND_FIELDS)[K]>;

/** What the phone declares about each file before sending it, so the server knows what to wait for. */
const manifestEntry = <S extends readonly [string, ...string[]]>(slots: S) =>
  z.object({
    slot: z.enum(slots),
    size: z.number().int().positive(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    mime: z.string().max(100),
    name: z.string().max(255).optional(),
  });

/** A manifest entry whose slot is one of the kind's slots. */
export const manifestEntrySchema = <K extends Kind>(kind: K) =>
  manifestEntry(KIND_SLOTS[kind] as unknown as readonly [KindSlot<K>, ...KindSlot<K>[]]);
/** Any citizen slot (the type the client's outbox stores). */
export const anyManifestEntrySchema = manifestEntry(CITIZEN_SLOTS as unknown as readonly [string, ...string[]]);
export type ManifestEntry = z.infer<typeof anyManifestEntrySchema>;

/** POST /api/intake/{slug}: one queued item of the offline outbox (docs/decisions/018-service-targets.md). */
export const intakeRequestSchema = <K extends Kind>(kind: K) =>
  z.object({
    clientId: z.uuid(),
    fields: KIND_FIELDS[kind] as (typeof KIND_FIELDS)[K],
    files: z.array(manifestEntrySchema(kind)).max(KIND_SLOTS[kind].length),
  });
export type IntakeRequest<K extends Kind = Kind> = {
  clientId: string;
  fields: KindInput<K>;
  files: ManifestEntry[];
};

export const INTAKE_STATUSES = ['receiving', 'complete'] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];

/** The answer to an intake POST, first time and on every repeat. */
export const intakeResponseSchema = z.object({
  id: z.uuid(),
  /** The application number, or the complaint's or copy request's reference number. */
  referenceNumber: z.number().int(),
  /** "receiving" until every declared file has arrived; then "complete". */
  status: z.enum(INTAKE_STATUSES),
  missingSlots: z.array(z.string()),
});
export type IntakeResponse = z.infer<typeof intakeResponseSchema>;

/** The answer to PUT /api/intake/{slug}/{id}/files/{slot}. */
export const intakeFileResponseSchema = z.object({
  slot: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  mime: z.string(),
  status: z.enum(INTAKE_STATUSES),
  missingSlots: z.array(z.string()),
});
export type IntakeFileResponse = z.infer<typeof intakeFileResponseSchema>;
