import type { ReactNode } from 'react';
import type { LicenceDocument } from '@portal/shared/schemas/licence';
import { LICENCE_CONDITIONS_COUNT, LICENCE_VALIDITY_ROWS } from '@portal/shared/constants';
import { formatDateBn } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useT } from '../../i18n/locale';
import { QrCode } from './QrCode';
import { isMessageKey } from '../../i18n/messages';
import { translateIn } from '../../i18n/locale';

/**
 * The licence certificate as HTML for the screen and for A4 print (spec 1 §2 licence print, spec 3
 * §2 licensePrint): the front page, a page break, the back page with the six-row validity table.
 * The same content as the PDFs (server/src/modules/licences/licence-pdf.ts). The certificate itself is always
 * Bangla with Bangla digits (a government document); the buttons around it follow the screen language.
 */
const t = (key: string, params?: Record<string, string | number>) => translateIn('bn', key as MessageKey, params);

/** A code value (deep, 0.5, electric) as its Bangla label; free text from old records as it is. */
function label(prefix: string, value: string): string {
  const key = `${prefix}.${value}`;
  return isMessageKey(key) ? t(key) : toBanglaDigits(value);
}

const PRINT_CSS = `
@page { size: A4; margin: 0; }
@media print {
  .licence-sheet { width: 210mm; height: 297mm; margin: 0 !important; padding: 12mm 13mm !important;
    box-shadow: none !important; border-radius: 0 !important; break-after: page; overflow: hidden; font-size: 10.5pt; }
  .licence-sheet:last-of-type { break-after: auto; }
}
.licence-sheet { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
`;

export function LicenceCertificate({
  doc,
  pdfBase,
  actions,
  back,
}: {
  doc: LicenceDocument;
  pdfBase: string;
  /** Extra toolbar buttons (staff: Change Approver); hidden in print like the rest of the toolbar. */
  actions?: ReactNode;
  /** The way back, first in the toolbar (the citizen's page has no site header). */
  back?: ReactNode;
}) {
  const tt = useT();
  // The server computes the status from the dates (decision 022); the page does not guess.
  const expired = doc.status === 'expired';
  const button = 'inline-flex min-h-11 items-center justify-center rounded px-4 font-bold';
  return (
    <div className="bg-gray-100 pb-6 print:bg-white print:pb-0">
      <style>{PRINT_CSS}</style>
      <div className="no-print mx-auto flex max-w-[210mm] flex-wrap gap-2 p-3">
        {back}
        <button type="button" onClick={() => window.print()} className={`${button} bg-brand-700 text-white`}>
          {tt('licence.print')}
        </button>
        <a
          href={`${pdfBase}/front`}
          download="license-front.pdf"
          className={`${button} border border-brand-700 bg-white text-brand-800`}
        >
          {tt('licence.downloadFront')}
        </a>
        <a
          href={`${pdfBase}/back`}
          download="license-back.pdf"
          className={`${button} border border-brand-700 bg-white text-brand-800`}
        >
          {tt('licence.downloadBack')}
        </a>
        {actions}
      </div>
      {expired && (
        <p
          role="alert"
          className="no-print mx-auto mb-3 max-w-[210mm] rounded border border-amber-400 bg-amber-50 p-3 text-amber-900"
        >
          {t('licence.expired', { date: formatDateBn(doc.validTo) })}
        </p>
      )}
      <FrontPage doc={doc} />
      <BackPage doc={doc} />
    </div>
  );
}

/** The word across a licence not in force, as on its PDF: suspended, or past its validity. */
const stampOf = (doc: LicenceDocument) =>
  doc.status === 'suspended'
    ? t('licence.suspendedStamp')
    : doc.status === 'expired'
      ? t('licence.expiredStamp')
      : null;

function Sheet({ label: name, stamp, children }: { label: string; stamp: string | null; children: ReactNode }) {
  return (
    <section
      aria-label={name}
      className="licence-sheet relative mx-auto mb-4 max-w-[210mm] overflow-hidden bg-white p-2 text-[13px] leading-relaxed text-black shadow sm:p-6 sm:text-sm"
    >
      <div className="h-full border-2 border-green-800 p-[3px]">
        <div className="flex h-full flex-col border border-green-800 px-3 py-4 sm:px-8 sm:py-6 print:px-[9mm] print:py-[7mm]">
          {children}
        </div>
      </div>
      {stamp && (
        <span
          aria-hidden="true"
          className={`pointer-events-none absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 -rotate-[35deg] whitespace-nowrap select-none font-bold text-red-700 opacity-15 ${
            stamp.length > 6 ? 'text-[44px] sm:text-[88px]' : 'text-[80px] sm:text-[140px]'
          }`}
        >
          {stamp}
        </span>
      )}
    </section>
  );
}

