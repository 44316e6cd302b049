import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { ContentImage } from '@portal/shared/schemas/content';
import { useLocale, useT } from '../../i18n/locale';
import { ImageGrid, ImageGridPlaceholder } from '../../features/content/ImageGrid';
import { LoadState } from '../../features/content/LoadState';
import { useContent } from '../../features/content/useContent';
import { GeoMapSection } from '../../features/geo-items/GeoMapSection';
import type { GeoMapItem } from '../../features/geo-items/geoMapTypes';

/**
 * /geo-db (spec 1 §2 Geo database): the GEO special database images on a map, a pin for each one
 * with a place, and below it every image as a thumbnail in a grid, each opening full size
 * (docs/decisions/034-geo-database-map.md). The grid never waits for the map.
 */
export default function GeoDb() {
  const t = useT();
  const { locale } = useLocale();
  const { data, error, loading, reload } = useContent<ContentImage[]>('/api/public/galleries/geo');
  const num = (n: number) => (locale === 'bn' ? toBanglaDigits(n) : String(n));
  const alt = (i: number) => t('content.geo.imageAlt', { n: num(i + 1) });
  const placed: GeoMapItem[] = (data ?? []).flatMap((image, i) =>
    image.latitude != null && image.longitude != null
      ? [{ id: image.id, latitude: image.latitude, longitude: image.longitude, label: alt(i) }]
      : [],
  );
  return (
    <section>
      <h1 className="mb-3 text-xl font-bold text-brand-900">{t('content.geo.title')}</h1>
      <LoadState loading={loading} error={error} reload={reload} placeholder={<ImageGridPlaceholder />}>
        {data && data.length === 0 ? (
          <p className="rounded bg-white p-4 text-gray-600">{t('content.geo.empty')}</p>
        ) : (
          <>
            <GeoMapSection items={placed} countText={t('geoItems.map.count', { n: num(placed.length) })} />
            <ImageGrid images={data ?? []} altFor={alt} linkToFull />
          </>
        )}
      </LoadState>
    </section>
  );
}
