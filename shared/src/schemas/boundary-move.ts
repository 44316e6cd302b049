import { z } from 'zod';

/**
 * Moving licences and their wells from one office to another when a new upazila is formed
 * (issue 22 "Boundaries change", docs/decisions/057-offices.md): the national administrator names
 * the licences by their numbers in the old office, or by the unions their wells are in.
 */
const officeId = z.number({ error: 'v.required' }).int().positive().max(2_147_483_647);

const selectionShape = {
  fromOfficeId: officeId,
  toOfficeId: officeId,
  /** The licences by their numbers in the old office. */
  licenceNumbers: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), { error: 'boundaryMove.v.numbers' })
    .min(1, { error: 'boundaryMove.v.numbers' })
    .max(5000, { error: 'boundaryMove.v.tooMany' })
    .optional(),
  /** Every licence whose well is in one of these unions of the old office. */
  unions: z
    .array(z.string().trim().min(1).max(100), { error: 'boundaryMove.v.unions' })
    .min(1, { error: 'boundaryMove.v.unions' })
    .max(100)
    .optional(),
};

type Selection = { fromOfficeId: number; toOfficeId: number; licenceNumbers?: number[]; unions?: string[] };

function checked<T extends z.ZodType<Selection>>(schema: T) {
  return schema
    .refine((v) => v.fromOfficeId !== v.toOfficeId, { error: 'boundaryMove.v.sameOffice', path: ['toOfficeId'] })
    .refine((v) => (v.licenceNumbers === undefined) !== (v.unions === undefined), {
      error: 'boundaryMove.v.chooseWhat',
      path: ['licenceNumbers'],
    });
}

export const boundaryMoveSelectionSchema = checked(z.object(selectionShape));
export type BoundaryMoveSelection = z.infer<typeof boundaryMoveSelectionSchema>;

/** The move itself: the client's key makes a retried request find its own move (it moves once). */
export const boundaryMoveRequestSchema = checked(z.object({ ...selectionShape, moveKey: z.string().uuid() }));
export type BoundaryMoveRequest = z.infer<typeof boundaryMoveRequestSchema>;

const officeRef = z.object({ id: z.number().int(), nameBn: z.string(), nameEn: z.string(), code: z.string() });

export const boundaryMoveCountsSchema = z.object({
  licences: z.number().int(),
  applications: z.number().int(),
  files: z.number().int(),
  visits: z.number().int(),
  photos: z.number().int(),
});

export const boundaryMovePreviewSchema = z.object({
  from: officeRef,
  to: officeRef,
  counts: boundaryMoveCountsSchema,
  licences: z.array(
    z.object({
      licenceNumber: z.number().int(),
      holderName: z.string(),
      union: z.string(),
      village: z.string(),
      /** The request that made it and its renewals and changes. */
      applications: z.number().int(),
    }),
  ),
});
export type BoundaryMovePreview = z.infer<typeof boundaryMovePreviewSchema>;

export const boundaryMoveResultSchema = z.object({
  moveKey: z.string(),
  from: officeRef,
  to: officeRef,
  counts: boundaryMoveCountsSchema,
  /** Each licence's number in the old office and the new one. */
  licences: z.array(z.object({ from: z.number().int(), to: z.number().int() })),
  /** Each application's number in the old office and the new one. */
  applications: z.array(z.object({ from: z.number().int(), to: z.number().int() })),
});
export type BoundaryMoveResult = z.infer<typeof boundaryMoveResultSchema>;

export const boundaryMoveUnionsSchema = z.object({
  unions: z.array(z.object({ name: z.string(), licences: z.number().int() })),
});
export type BoundaryMoveUnions = z.infer<typeof boundaryMoveUnionsSchema>;