function Heading({ doc }: { doc: LicenceDocument }) {
  return (
    <header className="border-b border-green-800 pb-2 text-center">
      <p className="text-[1.15em] font-bold">{t('licence.heading.government')}</p>
      <p className="font-bold">{t('licence.heading.committee')}</p>
      <p>{t('licence.heading.office')}</p>
      {doc.officeAddress && <p className="text-[0.95em]">{doc.officeAddress}</p>}
    </header>
  );
}

function SuspendedNotice({ doc }: { doc: LicenceDocument }) {
  if (doc.status !== 'suspended') return null;
  return (
    <div role="alert" className="mt-3 border border-red-700 px-3 py-1.5 text-red-800">
      <p className="font-bold">{t('licence.suspended')}</p>
      {doc.suspendNote && <p>{t('licence.suspendNote', { note: doc.suspendNote })}</p>}
    </div>
  );
}

function FrontPage({ doc }: { doc: LicenceDocument }) {
  const location =
    doc.latitude !== null && doc.longitude !== null
      ? `${toBanglaDigits(doc.latitude)}, ${toBanglaDigits(doc.longitude)}`
      : t('licence.noLocation');
  const rows: [string, string][] = [
    ['licence.label.upazila', doc.upazila],
    ['licence.label.wellClass', label('common.wellClass', doc.wellClass)],
    ['licence.label.wellSize', label('common.wellSize', doc.wellSize)],
    ['licence.label.pumpType', label('common.pumpType', doc.pumpType)],
    ['licence.label.name', doc.applicantName],
    ['licence.label.father', doc.fatherName],
    ['licence.label.village', doc.village],
    ['licence.label.union', doc.union],
    ['licence.label.post', doc.postOffice],
    ['licence.label.mouza', doc.mouza],
    ['licence.label.jlNumber', doc.jlNumber],
    ['licence.label.khotian', doc.khotian],
    ['licence.label.dagNumber', doc.dagNumber],
    ['licence.label.location', location],
    [
      'licence.label.validity',
      t('licence.validRange', { from: formatDateBn(doc.validFrom), to: formatDateBn(doc.validTo) }),
    ],
  ];
  const signature = doc.approver.custom
    ? doc.approver.lines
    : [t('licence.sign.default.1'), t('licence.sign.default.2'), doc.officeAddress].filter(Boolean);
  return (
    <Sheet label={t('licence.front')} stamp={stampOf(doc)}>
      <Heading doc={doc} />
      <h1 className="mt-4 text-center text-[1.3em] font-bold">
        <span className="border-b border-black">{t('licence.title')}</span>
      </h1>
      {doc.isTesting && <p className="mt-1 text-center font-bold text-red-700">{t('licence.testing')}</p>}
      <SuspendedNotice doc={doc} />
      <div className="mt-4 flex flex-wrap justify-between gap-x-4 font-bold">
        <p data-testid="licence-number">
          {t('licence.label.licenceNumber')}: {toBanglaDigits(doc.licenceNumber)}
        </p>
        <p>
          {t('licence.label.approvalDate')}: {formatDateBn(doc.approvalDate)}
        </p>
      </div>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start print:flex-row print:items-start">
        <table className="w-full flex-1 border-collapse text-left">
          <tbody>
            {rows.map(([key, value]) => (
              <tr key={key}>
                <th scope="row" className="w-[42%] border border-gray-500 px-1.5 py-0.5 align-top font-bold">
                  {t(key)}
                </th>
                <td className="border border-gray-500 px-1.5 py-0.5 align-top">
                  {value ? toBanglaDigits(value) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex justify-center gap-4 sm:w-32 sm:flex-col print:w-[32mm] print:flex-col">
          <figure className="text-center">
            <QrCode
              text={doc.qr.details}
              label={t('licence.qr.details')}
              className="mx-auto h-28 w-28 print:h-[30mm] print:w-[30mm]"
            />
            <figcaption className="text-[0.85em]">{t('licence.qr.details')}</figcaption>
          </figure>
          {doc.qr.location && (
            <figure className="text-center">
              <QrCode
                text={doc.qr.location}
                label={t('licence.qr.location')}
                className="mx-auto h-28 w-28 print:h-[30mm] print:w-[30mm]"
              />
              <figcaption className="text-[0.85em]">{t('licence.qr.location')}</figcaption>
            </figure>
          )}
        </div>
      </div>
      <p className="mt-3">{t('licence.intro')}</p>
      <h2 className="mt-2 font-bold">{t('licence.conditionsTitle')}:</h2>
      <ol className="mt-1 space-y-0.5">
        {Array.from({ length: LICENCE_CONDITIONS_COUNT }, (_, i) => (
          <li key={i} className="flex gap-2">
            <span className="w-5 shrink-0 text-right">{toBanglaDigits(i + 1)}।</span>
            <span>{t(`licence.condition.${i + 1}`, { years: toBanglaDigits(doc.termYears) })}</span>
          </li>
        ))}
      </ol>
      <div className="mt-auto flex items-end justify-between gap-4 pt-10">
        <p className="text-[0.8em] text-gray-600">
          {t('licence.label.applicationNumber')}: {toBanglaDigits(doc.applicationNumber)}
        </p>
        <div className="w-56 max-w-[60%] text-center">
          <p className="border-t border-black pt-0.5 text-[0.8em] text-gray-600">({t('licence.sign.line')})</p>
          {signature.map((line, i) => (
            <p key={i} className={i === 0 ? 'font-bold' : undefined}>
              {toBanglaDigits(line)}
            </p>
          ))}
        </div>
      </div>
    </Sheet>
  );
}

function BackPage({ doc }: { doc: LicenceDocument }) {
  const periods = doc.periods.slice(-LICENCE_VALIDITY_ROWS);
  return (
    <Sheet label={t('licence.back')} stamp={stampOf(doc)}>
      <Heading doc={doc} />
      <h1 className="mt-4 text-center text-[1.2em] font-bold">{t('licence.back.title')}</h1>
      <div className="mt-3 flex flex-wrap justify-between gap-x-4">
        <p className="font-bold">
          {t('licence.label.licenceNumber')}: {toBanglaDigits(doc.licenceNumber)}
        </p>
        <p>
          {t('licence.label.name')}: {doc.applicantName}
        </p>
      </div>
      <SuspendedNotice doc={doc} />
      <table
        className="mt-4 w-full border-collapse text-center text-[12px] sm:text-[1em]"
        aria-label={t('licence.back.title')}
      >
        <thead>
          <tr className="bg-green-50">
            <th scope="col" className="w-[11%] border border-black p-1">
              {t('licence.back.serial')}
            </th>
            <th scope="col" className="w-[27%] border border-black p-1 sm:w-[22%]">
              {t('licence.back.from')}
            </th>
            <th scope="col" className="w-[27%] border border-black p-1 sm:w-[22%]">
              {t('licence.back.to')}
            </th>
            <th scope="col" className="border border-black p-1">
              {t('licence.back.signature')}
            </th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: LICENCE_VALIDITY_ROWS }, (_, i) => (
            <tr key={i} className="h-14 print:h-[19mm]">
              <td className="border border-black">{toBanglaDigits(i + 1)}</td>
              <td className="whitespace-nowrap border border-black px-0.5">{formatDateBn(periods[i]?.validFrom)}</td>
              <td className="whitespace-nowrap border border-black px-0.5">{formatDateBn(periods[i]?.validTo)}</td>
              <td className="border border-black" />
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4">{t('licence.back.note')}</p>
      <ChangeHistory doc={doc} />
    </Sheet>
  );
}

/** The name and plot changes approved on this licence (decision 022), oldest first; none, nothing shown. */
function ChangeHistory({ doc }: { doc: LicenceDocument }) {
  if (doc.changes.length === 0) return null;
  return (
    <section className="mt-3 text-[0.9em]" aria-label={t('licence.history.title')}>
      <h2 className="font-bold">{t('licence.history.title')}</h2>
      <ul className="list-disc pl-5">
        {doc.changes.map((c, i) => (
          <li key={i}>
            {t(`licence.history.${c.field}`, {
              // A plot's number and a moved licence's numbers (issue 22) in Bangla digits.
              from: c.field === 'holderName' ? c.from : toBanglaDigits(c.from),
              to: c.field === 'holderName' ? c.to : toBanglaDigits(c.to),
              on: formatDateBn(c.on),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
