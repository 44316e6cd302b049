import { toBanglaDigits } from '@portal/shared/i18n/index';
import type { ContentImage } from '@portal/shared/schemas/content';
import { useLocale, useT } from '../../i18n/locale';
import { ImageGrid, ImageGridPlaceholder } from '../../features/content/ImageGrid';
import { LoadState } from '../../features/content/LoadState';
import { useContent } from '../../features/content/useContent';

/** /geo-db (spec 1 §2 Geo database): the GEO special database images, thumbnails in a grid, each opening full size. */
export default function GeoDb() {
  const t = useT();
  const { locale } = useLocale();
  const { data, error, loading, reload } = useContent<ContentImage[]>('/api/public/galleries/geo');
  const num = (n: number) => (locale === 'bn' ? toBanglaDigits(n) : String(n));
  return (
    <section>
      <h1 className="mb-3 text-xl font-bold text-brand-900">{t('content.geo.title')}</h1>
      <LoadState loading={loading} error={error} reload={reload} placeholder={<ImageGridPlaceholder />}>
        {data && data.length === 0 ? (
          <p className="rounded bg-white p-4 text-gray-600">{t('content.geo.empty')}</p>
        ) : (
          <ImageGrid images={data ?? []} altFor={(i) => t('content.geo.imageAlt', { n: num(i + 1) })} linkToFull />
        )}
      </LoadState>
    </section>
  );
}
