import { z } from 'zod';
import {
  DEFAULT_HOLIDAYS,
  DEFAULT_STAGE_TARGETS,
  HOLIDAYS_MAX,
  isHolidayEntry,
  STAGE_TARGET_MAX,
  STAGE_TARGET_MIN,
} from '../workflow/deadlines.js';

/**
 * The Admin's deadline settings (docs/decisions/040-stage-deadlines.md), part of the site settings:
 * a target in working days for each stage that waits on an officer, and the holidays. A stored
 * copy missing a stage gets that stage's default, so a stage added later needs no data migration.
 */
const ERROR = { error: 'deadlines.v.target' } as const;
const target = (fallback: number) =>
  z.number(ERROR).int(ERROR).min(STAGE_TARGET_MIN, ERROR).max(STAGE_TARGET_MAX, ERROR).default(fallback);

const d = DEFAULT_STAGE_TARGETS;
export const stageTargetsSchema = z
  .object({
    new: z
      .object({
        StepOne: target(d.new.StepOne),
        StepTwo: target(d.new.StepTwo),
        StepThree: target(d.new.StepThree),
        Pending: target(d.new.Pending),
        Approvable: target(d.new.Approvable),
        NotApprovable: target(d.new.NotApprovable),
      })
      .prefault({}),
    renewal: z
      .object({
        StepOne: target(d.renewal.StepOne),
        StepTwo: target(d.renewal.StepTwo),
        StepThree: target(d.renewal.StepThree),
      })
      .prefault({}),
    change: z
      .object({
        StepOne: target(d.change.StepOne),
        StepTwo: target(d.change.StepTwo),
        Pending: target(d.change.Pending),
      })
      .prefault({}),
  })
  .prefault({});

/**
 * Holidays: 'YYYY-MM-DD' for one day (a moving holiday of one year), 'MM-DD' for the same day every
 * year. Kept once each, in order (every-year days first).
 */
export const holidaysSchema = z
  .array(z.string().trim().refine(isHolidayEntry, { error: 'deadlines.v.holiday' }), {
    error: 'deadlines.v.holiday',
  })
  .max(HOLIDAYS_MAX, { error: 'deadlines.v.holidayCount' })
  .transform((list) => [...new Set(list)].sort())
  .default(() => [...DEFAULT_HOLIDAYS]);
