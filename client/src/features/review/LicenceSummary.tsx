import { Link } from 'react-router-dom';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useLocale, useT } from '../../i18n/locale';
import { localDate, localDigits } from './format';
import { Section } from './ui';

/** The issued licence in short, with the way to its print page (spec 3 §2 licensePrint/{id}). */
export function LicenceSummary({ detail }: { detail: ApplicationDetail }) {
  const t = useT();
  const { locale } = useLocale();
  const l = detail.licence;
  if (!l) return null;
  const rows: [string, string][] = [
    [t('decisions.licence.number'), localDigits(l.licenceNumber, locale)],
    [
      t('decisions.licence.term'),
      `${t('decisions.licence.termYears', { years: localDigits(l.termYears, locale) })}${l.isTesting ? ` (${t('decisions.licence.testing')})` : ''}`,
    ],
    [t('decisions.licence.issuedOn'), localDate(l.issuedOn, locale)],
    [
      t('decisions.licence.validity'),
      t('decisions.licence.validityRange', { from: localDate(l.validFrom, locale), to: localDate(l.validTo, locale) }),
    ],
    [
      t('decisions.licence.status'),
      t(l.status === 'active' ? 'decisions.licence.active' : 'decisions.licence.suspended'),
    ],
  ];
  if (l.suspendNote) rows.push([t('decisions.licence.suspendNote'), l.suspendNote]);
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
      <Link to={`/admin-page/licensePrint/${detail.id}`} className="mt-3 inline-block text-brand-700 underline">
        {t('decisions.licence.print')}
      </Link>
    </Section>
  );
}
