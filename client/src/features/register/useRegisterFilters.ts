import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toLatinDigits } from '@portal/shared/i18n/digits';

/**
 * The register's filters (kind, stage, union, submission dates, deleted), kept in the page's URL
 * beside DataTable's own (page, size, q, sort, dir), so Back returns to the same view and a printed
 * or exported list is the one on screen. Changing a filter starts again at page 1.
 */
export interface RegisterFilterValues {
  kind: string;
  stage: string;
  union: string;
  from: string;
  to: string;
  deleted: boolean;
}

const KEYS = ['kind', 'stage', 'union', 'from', 'to'] as const;

export function useRegisterFilters() {
  const [sp, setSp] = useSearchParams();
  const values: RegisterFilterValues = {
    kind: sp.get('kind') ?? '',
    stage: sp.get('stage') ?? '',
    union: sp.get('union') ?? '',
    from: sp.get('from') ?? '',
    to: sp.get('to') ?? '',
    deleted: sp.get('deleted') === '1',
  };
  const key = KEYS.map((k) => values[k]).join('|') + (values.deleted ? '|deleted' : '');

  const set = useCallback(
    (patch: Partial<RegisterFilterValues>) =>
      setSp((prev) => {
        const next = new URLSearchParams(prev);
        for (const k of KEYS) {
          const v = patch[k];
          if (v === undefined) continue;
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (patch.deleted !== undefined) {
          if (patch.deleted) next.set('deleted', '1');
          else next.delete('deleted');
        }
        next.delete('page');
        return next;
      }),
    [setSp],
  );
  const clear = useCallback(() => set({ kind: '', stage: '', union: '', from: '', to: '', deleted: false }), [set]);

  /** The filters as the API's query (registerFilterSchema), without the search. */
  const apiFilters = useMemo(() => {
    const qs = new URLSearchParams();
    const [kind, stage, union, from, to] = key.split('|');
    if (kind) qs.set('kind', kind);
    if (stage) qs.set('stage', stage);
    if (union) qs.set('union', union);
    if (from) qs.set('from', from);
    if (to) qs.set('to', to);
    if (key.endsWith('|deleted')) qs.set('deleted', 'true');
    return qs.toString();
  }, [key]);

  /** The export's query: the filters and the search box's text, as the list shows them. */
  const exportQuery = () => {
    const qs = new URLSearchParams(apiFilters);
    const q = toLatinDigits(sp.get('q') ?? '').trim();
    if (q) qs.set('q', q);
    return qs.toString();
  };

  return { values, set, clear, apiFilters, exportQuery, active: KEYS.some((k) => values[k]) || values.deleted };
}
