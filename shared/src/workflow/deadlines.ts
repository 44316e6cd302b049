import { todayInDhaka } from '../i18n/dates.js';
import type { PipelineName } from '../kinds/slots.js';
import type { Stage } from '../schemas/settings.js';
import type { QueueName } from './types.js';

/**
 * Deadlines per stage (docs/decisions/040-stage-deadlines.md): each stage that waits on an officer
 * has a target in working days; a request's age is counted in working days since it entered its
 * stage, in Dhaka's calendar, with Friday and Saturday as the weekend and the Admin's holidays.
 * Pure: the server computes each list row's deadline and the dashboards' cut-offs with it, and the
 * citizen's status panel shows the due date it gives.
 *
 * Dates are ISO dates (YYYY-MM-DD). A stage entered on day S has age N on day T when N working
 * days lie in (S, T]; its due date is the N-th working day after S (the target), and it is overdue
 * once its age is greater than the target, so the due date itself is still in time.
 */
export type IsoDate = string;

/** The stages that wait on an officer, per pipeline, in order; Approved and Decline are final. */
export const TIMED_STAGES = {
  new: ['StepOne', 'StepTwo', 'StepThree', 'Pending', 'Approvable', 'NotApprovable'],
  renewal: ['StepOne', 'StepTwo', 'StepThree'],
  change: ['StepOne', 'StepTwo', 'Pending'],
} as const satisfies Record<PipelineName, readonly Stage[]>;
export type TimedStage<P extends PipelineName = PipelineName> = (typeof TIMED_STAGES)[P][number];
export type StageTargets = { [P in PipelineName]: Record<TimedStage<P>, number> };
export const PIPELINE_NAMES = ['new', 'renewal', 'change'] as const satisfies readonly PipelineName[];

/** A target is 1 to 60 working days (about three months): beyond that it no longer guides anyone. */
export const STAGE_TARGET_MIN = 1;
export const STAGE_TARGET_MAX = 60;

/**
 * Defaults: a level that reads and forwards has 3 working days; BADC's inspection of a new well
 * (a site visit) 7; its first decision 5; approving or declining after it 3. A renewal's and a
 * change's BADC decision is a check of documents, 5.
 */
export const DEFAULT_STAGE_TARGETS: StageTargets = {
  new: { StepOne: 3, StepTwo: 3, StepThree: 7, Pending: 5, Approvable: 3, NotApprovable: 3 },
  renewal: { StepOne: 3, StepTwo: 3, StepThree: 5 },
  change: { StepOne: 3, StepTwo: 3, Pending: 5 },
};

/**
 * The fixed-date public holidays kept every year ('MM-DD'): Shaheed Day, Independence Day, Pohela
 * Boishakh, May Day, Victory Day. 17 March and 15 August left the government's list in 2024; the
 * Admin adds them, and each year's moving holidays (the Eids, Puja, …) as dates.
 */
export const DEFAULT_HOLIDAYS: readonly string[] = ['02-21', '03-26', '04-14', '05-01', '12-16'];
export const HOLIDAYS_MAX = 200;

/** The list where each timed stage's work waits: whose work it is, and where a dashboard leads. */
export const STAGE_QUEUE = {
  new: {
    StepOne: 'chairman-unseen',
    StepTwo: 'uno-unseen',
    StepThree: 'badc-unseen',
    Pending: 'pending',
    Approvable: 'approvable',
    NotApprovable: 'notapprovable',
  },
  renewal: { StepOne: 'chairman-renew-unseen', StepTwo: 'uno-renew-unseen', StepThree: 'badc-renew-unseen' },
  change: { StepOne: 'chairman-change-unseen', StepTwo: 'uno-change-unseen', Pending: 'change-pending' },
} as const satisfies { [P in PipelineName]: Record<TimedStage<P>, QueueName> };

/** Every timed stage of every pipeline, in the order the settings and dashboards list them. */
export const TIMED_PAIRS: readonly { pipeline: PipelineName; stage: TimedStage }[] = PIPELINE_NAMES.flatMap(
  (pipeline) => TIMED_STAGES[pipeline].map((stage) => ({ pipeline, stage })),
);

/** The target of a stage in working days, or null for a final stage (or one the pipeline does not have). */
export function targetOf(targets: StageTargets, pipeline: PipelineName, stage: Stage): number | null {
  const own = targets[pipeline] as Partial<Record<Stage, number>>;
  return (TIMED_STAGES[pipeline] as readonly Stage[]).includes(stage) ? (own[stage] ?? null) : null;
}

// ---- The calendar -------------------------------------------------------------------------------

/** Holidays as the Admin keeps them: full dates (one year) and month-days (every year). */
export interface WorkCalendar {
  readonly dates: ReadonlySet<IsoDate>;
  readonly everyYear: ReadonlySet<string>;
}

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;

/** A real date as YYYY-MM-DD, or a real day of the year as MM-DD (29 February included). */
export function isHolidayEntry(value: string): boolean {
  const full = FULL_DATE.exec(value);
  if (full) return isRealDate(value) && Number(full[1]) >= 2000 && Number(full[1]) <= 2100;
  // 2000 is a leap year, so 02-29 is a day of the year.
  return MONTH_DAY.test(value) && isRealDate(`2000-${value}`);
}

/** Date.parse takes 2026-02-30 as 2 March: a date is real when it comes back as itself. */
function isRealDate(iso: string): boolean {
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === iso;
}

