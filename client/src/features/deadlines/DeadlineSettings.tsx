import { useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import { toLatinDigits } from '@portal/shared/i18n/digits';
import type { SiteSettings } from '@portal/shared/schemas/settings';
import {
  PIPELINE_NAMES,
  STAGE_TARGET_MAX,
  STAGE_TARGET_MIN,
  TIMED_STAGES,
  type StageTargets,
} from '@portal/shared/workflow/deadlines';
import { useToast } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { staffApi } from '../staff/staffApi';
import { fieldErrors, TextField } from '../staff/TextField';
import { ui } from '../staff/ui';
import { DateInput } from '../../components/form/DateInput';

type Deadlines = Pick<SiteSettings, 'stageTargets' | 'holidays'>;
/** Each target box as typed, keyed by its settings path (the server's field messages use the same keys). */
type Boxes = Record<string, string>;

const pathOf = (pipeline: string, stage: string) => `stageTargets.${pipeline}.${stage}`;
const PATHS = PIPELINE_NAMES.flatMap((p) =>
  (TIMED_STAGES[p] as readonly string[]).map((s) => ({ pipeline: p, stage: s, path: pathOf(p, s) })),
);

/** The boxes in the reader's digits (Bangla in Bangla); either kind is read back. */
function boxesOf(targets: StageTargets, num: (n: number) => string): Boxes {
  return Object.fromEntries(
    PATHS.map(({ pipeline, stage, path }) => [path, num((targets[pipeline] as Record<string, number>)[stage]!)]),
  );
}

/**
 * The deadlines section of Base Setting (docs/decisions/040-stage-deadlines.md): a target in
 * working days for each stage, per kind of request, and the holidays the count skips. Saved on its
 * own (only these two settings are sent); the server validates and audits the change.
 */
export function DeadlineSettings({ initial }: { initial: Deadlines }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [boxes, setBoxes] = useState<Boxes>(() => boxesOf(initial.stageTargets, f.num));
  const [holidays, setHolidays] = useState<string[]>(initial.holidays);
  const [newDate, setNewDate] = useState('');
  const [everyYear, setEveryYear] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  /** A holiday as the Admin reads it: day-month(-year), "every year" for a month-day. */
  const holidayLabel = (h: string) =>
    h.length === 5 ? t('deadlines.holidays.yearly', { date: f.num(`${h.slice(3)}-${h.slice(0, 2)}`) }) : f.date(h);

  const addHoliday = () => {
    if (!newDate) {
      setErrors((e) => ({ ...e, holidayDate: t('deadlines.holidays.pickDate') }));
      return;
    }
    const entry = everyYear ? newDate.slice(5) : newDate;
    if (holidays.includes(entry)) {
      setErrors((e) => ({ ...e, holidayDate: t('deadlines.holidays.duplicate') }));
      return;
    }
    setHolidays((list) => [...list, entry].sort());
    setNewDate('');
    setErrors((e) => {
      const next = { ...e };
      delete next.holidayDate;
      return next;
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const stageTargets: Record<string, Record<string, number>> = {};
    for (const { pipeline, stage, path } of PATHS) {
      const raw = toLatinDigits(boxes[path] ?? '').trim();
      const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!(Number.isInteger(n) && n >= STAGE_TARGET_MIN && n <= STAGE_TARGET_MAX))
        problems[path] = t('deadlines.v.target');
      (stageTargets[pipeline] ??= {})[stage] = n;
    }
    setErrors(problems);
    if (Object.keys(problems).length) {
      toast.failure(t('staff.base.fixFields'));
      return;
    }
    setSaving(true);
    try {
      const saved = await staffApi<Deadlines>('/api/admin/settings', {
        method: 'PUT',
        json: { stageTargets, holidays },
      });
      setBoxes(boxesOf(saved.stageTargets, f.num));
      setHolidays(saved.holidays);
      toast.success(t('deadlines.settings.saved'));
    } catch (err) {
      setErrors(fieldErrors(err));
      toast.failure(t('deadlines.settings.saveFailed', { message: f.error(err) }));
    } finally {
      setSaving(false);
    }
  };

  // A holiday refused by the server names its place in the list ("holidays.3").
  const holidayError = Object.entries(errors).find(([k]) => k === 'holidays' || k.startsWith('holidays.'))?.[1];

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="deadlines-heading" className={ui.card}>
      <h2 id="deadlines-heading" className="text-lg font-bold text-brand-900">
        {t('deadlines.settings.group')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t('deadlines.settings.intro')}</p>

      {PIPELINE_NAMES.map((pipeline) => (
        <fieldset key={pipeline} className="mt-4">
          <legend className="font-semibold text-gray-900">{t(`deadlines.pipeline.${pipeline}` as MessageKey)}</legend>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {PATHS.filter((p) => p.pipeline === pipeline).map(({ stage, path }) => (
              <TextField
                key={path}
                id={`target-${pipeline}-${stage}`}
                label={t(`deadlines.stage.${pipeline}.${stage}` as MessageKey)}
                value={boxes[path] ?? ''}
                onChange={(v) => setBoxes((b) => ({ ...b, [path]: v }))}
                inputMode="numeric"
                hint={t('deadlines.settings.unit')}
                error={errors[path]}
              />
            ))}
          </div>
        </fieldset>
      ))}

      <fieldset className="mt-6">
        <legend className="font-semibold text-gray-900">{t('deadlines.holidays.title')}</legend>
        <p className="mt-1 text-sm text-gray-600">{t('deadlines.holidays.hint')}</p>
        {holidays.length === 0 ? (
          <p className="mt-2 text-gray-700">{t('deadlines.holidays.none')}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('deadlines.holidays.title')}>
            {holidays.map((h) => (
              <li
                key={h}
                className="flex items-center gap-1 rounded-full border border-gray-300 bg-gray-50 py-1 pr-1 pl-3"
              >
                <span>{holidayLabel(h)}</span>
                <button
                  type="button"
                  className="flex size-8 items-center justify-center rounded-full text-gray-700 hover:bg-red-100 hover:text-red-800"
                  aria-label={t('deadlines.holidays.remove', { date: holidayLabel(h) })}
                  onClick={() => setHolidays((list) => list.filter((x) => x !== h))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {holidayError && <p className={ui.fieldError}>{holidayError}</p>}
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="holidayDate" className={ui.label}>
              {t('deadlines.holidays.date')}
            </label>
            <DateInput
              id="holidayDate"
              value={newDate}
              onValue={(v) => setNewDate(v)}
              aria-invalid={errors.holidayDate ? true : undefined}
              aria-describedby={errors.holidayDate ? 'holidayDate-error' : undefined}
              className={ui.input}
            />
          </div>
          <label className="flex min-h-10 items-center gap-2">
            <input
              type="checkbox"
              checked={everyYear}
              onChange={(e) => setEveryYear(e.target.checked)}
              className="h-5 w-5"
            />
            <span>{t('deadlines.holidays.everyYear')}</span>
          </label>
          <button type="button" className={ui.secondary} onClick={addHoliday}>
            {t('deadlines.holidays.add')}
          </button>
        </div>
        {errors.holidayDate && (
          <p id="holidayDate-error" className={ui.fieldError}>
            {errors.holidayDate}
          </p>
        )}
      </fieldset>

      <button type="submit" className={`${ui.primary} mt-6 w-full sm:w-auto`} disabled={saving}>
        {saving ? t('deadlines.settings.saving') : t('deadlines.settings.save')}
      </button>
    </form>
  );
}
