import { Link } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import { KINDS_ON_A_LICENCE, type RequestKind } from '@portal/shared/kinds/slots';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useLocale, useT } from '../../i18n/locale';
import { localDate, localDigits } from './format';
import { Section, textLink } from './ui';

/**
 * The licence a new or existing-pump application was given, in short, with the way to its print
 * page (spec 3 §2 licensePrint/{id}). The licence of a renewal or change is in the detail table
 * (ApplicationTable), as what the request is about.
 */
export function LicenceSummary({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const { locale } = useLocale();
  const l = detail.licence;
  if (!l || KINDS_ON_A_LICENCE.includes(detail.kind as RequestKind)) return null;
  const rows: [string, string][] = [
    [t('decisions.licence.number'), localDigits(l.number, locale)],
    [t('review.onLicence.holder'), l.holderName],
    [
      t('decisions.licence.validity'),
      t('decisions.licence.validityRange', { from: localDate(l.validFrom, locale), to: localDate(l.validTo, locale) }),
    ],
    [t('decisions.licence.status'), t(`licence.status.${l.status}` as MessageKey)],
  ];
  return (
    <Section title={t('decisions.licence.title')} id="licence-title">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-gray-700">{k}</dt>
            <dd className="whitespace-pre-wrap">{v}</dd>
          </div>
        ))}
      </dl>
      <Link to={`/admin-page/licensePrint/${detail.id}`} className={`${textLink} mt-3`}>
        {t('decisions.licence.print')}
      </Link>
    </Section>
  );
}
