import { Link, useParams } from 'react-router-dom';
import { formatDateBn, todayInDhaka } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { MessageKey } from '@portal/shared/i18n/index';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import type { Resolution, ResolutionApplication, ResolutionApplications } from '@portal/shared/schemas/resolutions';
import { useT } from '../../../i18n/locale';
import { RichHtml } from '../../../features/content/RichHtml';
import { pt } from '../../../features/print/printText';
import { ResolutionLoad } from '../../../features/resolutions/ResolutionLoad';
import { useStaffGet } from '../../../features/resolutions/useStaffGet';
import { ui } from '../../../features/staff/ui';
import { usePublicSettings } from '../../../offline/cached';

/**
 * /admin-page/resolutionView/:id (spec 2 §2): the resolution as an A4 document — the office's
 * heading, the title and range, the minutes (sanitised by the server), and the applications of the
 * range as the server lists them (decision 036), with places to sign. The sheet is Bangla with
 * Bangla digits whatever the screen language (spec README "Keep"); the link back to
 * /admin-page/resolution and the buttons are not printed.
 */
const PRINT_CSS = `
@page { size: A4; margin: 14mm 12mm; }
@media print {
  .resolution-sheet table { font-size: 9.5pt; }
  .resolution-sheet tr { break-inside: avoid; }
  .resolution-sheet thead { display: table-header-group; }
  .resolution-signatures { break-inside: avoid; }
}`;

const num = (v: number | string) => toBanglaDigits(String(v));
const dash = (v: string) => (v.trim() ? toBanglaDigits(v) : '—');

function decisionOf(row: ResolutionApplication): string {
  const stage = pt(stageLabelKey(row.stage));
  return row.licenceNumber === null
    ? stage
    : `${stage} (${pt('resolutions.sheet.licence', { number: num(row.licenceNumber) })})`;
}

function ApplicationsTable({ rows }: { rows: ResolutionApplication[] }) {
  if (rows.length === 0) return <p className="my-3 italic">{pt('resolutions.sheet.none')}</p>;
  const th = 'border border-gray-700 px-1.5 py-1 text-left align-bottom font-semibold';
  const td = 'border border-gray-700 px-1.5 py-1 align-top';
  return (
    // Wide on a phone's screen: it scrolls inside its box; on paper it fits the A4 width.
    <div className="overflow-x-auto print:overflow-visible">
      <table className="w-full min-w-[44rem] border-collapse text-sm print:min-w-0">
        <thead className="bg-gray-100 print:bg-transparent">
          <tr>
            <th scope="col" className={th}>
              {pt('resolutions.sheet.col.serial')}
            </th>
            <th scope="col" className={th}>
              {pt('resolutions.sheet.col.number')}
            </th>
            <th scope="col" className={th}>
              {pt('resolutions.sheet.col.name')}
            </th>
            <th scope="col" className={th}>
              {pt('resolutions.sheet.col.address')}
            </th>
            <th scope="col" className={th}>
              {pt('resolutions.sheet.col.mouza')}
            </th>
            <th scope="col" className={th}>
              {pt('resolutions.sheet.col.dag')}
            </th>
            <th scope="col" className={th}>
              {pt('resolutions.sheet.col.kind')}
            </th>
            <th scope="col" className={th}>
              {pt('resolutions.sheet.col.stage')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.id}>
              <td className={td}>{num(i + 1)}</td>
              <td className={td}>{num(r.applicationNumber)}</td>
              <td className={td}>
                <span className="font-semibold">{r.applicantName || '—'}</span>
                {r.fatherName && (
                  <span className="block text-[0.92em]">{pt('resolutions.sheet.father', { name: r.fatherName })}</span>
                )}
              </td>
              <td className={td}>{[r.village, r.union].filter((v) => v.trim()).join(', ') || '—'}</td>
              <td className={td}>{dash(r.mouza)}</td>
              <td className={td}>{dash(r.dagNumber)}</td>
              <td className={td}>{pt(`staff.kind.${r.kind}` as MessageKey)}</td>
              <td className={td}>{decisionOf(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Sheet({ resolution, applications }: { resolution: Resolution; applications: ResolutionApplications }) {
  const { data: settings } = usePublicSettings();
  const office = [settings?.address, settings?.jilla].filter(Boolean).join(', ');
  return (
    <article className="resolution-sheet mx-auto max-w-[210mm] bg-white p-4 text-[15px] leading-relaxed text-black shadow sm:p-8 print:max-w-none print:p-0 print:text-[11pt] print:shadow-none">
      <header className="mb-4 border-b border-gray-800 pb-2 text-center">
        <p className="text-[1.1em] font-bold">{pt('licence.heading.government')}</p>
        <p className="font-bold">{pt('licence.heading.committee')}</p>
        <p>{pt('licence.heading.office')}</p>
        {office && <p className="text-[0.95em]">{toBanglaDigits(office)}</p>}
      </header>
      <h1 className="text-center text-lg font-bold">{resolution.title}</h1>
      <p className="mb-3 text-center">
        {pt('resolutions.sheet.rangeLine', { from: num(resolution.rangeFrom), to: num(resolution.rangeTo) })}
      </p>
      {resolution.html && <RichHtml html={resolution.html} className="mb-4 text-black" />}
      <h2 className="mt-4 mb-2 font-bold">
        {pt('resolutions.sheet.applications', { count: num(applications.rows.length) })}
      </h2>
      <ApplicationsTable rows={applications.rows} />
      <div className="resolution-signatures mt-16 flex justify-between gap-8 text-center text-[0.95em]">
        <p className="w-56 border-t border-gray-800 pt-1">{pt('resolutions.sheet.signSecretary')}</p>
        <p className="w-56 border-t border-gray-800 pt-1">{pt('resolutions.sheet.signChair')}</p>
      </div>
      <p className="mt-6 text-[0.85em] text-gray-700">
        {pt('resolutions.sheet.printedOn', { date: formatDateBn(todayInDhaka()) })}
      </p>
    </article>
  );
}

export default function ResolutionView() {
  const t = useT();
  const { id = '' } = useParams();
  const base = `/api/staff/resolutions/${encodeURIComponent(id)}`;
  const resolution = useStaffGet<Resolution>(base);
  const applications = useStaffGet<ResolutionApplications>(`${base}/applications`);
  const error = resolution.error ?? applications.error;
  const reload = () => {
    resolution.reload();
    applications.reload();
  };
  return (
    <div className="space-y-3 print:space-y-0">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/admin-page/resolution" className="min-h-10 py-2 text-brand-800 underline">
          ← {t('resolutions.backToList')}
        </Link>
        {resolution.data && applications.data && (
          <div className="flex flex-wrap gap-2">
            <Link to={`/admin-page/resolutionEdit/${resolution.data.id}`} className={ui.secondary}>
              {t('resolutions.edit')}
            </Link>
            <button type="button" onClick={() => window.print()} className={ui.primary}>
              {t('resolutions.print')}
            </button>
          </div>
        )}
      </div>
      <ResolutionLoad loading={resolution.loading || applications.loading} error={error} reload={reload}>
        {resolution.data && applications.data && (
          <Sheet resolution={resolution.data} applications={applications.data} />
        )}
      </ResolutionLoad>
    </div>
  );
}