export function workCalendar(holidays: readonly string[]): WorkCalendar {
  const dates = new Set<IsoDate>();
  const everyYear = new Set<string>();
  for (const h of holidays) {
    if (FULL_DATE.test(h)) dates.add(h);
    else if (MONTH_DAY.test(h)) everyYear.add(h);
  }
  return { dates, everyYear };
}

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 (a Thursday). */
function dayNumber(iso: IsoDate): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}
function toIso(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
/** Friday and Saturday are Bangladesh's weekend. */
function isWeekend(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
  return weekday === 5 || weekday === 6;
}
function isHoliday(iso: IsoDate, cal: WorkCalendar): boolean {
  return cal.dates.has(iso) || cal.everyYear.has(iso.slice(5));
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return toIso(dayNumber(iso) + days);
}

export function isWorkingDay(iso: IsoDate, cal: WorkCalendar): boolean {
  return !isWeekend(dayNumber(iso)) && !isHoliday(iso, cal);
}

/**
 * The working days in (from, to]: the weekdays by whole weeks, less the holidays that fall on one.
 * 0 when `to` is not after `from`. Arithmetic rather than a walk, so a request waiting for years
 * costs no more than one waiting for a week.
 */
export function workingDaysBetween(from: IsoDate, to: IsoDate, cal: WorkCalendar): number {
  const first = dayNumber(from) + 1;
  const last = dayNumber(to);
  if (last < first) return 0;
  const span = last - first + 1;
  let count = Math.floor(span / 7) * 5;
  for (let day = first + Math.floor(span / 7) * 7; day <= last; day++) if (!isWeekend(day)) count++;
  const holidays = new Set<number>();
  for (const iso of cal.dates) holidays.add(dayNumber(iso));
  const firstYear = Number(toIso(first).slice(0, 4));
  const lastYear = Number(toIso(last).slice(0, 4));
  for (let year = firstYear; year <= lastYear; year++) {
    for (const md of cal.everyYear) {
      const iso = `${year}-${md}`;
      // 29 February only in a leap year.
      if (isRealDate(iso)) holidays.add(dayNumber(iso));
    }
  }
  for (const day of holidays) if (day >= first && day <= last && !isWeekend(day)) count--;
  return count;
}

/** Walks from a date by whole days until `count` working days have passed; a holiday-free year bounds it. */
function walk(start: IsoDate, count: number, step: 1 | -1, cal: WorkCalendar, includeStart: boolean): IsoDate {
  let day = dayNumber(start);
  let left = count;
  if (includeStart && !isWeekend(day) && !isHoliday(toIso(day), cal)) left--;
  // At most HOLIDAYS_MAX holidays a year leave 61 working days in every year: 20 years is ample.
  for (let guard = 0; left > 0; guard++) {
    if (guard > 366 * 20) throw new RangeError('the calendar has no working days');
    day += step;
    if (!isWeekend(day) && !isHoliday(toIso(day), cal)) left--;
  }
  return toIso(day);
}

/** The n-th working day after `start` (n = 0: `start` itself). */
export function addWorkingDays(start: IsoDate, n: number, cal: WorkCalendar): IsoDate {
  return walk(start, n, 1, cal, false);
}

/**
 * The first day a stage may have begun and still be in time today: a stage entered before it has
 * more than `target` working days behind it. It is the (target + 1)-th most recent working day on
 * or before today, so the database can count overdue requests with one comparison per stage.
 */
export function overdueCutoff(today: IsoDate, target: number, cal: WorkCalendar): IsoDate {
  return walk(today, target + 1, -1, cal, true);
}

// ---- A request's deadline -----------------------------------------------------------------------

export interface DeadlineRules {
  targets: StageTargets;
  calendar: WorkCalendar;
}

/** The rules from the Admin's settings (siteSettingsSchema: stageTargets, holidays). */
export function deadlineRules(settings: { stageTargets: StageTargets; holidays: readonly string[] }): DeadlineRules {
  return { targets: settings.stageTargets, calendar: workCalendar(settings.holidays) };
}

export interface StageDeadline {
  /** The day (in Dhaka) the request entered its stage. */
  since: IsoDate;
  /** The last working day within the target. */
  due: IsoDate;
  targetDays: number;
  /** Working days since it entered the stage, today included. */
  ageDays: number;
  /** Working days beyond the target; 0 while in time or paused. */
  overdueDays: number;
  /** BADC asked the applicant for a correction: the office waits, its clock does not count. */
  paused: boolean;
}

/** The Dhaka date of an instant. */
export function dhakaDate(at: Date | string): IsoDate {
  return todayInDhaka(typeof at === 'string' ? new Date(at) : at);
}

/** Where a request stands against its stage's target today; null at a final stage. */
export function stageDeadline(
  request: { pipeline: PipelineName; stage: Stage; since: Date | string; paused?: boolean },
  today: IsoDate,
  rules: DeadlineRules,
): StageDeadline | null {
  const target = targetOf(rules.targets, request.pipeline, request.stage);
  if (target === null) return null;
  const since = dhakaDate(request.since);
  const ageDays = workingDaysBetween(since, today, rules.calendar);
  const paused = request.paused ?? false;
  return {
    since,
    due: addWorkingDays(since, target, rules.calendar),
    targetDays: target,
    ageDays,
    overdueDays: paused ? 0 : Math.max(0, ageDays - target),
    paused,
  };
}
