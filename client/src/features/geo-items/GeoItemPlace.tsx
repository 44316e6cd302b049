import type { ContentImage } from '@portal/shared/schemas/content';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { ui } from '../staff/ui';
import { coordinateText } from './position';

/** The place line of a GEO item's card on the Admin's screen: the coordinates in the reader's digits, and the edit button. */
export function GeoItemPlace({
  image,
  itemLabel,
  onEdit,
}: {
  image: ContentImage;
  itemLabel: string;
  onEdit: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const placed = image.latitude != null && image.longitude != null;
  const action = t(placed ? 'geoItems.card.edit' : 'geoItems.card.add');
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm text-gray-700">
        {placed
          ? t('geoItems.card.position', {
              lat: f.num(coordinateText(image.latitude!)),
              lng: f.num(coordinateText(image.longitude!)),
            })
          : t('geoItems.card.none')}
      </span>
      <button
        type="button"
        className={`${ui.small} border border-brand-700 font-semibold text-brand-800`}
        aria-label={`${action}: ${itemLabel}`}
        onClick={onEdit}
      >
        {action}
      </button>
    </div>
  );
}
