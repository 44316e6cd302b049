import type { MessageKey } from '@portal/shared/i18n/index';
import { MAP_STATES, type MapState } from '@portal/shared/schemas/map';
import { useT } from '../../i18n/locale';
import { STATE_COLOURS } from '../map/mapColours';

/** The states ticked after a tap on `s`: the legend's order kept (docs/decisions/035-live-map-clusters-and-visits.md). */
export function toggledStates(states: readonly MapState[], s: MapState): readonly MapState[] {
  return states.includes(s) ? states.filter((x) => x !== s) : MAP_STATES.filter((x) => x === s || states.includes(x));
}

/** The live map's legend: one box per state in its colour, ticked for the states shown. */
export function StateBoxes({ states, onToggle }: { states: readonly MapState[]; onToggle: (s: MapState) => void }) {
  const t = useT();
  return (
    <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-4">
      {MAP_STATES.map((s) => (
        <label key={s} className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={states.includes(s)}
            onChange={() => onToggle(s)}
            className="h-5 w-5 shrink-0"
          />
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 shrink-0 rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.45)]"
            style={{ background: STATE_COLOURS[s] }}
          />
          <span>{t(`map.state.${s}` as MessageKey)}</span>
        </label>
      ))}
    </div>
  );
}
