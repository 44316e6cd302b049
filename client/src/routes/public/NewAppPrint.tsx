import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { FormKa } from '@portal/shared';
import { formatDateBn, todayInDhaka, toBanglaDigits, type MessageKey } from '@portal/shared/i18n/index';
import { api, ApiError } from '../../api/client';
import { NEW_FORM_SLOTS } from '../../features/application/formValues';
import { translateIn } from '../../i18n/locale';

/** Printed documents are in Bangla with Bangla digits, whatever the screen language (spec README "Keep"). */
const t = (key: MessageKey, params?: Record<string, string | number>) => translateIn('bn', key, params);
const bd = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : toBanglaDigits(String(v)));

type Load = { kind: 'loading' } | { kind: 'ready'; form: FormKa } | { kind: 'error'; message: string; retry: boolean };

/**
 * /new-app-print/:id — Form-Ka (spec 1 §2 "Print pages"): the applicant's photo, upazila,
 * application number, class and size, dates, names, addresses, plot details, fees, slip number
 * and the document checklist, on one A4 page. Printing happens only when the button is pressed.
 */
export default function NewAppPrint() {
  const { id = '' } = useParams();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    api<FormKa>(`/api/applications/${encodeURIComponent(id)}/print`)
      .then((form) => live && setLoad({ kind: 'ready', form }))
      .catch((e: unknown) => {
        if (!live) return;
        const err = e instanceof ApiError ? e : null;
        if (err?.status === 404) setLoad({ kind: 'error', message: t('application.print.notFound'), retry: false });
        else setLoad({ kind: 'error', message: err?.messageBn ?? t('common.networkError'), retry: true });
      });
    return () => {
      live = false;
    };
  }, [id, attempt]);

  return (
    <div className="min-h-screen bg-gray-100 print:bg-white">
      <style>{'@page { size: A4; margin: 12mm; }'}</style>
      <div className="no-print mx-auto flex max-w-[210mm] flex-wrap items-center justify-between gap-2 p-3">
        <Link to="/saved" className="min-h-10 py-2 text-brand-800 underline">
          {t('application.print.back')}
        </Link>
        {load.kind === 'ready' && (
          <button
            type="button"
            onClick={() => window.print()}
            className="min-h-11 rounded bg-brand-700 px-5 font-bold text-white"
          >
            {t('common.print')}
          </button>
        )}
      </div>
      {load.kind === 'loading' && (
        <p role="status" className="p-6 text-center text-gray-600">
          {t('common.loading')}
        </p>
      )}
      {load.kind === 'error' && (
        <div role="alert" className="mx-auto max-w-md rounded border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="mb-3">{load.message}</p>
          {load.retry && (
            <button
              type="button"
              onClick={() => setAttempt((a) => a + 1)}
              className="min-h-10 rounded bg-brand-700 px-4 font-semibold text-white"
            >
              {t('common.retry')}
            </button>
          )}
        </div>
      )}
      {load.kind === 'ready' && <FormKaSheet form={load.form} />}
    </div>
  );
}

function Row({ n, label, children }: { n: number; label: string; children: ReactNode }) {
  return (
    <tr className="align-top">
      <td className="w-8 py-1 pe-1">{toBanglaDigits(n)}।</td>
      <td className="w-[38%] py-1 pe-2">{label}</td>
      <td className="py-1">: {children}</td>
    </tr>
  );
}

