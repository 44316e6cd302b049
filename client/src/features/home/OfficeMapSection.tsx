import { lazy, Suspense } from 'react';
import { useT } from '../../i18n/locale';
import { ChunkBoundary, WhenVisible } from './WhenVisible';

/**
 * The office map on the home page (spec 1 §2 "a map (placeholder text 'Map is loading...')").
 * Leaflet is about 50 KiB compressed, so it is fetched only when the map scrolls near the screen,
 * as its own chunk: the same Leaflet component as /lh-map (features/content/OfficeMap, which imports
 * Leaflet's CSS and marker images explicitly). Until then a box of the same height says so.
 */
const OfficeMap = lazy(() => import('../content/OfficeMap'));

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

export function OfficeMapSection({
  latitude,
  longitude,
  address,
}: {
  latitude: number;
  longitude: number;
  address: string;
}) {
  const t = useT();
  const loading = <MapPlaceholder text={t('home.map.loading')} />;
  return (
    <section aria-labelledby="home-map-title">
      <h2 id="home-map-title" className="mb-3 text-xl font-bold text-brand-900">
        {t('home.map.title')}
      </h2>
      <WhenVisible placeholder={loading} margin="100px">
        <ChunkBoundary fallback={<MapPlaceholder text={t('home.map.failed')} failed />}>
          <Suspense fallback={loading}>
            <OfficeMap
              latitude={latitude}
              longitude={longitude}
              label={[t('home.map.office'), address].filter(Boolean).join(', ')}
              className={MAP_BOX}
            />
          </Suspense>
        </ChunkBoundary>
      </WhenVisible>
    </section>
  );
}
