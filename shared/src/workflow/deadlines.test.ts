import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { siteSettingsSchema } from '../schemas/settings.js';
import {
  addDays,
  addWorkingDays,
  DEFAULT_HOLIDAYS,
  DEFAULT_STAGE_TARGETS,
  deadlineRules,
  isHolidayEntry,
  isWorkingDay,
  overdueCutoff,
  stageDeadline,
  workCalendar,
  workingDaysBetween,
  type WorkCalendar,
} from './deadlines.js';

const defaults = workCalendar(DEFAULT_HOLIDAYS);
const none = workCalendar([]);

describe('working days in Bangladesh', () => {
  it('skips Friday and Saturday', () => {
    // Thursday 26 November 2026 → Sunday 29 November.
    expect(addWorkingDays('2026-11-26', 1, none)).toBe('2026-11-29');
    expect(workingDaysBetween('2026-11-26', '2026-11-29', none)).toBe(1);
    expect(workingDaysBetween('2026-11-26', '2026-11-28', none)).toBe(0);
    expect(isWorkingDay('2026-11-27', none)).toBe(false);
    expect(isWorkingDay('2026-11-29', none)).toBe(true);
  });

  it('skips a holiday kept every year, and the weekend after it', () => {
    // Victory Day, Wednesday 16 December 2026: from Tuesday the 15th, 3 working days are Thu 17, Sun 20, Mon 21.
    expect(addWorkingDays('2026-12-15', 1, defaults)).toBe('2026-12-17');
    expect(addWorkingDays('2026-12-15', 3, defaults)).toBe('2026-12-21');
    expect(addWorkingDays('2026-12-15', 3, none)).toBe('2026-12-20');
    expect(workingDaysBetween('2026-12-15', '2026-12-21', defaults)).toBe(3);
  });

  it('skips a one-day holiday of one year only', () => {
    const eid = workCalendar(['2026-12-17']);
    expect(addWorkingDays('2026-12-15', 2, eid)).toBe('2026-12-20');
    expect(addWorkingDays('2027-12-15', 2, eid)).toBe('2027-12-19');
  });

  it('keeps 29 February only in leap years', () => {
    const leap = workCalendar(['02-29']);
    expect(isWorkingDay('2028-02-29', leap)).toBe(false);
    expect(workingDaysBetween('2027-02-25', '2027-03-02', leap)).toBe(
      workingDaysBetween('2027-02-25', '2027-03-02', none),
    );
    expect(workingDaysBetween('2028-02-28', '2028-02-29', leap)).toBe(0);
  });

  it('accepts real dates and days of the year as holidays, nothing else', () => {
    expect(['2026-12-17', '02-21', '02-29', '12-31'].every(isHolidayEntry)).toBe(true);
    expect(
      ['2026-02-30', '2026-13-01', '13-01', '04-31', '21-02', '2026/12/17', '', '1999-01-01'].some(isHolidayEntry),
    ).toBe(false);
  });
});

describe('a stage’s deadline', () => {
  const rules = deadlineRules({ stageTargets: DEFAULT_STAGE_TARGETS, holidays: [] });
  // Entered the Chairman's stage (3 working days) on Thursday 26 November 2026 at 15:00 in Dhaka.
  const chairman = { pipeline: 'new' as const, stage: 'StepOne' as const, since: '2026-11-26T09:00:00Z' };

  it('is due on the target’s working day and overdue only after it', () => {
    expect(stageDeadline(chairman, '2026-12-01', rules)).toEqual({
      since: '2026-11-26',
      due: '2026-12-01',
      targetDays: 3,
      ageDays: 3,
      overdueDays: 0,
      paused: false,
    });
    expect(stageDeadline(chairman, '2026-12-02', rules)).toMatchObject({ ageDays: 4, overdueDays: 1 });
    // The weekend adds nothing: Friday 4 December is still 2 working days late.
    expect(stageDeadline(chairman, '2026-12-05', rules)).toMatchObject({ ageDays: 5, overdueDays: 2 });
  });

  it('takes the day in Dhaka: 23:30 on Thursday there is still Thursday', () => {
    expect(stageDeadline({ ...chairman, since: '2026-11-26T17:30:00Z' }, '2026-11-29', rules)?.since).toBe(
      '2026-11-26',
    );
    expect(stageDeadline({ ...chairman, since: '2026-11-26T18:30:00Z' }, '2026-11-29', rules)?.since).toBe(
      '2026-11-27',
    );
  });

  it('has none at a final stage, and none where the pipeline has no such stage', () => {
    expect(stageDeadline({ ...chairman, stage: 'Approved' }, '2026-12-05', rules)).toBeNull();
    expect(stageDeadline({ ...chairman, stage: 'Decline' }, '2026-12-05', rules)).toBeNull();
    expect(stageDeadline({ ...chairman, pipeline: 'change', stage: 'StepThree' }, '2026-12-05', rules)).toBeNull();
  });

  it('is never overdue while the applicant is asked for a correction', () => {
    expect(stageDeadline({ ...chairman, paused: true }, '2026-12-20', rules)).toMatchObject({
      overdueDays: 0,
      paused: true,
    });
  });
});

