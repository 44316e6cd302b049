import { useRef, useState } from 'react';
import type { OldImportReport } from '@portal/shared/schemas/old-records';
import { useToast } from '../../components/Toast';
import { ApiError } from '../../api/client';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { staffApi } from '../staff/staffApi';
import { ui } from '../staff/ui';

/**
 * The CSV import of old records (docs/decisions/039-old-records-import.md): choose a file, check it
 * (the dry run: the server's row report, nothing written), then import it, which is possible only
 * after a check of that same file found no error. The import writes every row or none; a refusal
 * shows its row report like the check.
 */
const SHOWN_ROWS = 500;

async function sendCsv(file: File, dryRun: boolean): Promise<OldImportReport> {
  return staffApi<OldImportReport>(`/api/staff/old-records/import${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    body: file,
    // The server reads text/csv only (a type another site cannot send without asking first); a
    // phone or Windows may label the same file application/vnd.ms-excel or nothing at all.
    headers: { 'content-type': 'text/csv' },
  });
}

export function ImportPanel() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<OldImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(true);
  const [done, setDone] = useState<string | null>(null);

  const choose = (picked: File | null) => {
    setFile(picked);
    setReport(null);
    setProblem(null);
    setDone(null);
  };

  const failed = (err: unknown) => {
    const body = err instanceof ApiError ? err.body : undefined;
    if (body?.report) setReport(body.report as OldImportReport);
    const detail = body?.fields ? Object.values(body.fields).join(' ') : '';
    setProblem([f.error(err), detail].filter(Boolean).join(' '));
  };

  const check = async () => {
    if (!file) return setProblem(t('oldRecords.import.chooseFile'));
    setBusy('check');
    setProblem(null);
    setDone(null);
    try {
      const r = await sendCsv(file, true);
      setReport(r);
      setOnlyErrors(r.totals.withErrors > 0);
    } catch (err) {
      setReport(null);
      failed(err);
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    if (!file) return;
    setBusy('import');
    setProblem(null);
    try {
      const r = await sendCsv(file, false);
      const message = t('oldRecords.import.done', { count: f.num(r.totals.ok) });
      toast.success(message);
      setDone(message);
      setReport(null);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (err) {
      failed(err);
      toast.failure(t('oldRecords.import.refused', { message: f.error(err) }));
    } finally {
      setBusy(null);
    }
  };

  const canImport = !!file && !!report && report.dryRun && report.totals.withErrors === 0 && busy === null;
  const rows = report ? report.rows.filter((r) => !onlyErrors || !r.ok) : [];

  return (
    <section aria-labelledby="old-import-title" className={`${ui.card} space-y-3`}>
      <h2 id="old-import-title" className="text-lg font-bold text-brand-800">
        {t('oldRecords.import.title')}
      </h2>
      <p className="text-sm text-gray-700">{t('oldRecords.import.intro')}</p>
      <p className="text-sm">
        <a href="/api/staff/old-records/template.csv" download className="font-semibold text-brand-700 underline">
          {t('oldRecords.import.template')}
        </a>
        <span className="block text-gray-600">{t('oldRecords.import.templateHint')}</span>
      </p>
      <div>
        <label htmlFor="old-import-file" className={ui.label}>
          {t('oldRecords.import.file')}
        </label>
        <input
          id="old-import-file"
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={ui.secondary} disabled={busy !== null} onClick={() => void check()}>
          {busy === 'check' ? t('oldRecords.import.checking') : t('oldRecords.import.check')}
        </button>
        <button type="button" className={ui.primary} disabled={!canImport} onClick={() => void run()}>
          {busy === 'import' ? t('oldRecords.import.running') : t('oldRecords.import.run')}
        </button>
      </div>
      {problem && (
        <p role="alert" className={ui.alertError}>
          {problem}
        </p>
      )}
      {done && (
        <p role="status" className={ui.alertOk}>
          {done}
        </p>
      )}
      {report && (
        <div className="space-y-2">
          <p role="status" className={report.totals.withErrors > 0 ? ui.alertError : ui.alertOk}>
            {t('oldRecords.import.totals', {
              rows: f.num(report.totals.rows),
              ok: f.num(report.totals.ok),
              bad: f.num(report.totals.withErrors),
            })}{' '}
            {report.dryRun &&
              (report.totals.withErrors > 0
                ? t('oldRecords.import.fixFirst')
                : t('oldRecords.import.ready', { rows: f.num(report.totals.rows) }))}
          </p>
          {report.ignoredColumns.length > 0 && (
            <p className={ui.alertInfo}>
              {t('oldRecords.import.ignoredColumns', { columns: report.ignoredColumns.join(', ') })}
            </p>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
            {t('oldRecords.import.onlyErrors')}
          </label>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t('oldRecords.import.caption')}</caption>
              <thead>
                <tr className="bg-gray-100 text-left">
                  <th scope="col" className="p-2">
                    {t('oldRecords.import.col.row')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('oldRecords.import.col.licenceNumber')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('oldRecords.import.col.applicantName')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('oldRecords.import.col.result')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN_ROWS).map((r) => (
                  <tr
                    key={r.row}
                    data-ok={r.ok}
                    className={`border-t border-gray-200 align-top ${r.ok ? '' : 'bg-red-50 text-red-900'}`}
                  >
                    <td className="p-2">{f.num(r.row)}</td>
                    <td className="p-2">{r.licenceNumber ? f.num(r.licenceNumber) : ''}</td>
                    <td className="p-2">{r.applicantName}</td>
                    <td className="p-2">
                      {r.ok ? (
                        t('oldRecords.import.rowOk')
                      ) : (
                        <ul className="list-disc ps-4">
                          {r.errors.map((e, i) => (
                            <li key={i}>{e}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length > SHOWN_ROWS && (
            <p className="text-sm text-gray-600">
              {t('oldRecords.import.more', { count: f.num(rows.length - SHOWN_ROWS) })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
