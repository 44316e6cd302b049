import type { ReactNode } from 'react';
import { formatDateBn, formatDateEn } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import type { LiveStatus } from './live-check';

interface Facts {
  number: number;
  holderName: string;
  place: { village: string; union: string; upazila: string };
  validFrom: string;
  validTo: string;
  issuedOn?: string;
}

/** The facts of a licence as a definition list: what the paper says, or what the portal says today. */
export function LicenceFactsCard({ title, facts }: { title: string; facts: Facts }) {
  const t = useT();
  const { locale } = useLocale();
  const date = locale === 'bn' ? formatDateBn : formatDateEn;
  const rows: [string, ReactNode][] = [
    [t('licenceCheck.field.number'), locale === 'bn' ? toBanglaDigits(facts.number) : String(facts.number)],
    [t('licenceCheck.field.holder'), facts.holderName],
    [t('licenceCheck.field.place'), t('licenceCheck.place', facts.place)],
    [
      t('licenceCheck.field.validity'),
      t('licenceCheck.validRange', { from: date(facts.validFrom), to: date(facts.validTo) }),
    ],
  ];
  if (facts.issuedOn) rows.push([t('licenceCheck.field.issuedOn'), date(facts.issuedOn)]);
  return (
    <section className="rounded border border-gray-300 bg-white p-4">
      <h2 className="mb-2 text-base font-semibold text-gray-900">{title}</h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-gray-600">{label}</dt>
            <dd className="mb-1 font-medium text-gray-900 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const STATUS_STYLE: Record<LiveStatus, string> = {
  active: 'border-green-700 bg-green-50 text-green-800',
  testing: 'border-sky-700 bg-sky-50 text-sky-800',
  expired: 'border-orange-700 bg-orange-50 text-orange-800',
  suspended: 'border-red-700 bg-red-50 text-red-800',
};

/**
 * Today's status, big and coloured: what a checker at the well looks for first; with the office
 * that issued the licence when the portal names it (one portal serves many offices).
 */
export function StatusBanner({ status, office }: { status: LiveStatus; office?: string }) {
  const t = useT();
  return (
    <div role="status" data-status={status} className={`rounded border-2 p-4 text-center ${STATUS_STYLE[status]}`}>
      <p className="text-sm font-medium">{t('licenceCheck.liveStatus')}</p>
      <p className="text-3xl font-bold">{t(`licenceCheck.status.${status}`)}</p>
      <p className="mt-1 text-sm">{t(`licenceCheck.statusNote.${status}`)}</p>
      {office && <p className="mt-1 text-sm font-medium">{t('licenceCheck.issuedBy', { office })}</p>}
    </div>
  );
}

const NOTICE_STYLE = {
  good: 'border-green-700 bg-green-50 text-green-900',
  warn: 'border-amber-600 bg-amber-50 text-amber-900',
  bad: 'border-red-700 bg-red-50 text-red-900',
} as const;

/** A verdict on the paper: signature valid, not checkable, or forged. */
export function Notice({
  tone,
  title,
  children,
}: {
  tone: keyof typeof NOTICE_STYLE;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === 'bad' ? 'alert' : 'status'}
      data-tone={tone}
      className={`rounded border-2 p-4 ${NOTICE_STYLE[tone]}`}
    >
      <p className="text-lg font-bold">{title}</p>
      {children && <div className="mt-1 text-sm">{children}</div>}
    </div>
  );
}