/** Days from 2024-01-01 to 2030-12-31, and holiday lists made of both kinds of entry. */
const BASE = '2024-01-01';
const date = fc.integer({ min: 0, max: 7 * 365 }).map((n) => addDays(BASE, n));
const holidays = fc
  .array(
    fc.oneof(
      date,
      date.map((d) => d.slice(5)),
    ),
    { maxLength: 40 },
  )
  .map(workCalendar);

/** The definition, one day at a time. */
function countByWalking(from: string, to: string, cal: WorkCalendar): number {
  let n = 0;
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (isWorkingDay(d, cal)) n++;
  return n;
}

describe('working-day arithmetic, for any dates and holidays', () => {
  it('counts what a day-by-day walk counts', () => {
    fc.assert(
      fc.property(date, date, holidays, (a, b, cal) => {
        expect(workingDaysBetween(a, b, cal)).toBe(countByWalking(a, b, cal));
      }),
    );
  });

  it('adds n working days to land on the n-th working day, and no earlier', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 60 }), holidays, (start, n, cal) => {
        const end = addWorkingDays(start, n, cal);
        expect(isWorkingDay(end, cal)).toBe(true);
        expect(workingDaysBetween(start, end, cal)).toBe(n);
        expect(workingDaysBetween(start, addDays(end, -1), cal)).toBe(n - 1);
      }),
    );
  });

  it('gives the database one cut-off per stage: entered before it ⇔ overdue today', () => {
    fc.assert(
      fc.property(date, date, fc.integer({ min: 1, max: 60 }), holidays, (since, today, target, cal) => {
        const overdue = workingDaysBetween(since, today, cal) > target;
        expect(since < overdueCutoff(today, target, cal)).toBe(overdue);
      }),
    );
  });
});

describe('the deadline settings', () => {
  it('default to the targets and the fixed-date holidays', () => {
    const s = siteSettingsSchema.parse({});
    expect(s.stageTargets).toEqual(DEFAULT_STAGE_TARGETS);
    expect(s.holidays).toEqual(['02-21', '03-26', '04-14', '05-01', '12-16']);
  });

  it('fill a stage a stored copy lacks with its default', () => {
    const s = siteSettingsSchema.parse({ stageTargets: { new: { StepThree: 10 } } });
    expect(s.stageTargets.new).toEqual({ ...DEFAULT_STAGE_TARGETS.new, StepThree: 10 });
    expect(s.stageTargets.renewal).toEqual(DEFAULT_STAGE_TARGETS.renewal);
  });

  it('refuse a target outside 1..60 working days, or not whole, with the Bangla message key', () => {
    for (const bad of [0, 61, 2.5, '3']) {
      const r = siteSettingsSchema.safeParse({ stageTargets: { change: { Pending: bad } } });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({
        path: ['stageTargets', 'change', 'Pending'],
        message: 'deadlines.v.target',
      });
    }
  });

  it('keep each holiday once, in order, and refuse a date that does not exist', () => {
    expect(siteSettingsSchema.parse({ holidays: ['2026-12-17', '12-16', '2026-12-17'] }).holidays).toEqual([
      '12-16',
      '2026-12-17',
    ]);
    const r = siteSettingsSchema.safeParse({ holidays: ['12-16', '2026-02-30'] });
    expect(r.error?.issues[0]).toMatchObject({ path: ['holidays', 1], message: 'deadlines.v.holiday' });
  });
});
