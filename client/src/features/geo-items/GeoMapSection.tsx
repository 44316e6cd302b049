import { lazy, Suspense } from 'react';
import { useT } from '../../i18n/locale';
import { ChunkBoundary } from '../home/WhenVisible';
import type { GeoMapItem } from './geoMapTypes';

// Leaflet (about 50 KiB compressed) comes only with this page, after its list, and never holds up
// the grid below: a chunk that cannot be fetched leaves a message in the map's box
// (docs/decisions/011-bundle-budget.md, 034-geo-database-map.md).
const GeoItemsMap = lazy(() => import('./GeoItemsMap'));

const MAP_BOX = 'h-72 md:h-96';

function MapPlaceholder({ text, failed = false }: { text: string; failed?: boolean }) {
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={`${MAP_BOX} flex w-full items-center justify-center rounded-lg border border-gray-200 bg-gray-100 p-4 text-center text-gray-700`}
    >
      {text}
    </div>
  );
}

/** The map above /geo-db's grid, with the number of pins said in words; nothing when no item has a place. */
export function GeoMapSection({ items, countText }: { items: readonly GeoMapItem[]; countText: string }) {
  const t = useT();
  if (items.length === 0) return null;
  const loading = <MapPlaceholder text={t('geoItems.map.loading')} />;
  return (
    <div className="mb-4">
      <ChunkBoundary fallback={<MapPlaceholder text={t('geoItems.map.unavailable')} failed />}>
        <Suspense fallback={loading}>
          <GeoItemsMap
            items={items}
            label={t('geoItems.map.label')}
            openLabel={t('geoItems.map.open')}
            className={MAP_BOX}
          />
        </Suspense>
      </ChunkBoundary>
      <p className="mt-1 text-sm text-gray-700">{countText}</p>
    </div>
  );
}
