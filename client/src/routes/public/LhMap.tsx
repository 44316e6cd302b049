import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useT } from '../../i18n/locale';
import { usePublicSettings } from '../../offline/cached';

/**
 * /lh-map (spec 1 §2 "Map page titled Google Map"): the office on an OpenStreetMap map. Leaflet is
 * large, so it is its own lazy chunk (docs/decisions/018-service-targets.md); until it arrives a placeholder of the same
 * height says 'Map is loading...' in Bangla, so the page does not jump.
 */
const OfficeMap = lazy(() => import('../../features/content/OfficeMap'));

const MAP_HEIGHT = 'h-[60vh] min-h-[320px]';

function Placeholder({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <div
      role={alert ? 'alert' : 'status'}
      className={`${MAP_HEIGHT} flex w-full items-center justify-center rounded-lg border border-gray-200 bg-gray-100 p-4 text-center text-gray-700`}
    >
      {text}
    </div>
  );
}

/** A chunk that cannot be fetched (offline) shows a Bangla message instead of a blank page. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export default function LhMap() {
  const t = useT();
  const { data: settings, loading } = usePublicSettings();
  return (
    <section>
      <h1 className="mb-3 text-xl font-bold text-brand-900">{t('content.map.title')}</h1>
      {!settings ? (
        <Placeholder text={loading ? t('content.map.loading') : t('content.map.failed')} alert={!loading} />
      ) : (
        <MapBoundary fallback={<Placeholder text={t('content.map.failed')} alert />}>
          <Suspense fallback={<Placeholder text={t('content.map.loading')} />}>
            <OfficeMap
              latitude={settings.officeLatitude}
              longitude={settings.officeLongitude}
              label={[t('content.map.office'), settings.address].filter(Boolean).join(', ')}
              className={MAP_HEIGHT}
            />
          </Suspense>
        </MapBoundary>
      )}
    </section>
  );
}
