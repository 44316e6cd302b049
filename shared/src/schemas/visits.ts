import { z } from 'zod';
import { MAX_FILE_BYTES } from '../constants.js';
import { insideBangladesh } from '../geo/geo.js';
import { ACTION_PERMISSION } from '../access.js';
import { ACTIONS, type Action } from '../workflow/types.js';
import { INTAKE_STATUSES } from '../kinds/index.js';
import { checklistSchema } from './review.js';
import { optionalText } from './fields.js';

/**
 * A BADC inspector's field visit (docs/decisions/030-field-visits.md): its own record, sent from the
 * phone as one outbox item (POST with a manifest of its photos), then each photo on its own (PUT),
 * idempotent by the phone's clientVisitId like every other queued item (decision 018).
 */

/** The most photos one visit carries: enough for the well, the pump, the plot and the boundary. */
export const VISIT_PHOTO_LIMIT = 6;
/** A phone's clock may run a little ahead of the server's; more than this is a wrong clock. */
export const VISIT_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** A visit synced later than this is refused: idempotency records are kept 30 days (decision 018). */
export const VISIT_MAX_AGE_DAYS = 30;
/**
 * Only a position this precise moves the application's recorded position (the map and the siting
 * check); a coarser one (a network fix, ± a kilometre) is kept on the visit only.
 */
export const VISIT_POSITION_MAX_ACCURACY_M = 100;
/** Accuracy beyond this is no position at all. */
const MAX_ACCURACY_M = 50_000;

/**
 * The decision a visit carried: one of BADC's pipeline actions, or none. The migration's CHECK on
 * field_visits.decision lists them too: a new BADC action needs a migration that widens it.
 */
export const VISIT_DECISIONS = [
  'none',
  ...ACTIONS.filter((a): a is Exclude<Action, 'forward' | 'override'> => ACTION_PERMISSION[a] === 'review.decide'),
] as const;
export type VisitDecision = (typeof VISIT_DECISIONS)[number];

export const VISIT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const coordinate = (min: number, max: number) =>
  z
    .number({ error: 'visits.v.position' })
    .min(min, { error: 'visits.v.position' })
    .max(max, { error: 'visits.v.position' });
/** A time as the phone wrote it: ISO 8601 with its offset (the phone's own clock, checked on the server). */
const phoneTime = z.iso.datetime({ offset: true, error: 'visits.v.time' });

export const visitPositionSchema = z
  .object({
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    accuracyM: z
      .number({ error: 'visits.v.accuracy' })
      .min(0, { error: 'visits.v.accuracy' })
      .max(MAX_ACCURACY_M, { error: 'visits.v.accuracy' }),
  })
  .refine(insideBangladesh, { error: 'visits.v.outsideBangladesh' });
export type VisitPosition = z.infer<typeof visitPositionSchema>;

export const visitPhotoEntrySchema = z
  .object({
    index: z
      .number({ error: 'visits.v.photoIndex' })
      .int({ error: 'visits.v.photoIndex' })
      .min(0, { error: 'visits.v.photoIndex' })
      .max(VISIT_PHOTO_LIMIT - 1, { error: 'visits.v.photoIndex' }),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'visits.v.sha256' }),
    size: z.number({ error: 'v.wholeNumber' }).int({ error: 'v.wholeNumber' }).positive({ error: 'v.wholeNumber' }),
    mime: z.enum(VISIT_PHOTO_TYPES, { error: 'problem.FILE_MUST_BE_IMAGE' }),
    takenAt: phoneTime,
    latitude: coordinate(-90, 90).optional(),
    longitude: coordinate(-180, 180).optional(),
  })
  .refine((p) => (p.latitude === undefined) === (p.longitude === undefined), {
    error: 'visits.v.position',
    path: ['latitude'],
  })
  .refine((p) => p.latitude === undefined || insideBangladesh({ latitude: p.latitude, longitude: p.longitude! }), {
    error: 'visits.v.outsideBangladesh',
    path: ['latitude'],
  });
export type VisitPhotoEntry = z.infer<typeof visitPhotoEntrySchema>;

/** POST /api/staff/applications/{id}/visits. */
export const visitRequestSchema = z.object({
  clientVisitId: z.uuid({ error: 'visits.v.id' }),
  /** The officer who made the visit; refused under anyone else's session (decision 012). */
  officerId: z.number({ error: 'v.wholeNumber' }).int({ error: 'v.wholeNumber' }).positive({ error: 'v.wholeNumber' }),
  visitedAt: phoneTime,
  position: visitPositionSchema.nullable(),
  checklist: checklistSchema.optional(),
  notes: optionalText(2000),
  decision: z.enum(VISIT_DECISIONS, { error: 'v.choose' }).default('none'),
  photos: z
    .array(visitPhotoEntrySchema)
    .max(VISIT_PHOTO_LIMIT, { error: 'visits.v.tooManyPhotos' })
    .refine((ps) => new Set(ps.map((p) => p.index)).size === ps.length, { error: 'visits.v.duplicatePhoto' }),
});
export type VisitRequest = z.input<typeof visitRequestSchema>;
export type ParsedVisitRequest = z.output<typeof visitRequestSchema>;

export const visitPhotoSchema = z.object({
  index: z.number().int(),
  sha256: z.string(),
  size: z.number().int(),
  mime: z.string(),
  takenAt: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Where to fetch the picture once it has arrived (staff only, same access as the visit); null while on the way. */
  url: z.string().nullable(),
});
export type VisitPhoto = z.infer<typeof visitPhotoSchema>;

export const fieldVisitSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  officerId: z.number().int(),
  officerEmail: z.string(),
  visitedAt: z.string(),
  position: z.object({ latitude: z.number(), longitude: z.number(), accuracyM: z.number() }).nullable(),
  checklist: checklistSchema.nullable(),
  notes: z.string().nullable(),
  decision: z.enum(VISIT_DECISIONS),
  /** "receiving" until every declared photo has arrived. */
  status: z.enum(INTAKE_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** In index order. */
  photos: z.array(visitPhotoSchema),
});
export type FieldVisit = z.infer<typeof fieldVisitSchema>;

/** The answer to the POST, first time and on every repeat: the visit and the photos still to send. */
export const visitResponseSchema = fieldVisitSchema.extend({ missingPhotos: z.array(z.number().int()) });
export type VisitResponse = z.infer<typeof visitResponseSchema>;

/** PUT /api/staff/visits/{visitId}/photos/{index}. */
export const visitPhotoResponseSchema = z.object({
  index: z.number().int(),
  sha256: z.string(),
  size: z.number().int(),
  mime: z.string(),
  status: z.enum(INTAKE_STATUSES),
  missingPhotos: z.array(z.number().int()),
});
export type VisitPhotoResponse = z.infer<typeof visitPhotoResponseSchema>;

export const visitListSchema = z.object({ visits: z.array(fieldVisitSchema) });
export type VisitList = z.infer<typeof visitListSchema>;

/** A photo declared larger than a stored file may be (the same limit as every upload, decision 015). */
export const visitPhotoTooLarge = (p: Pick<VisitPhotoEntry, 'size'>) => p.size > MAX_FILE_BYTES;
