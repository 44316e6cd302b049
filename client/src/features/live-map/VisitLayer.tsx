import L from 'leaflet';
import { Link } from 'react-router-dom';
import { Circle, Marker, Popup } from 'react-leaflet';
import type { StaffRole } from '@portal/shared/constants';
import type { VisitFeature, VisitFeatureProperties } from '@portal/shared/schemas/map';
import { actionLabelKey } from '@portal/shared/workflow/labels';
import { useLocale, useT } from '../../i18n/locale';
import { localDateTime, localDigits } from '../review/format';
import { VISIT_COLOUR } from '../map/mapColours';
import { visitLink } from './detailLink';

// A diamond, so a visit is never taken for a well's round dot; a 44 px touch target like the wells.
const visitIcon = L.divIcon({
  className: 'live-visit',
  html: `<span style="display:block;width:16px;height:16px;margin:14px;transform:rotate(45deg);background:${VISIT_COLOUR};border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.45)"></span>`,
  iconSize: [44, 44],
  iconAnchor: [22, 22],
  popupAnchor: [0, -10],
});

function VisitPopup({ visit, role }: { visit: VisitFeatureProperties; role: StaffRole | null | undefined }) {
  const t = useT();
  const { locale } = useLocale();
  const digits = (v: string | number) => localDigits(v, locale);
  const link = visitLink(visit, role);
  return (
    <div className="space-y-1 text-sm">
      <div className="text-base font-bold">{t('map.visits.title', { number: digits(visit.applicationNumber) })}</div>
      <div>{t('map.visits.by', { officer: visit.officerEmail, time: localDateTime(visit.visitedAt, locale) })}</div>
      <div>
        {visit.decision === 'none'
          ? t('map.visits.noDecision')
          : t('map.visits.decision', { decision: t(actionLabelKey(visit.decision)) })}
      </div>
      <div>{t('map.visits.accuracy', { metres: digits(Math.round(visit.accuracyM)) })}</div>
      <div>
        {t('map.visits.photos', { count: digits(visit.photoCount) })}
        {!visit.complete && <> · {t('map.visits.receiving')}</>}
      </div>
      {link && (
        <Link to={link} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          {t('map.visits.open')}
        </Link>
      )}
    </div>
  );
}

/**
 * The visits layer of the live map (docs/decisions/035-live-map-clusters-and-visits.md): where each
 * field visit was recorded, with the phone's accuracy as a dashed circle, and a popup with who,
 * when and what was decided, linking to the application.
 */
export function VisitLayer({ visits, role }: { visits: readonly VisitFeature[]; role: StaffRole | null | undefined }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <>
      {visits.map((v) => {
        const [lng, lat] = v.geometry.coordinates;
        return (
          <Circle
            key={`r${v.properties.visitId}`}
            center={[lat, lng]}
            radius={v.properties.accuracyM}
            interactive={false}
            pathOptions={{ color: VISIT_COLOUR, weight: 1, dashArray: '4 4', fillOpacity: 0.06 }}
          />
        );
      })}
      {visits.map((v) => {
        const [lng, lat] = v.geometry.coordinates;
        return (
          <Marker
            key={v.properties.visitId}
            position={[lat, lng]}
            icon={visitIcon}
            // Above the wells' dots (Leaflet stacks markers by latitude): a visit stands a few metres from its well.
            zIndexOffset={1000}
            title={t('map.visits.title', { number: localDigits(v.properties.applicationNumber, locale) })}
          >
            <Popup>
              <VisitPopup visit={v.properties} role={role} />
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}
