import { useEffect, useState } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import { REGISTER_KINDS, type RegisterList, type RegisterPage } from '@portal/shared/schemas/register';
import type { Locality } from '@portal/shared/schemas/settings';
import { STAGES } from '@portal/shared/schemas/settings';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import { api } from '../../api/client';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { ui } from '../staff/ui';
import type { RegisterFilterValues } from './useRegisterFilters';
import { DateInput } from '../../components/form/DateInput';

/**
 * The register's filter bar (docs/decisions/037): kind (lists of two kinds), stage with each stage's
 * count, union (the office's union list), the submission dates, and for the Admin the deleted
 * applications. The server applies every one of them, also to Print All and the export.
 */
export function RegisterFilters({
  list,
  values,
  counters,
  canSeeDeleted,
  active,
  onChange,
  onClear,
  withUnion = true,
}: {
  list: RegisterList;
  values: RegisterFilterValues;
  counters: RegisterPage['counters'] | null;
  canSeeDeleted: boolean;
  active: boolean;
  onChange: (patch: Partial<RegisterFilterValues>) => void;
  onClear: () => void;
  /** The union filter reads the office's own union list: an area spanning offices has none. */
  withUnion?: boolean;
}) {
  const t = useT();
  const f = useFormat();
  const [unions, setUnions] = useState<string[]>([]);
  useEffect(() => {
    if (!withUnion) return;
    const ctl = new AbortController();
    api<{ unions: Locality[] }>('/api/public/localities', { signal: ctl.signal }).then(
      (r) => setUnions(r.unions.map((u) => u.name)),
      () => setUnions([]),
    );
    return () => ctl.abort();
  }, [withUnion]);
  const kinds = REGISTER_KINDS[list];
  // A union typed on an application but missing from the office's list can still be chosen by URL.
  const unionOptions = values.union && !unions.includes(values.union) ? [values.union, ...unions] : unions;
  const select = 'block min-h-10 w-full rounded border border-gray-300 bg-white px-2';
  // Open on a wide screen or when a filter is on; folded on a phone, where it would push the list down.
  const [open] = useState(
    () => active || (typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 768px)').matches),
  );

  return (
    <details open={open} className="rounded-lg border border-gray-200 bg-white print:hidden">
      <summary className="min-h-10 cursor-pointer px-3 py-2 text-sm font-semibold text-gray-800">
        {t('register.filter.title')}
      </summary>
      <fieldset className="grid grid-cols-2 gap-3 px-3 pb-3 sm:grid-cols-3 lg:grid-cols-6">
        <legend className="sr-only">{t('register.filter.title')}</legend>
        {kinds.length > 1 && (
          <label>
            <span className={ui.label}>{t('register.filter.kind')}</span>
            <select value={values.kind} onChange={(e) => onChange({ kind: e.target.value })} className={select}>
              <option value="">{t('register.filter.allKinds')}</option>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`staff.kind.${k}` as MessageKey)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <span className={ui.label}>{t('register.filter.stage')}</span>
          <select value={values.stage} onChange={(e) => onChange({ stage: e.target.value })} className={select}>
            <option value="">{t('register.filter.allStages')}</option>
            {STAGES.map((s) => (
              <option key={s} value={s}>
                {t(stageLabelKey(s))}
                {counters ? ` (${f.num(counters.byStage[s] ?? 0)})` : ''}
              </option>
            ))}
          </select>
        </label>
        {withUnion && (
          <label>
            <span className={ui.label}>{t('register.filter.union')}</span>
            <select value={values.union} onChange={(e) => onChange({ union: e.target.value })} className={select}>
              <option value="">{t('register.filter.allUnions')}</option>
              {unionOptions.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <span className={ui.label}>{t('register.filter.from')}</span>
          <DateInput value={values.from} onValue={(v) => onChange({ from: v })} className={ui.input} />
        </label>
        <label>
          <span className={ui.label}>{t('register.filter.to')}</span>
          <DateInput value={values.to} onValue={(v) => onChange({ to: v })} className={ui.input} />
        </label>
        <div className="col-span-2 flex flex-wrap items-end gap-3 sm:col-span-1">
          {canSeeDeleted && (
            <label className="flex min-h-10 items-center gap-2">
              <input
                type="checkbox"
                checked={values.deleted}
                onChange={(e) => onChange({ deleted: e.target.checked })}
                className="h-5 w-5"
              />
              <span className="text-sm">{t('register.filter.deleted')}</span>
            </label>
          )}
          {active && (
            <button type="button" onClick={onClear} className={ui.secondary}>
              {t('register.filter.clear')}
            </button>
          )}
        </div>
      </fieldset>
    </details>
  );
}