function FormKaSheet({ form }: { form: FormKa }) {
  const f = form.fields as Record<string, string | number | boolean | undefined>;
  const s = (k: string) => (f[k] === undefined ? '' : String(f[k]));
  const name =
    s('applicantName') ||
    (s('instituteName') ? `${s('instituteName')} (${s('registrationNumber')})` : '') ||
    (s('groupName') ? `${s('groupName')}, ${s('representativeName')}` : '');
  const submitted = form.submittedAt ? formatDateBn(todayInDhaka(new Date(form.submittedAt))) : '—';
  const upazila = form.upazila || s('upazila');
  const wellClass = s('wellClass') ? t(`common.wellClass.${s('wellClass')}` as MessageKey) : '—';
  const wellSize = s('wellSize') ? t(`common.wellSize.${s('wellSize')}` as MessageKey) : '—';
  const pump = s('pumpType') ? t(`common.pumpType.${s('pumpType')}` as MessageKey) : '—';
  let n = 0;
  return (
    <article className="mx-auto mb-6 max-w-[210mm] bg-white p-4 text-[15px] leading-relaxed text-black shadow print:m-0 print:max-w-none print:p-0 print:shadow-none sm:p-8">
      <header className="mb-3 flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-right font-bold sm:text-left">{t('application.print.formKa')}</p>
          <h1 className="text-lg font-bold">{t('application.print.heading')}</h1>
          <p>{t('application.print.to', { upazila: [upazila, form.district].filter(Boolean).join(', ') })}</p>
        </div>
        <div className="flex h-[38mm] w-[30mm] shrink-0 items-center justify-center border border-black text-center text-xs">
          {form.photoUrl ? (
            <img src={form.photoUrl} alt={t('application.print.photo')} className="h-full w-full object-cover" />
          ) : (
            t('application.print.photo')
          )}
        </div>
      </header>
      <div className="mb-3 flex flex-wrap justify-between gap-2 border-y border-black py-1 font-semibold">
        <span>
          {t('application.print.applicationNumber')}:{' '}
          <span data-testid="print-number">{toBanglaDigits(form.applicationNumber)}</span>
        </span>
        <span>
          {t('application.print.date')}: {submitted}
        </span>
      </div>
      {form.intakeStatus !== 'complete' && (
        <p className="mb-2 border border-black p-1 text-sm">{t('application.print.filesPending')}</p>
      )}
      <table className="w-full border-collapse">
        <tbody>
          <Row n={++n} label={t('application.print.applicant')}>
            {bd(name)}
          </Row>
          <Row n={++n} label={t('application.field.fatherName')}>
            {bd(f.fatherName)}
          </Row>
          <Row n={++n} label={t('application.field.motherName')}>
            {bd(f.motherName)}
          </Row>
          <Row n={++n} label={t('application.field.nid')}>
            {bd(f.nid)}
          </Row>
          <Row n={++n} label={t('application.field.mobile')}>
            {bd(f.mobile)}
          </Row>
          <Row n={++n} label={t('application.print.address')}>
            {t('application.print.addressLine', {
              village: bd(f.village),
              union: bd(f.union),
              post: bd(f.postOffice),
              upazila: bd(upazila),
            })}
          </Row>
          <Row n={++n} label={t('application.print.plot')}>
            {t('application.print.plotLine', {
              mouza: bd(f.mouza),
              jl: bd(f.jlNumber),
              khotian: bd(f.khotian),
              dag: bd(f.dagNumber),
            })}
          </Row>
          <Row n={++n} label={t('application.print.classAndSize')}>
            {wellClass}, {wellSize}
          </Row>
          <Row n={++n} label={t('application.field.pumpType')}>
            {pump}
          </Row>
          <Row n={++n} label={t('application.print.proposedSite')}>
            {t('application.print.proposedLine', { mouza: bd(f.proposedMouza), union: bd(f.proposedUnion) })}
          </Row>
          <Row n={++n} label={t('application.field.nearestWellDistance')}>
            {bd(f.nearestWellDistance)}
          </Row>
          <Row n={++n} label={t('application.field.benefitArea')}>
            <span className="whitespace-pre-wrap">{bd(f.benefitArea)}</span>
          </Row>
          <Row n={++n} label={t('application.field.specialConsideration')}>
            <span className="whitespace-pre-wrap">{bd(f.specialConsideration)}</span>
          </Row>
          <Row n={++n} label={t('application.print.location')}>
            {f.latitude !== undefined ? `${bd(f.latitude)}, ${bd(f.longitude)}` : '—'}
          </Row>
          <Row n={++n} label={t('application.print.fees')}>
            {t('application.print.feeLine', {
              fee: bd(f.advanceFee),
              slip: bd(f.slipNumber),
              date: f.feePaidOn ? formatDateBn(s('feePaidOn')) : '—',
            })}
          </Row>
        </tbody>
      </table>
      <h2 className="mt-3 font-bold">{t('application.print.documents')}</h2>
      <ol className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 print:grid-cols-2">
        {NEW_FORM_SLOTS.map((slot, i) => {
          const present = form.filesPresent.includes(slot);
          return (
            <li key={slot} className="flex gap-2">
              <span aria-hidden>{present ? '☑' : '☐'}</span>
              <span>
                {toBanglaDigits(i + 1)}. {t(`application.slot.${slot}`)} —{' '}
                {t(present ? 'application.print.yes' : 'application.print.no')}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-4">{t('application.print.declaration')}</p>
      <div className="mt-12 flex justify-end">
        <p className="w-56 border-t border-black pt-1 text-center">{t('application.print.signature')}</p>
      </div>
    </article>
  );
}
