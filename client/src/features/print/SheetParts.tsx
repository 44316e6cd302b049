import type { ReactNode } from 'react';
import type { FormKa } from '@portal/shared';
import { formatDateBn, todayInDhaka } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { MessageKey } from '@portal/shared/i18n/index';
import { bd, pt } from './printText';

/** A printed line, label and value; null for a line this kind of form does not have. */
export type Line = readonly [label: string, value: ReactNode] | null;

/** The numbered lines of a form (number, label, value), numbered over the lines present. */
export function Lines({ lines }: { lines: readonly Line[] }) {
  const present = lines.filter((l) => l !== null);
  return (
    <table className="w-full border-collapse">
      <tbody>
        {present.map(([label, value], i) => (
          <tr key={i} className="align-top">
            <td className="w-8 py-1 pe-1">{toBanglaDigits(i + 1)}।</td>
            <td className="w-[38%] py-1 pe-2">{label}</td>
            <td className="py-1">: {value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A free text as the applicant typed it, line breaks kept. */
export const text = (v: unknown) => <span className="whitespace-pre-wrap">{bd(v)}</span>;

type Fields = Record<string, unknown>;

/** The lines every form has about the applicant: name, parents, NID, mobile, address and plot. */
export function applicantLines(f: Fields, name: unknown, upazila: string): Line[] {
  return [
    name ? [pt('application.print.applicant'), bd(name)] : null,
    [pt('application.field.fatherName'), bd(f.fatherName)],
    [pt('application.field.motherName'), bd(f.motherName)],
    [pt('application.field.nid'), bd(f.nid)],
    [pt('application.field.mobile'), bd(f.mobile)],
    [
      pt('application.print.address'),
      pt('application.print.addressLine', {
        village: bd(f.village),
        union: bd(f.union),
        post: bd(f.postOffice),
        upazila: bd(upazila),
      }),
    ],
    [
      pt('application.print.plot'),
      pt('application.print.plotLine', {
        mouza: bd(f.mouza),
        jl: bd(f.jlNumber),
        khotian: bd(f.khotian),
        dag: bd(f.dagNumber),
      }),
    ],
  ];
}

/** The A4 sheet (210mm wide on screen and paper) every printed form is drawn on. */
export function Sheet({ children }: { children: ReactNode }) {
  return (
    <article className="mx-auto mb-6 max-w-[210mm] bg-white p-4 text-[15px] leading-relaxed text-black shadow print:m-0 print:max-w-none print:p-0 print:shadow-none sm:p-8">
      {children}
    </article>
  );
}

/** The form's name, heading, addressee and the applicant's photo box. */
export function SheetHeader({ form, formName, heading }: { form: FormKa; formName: string; heading: string }) {
  const upazila = form.upazila || String(form.fields.upazila ?? '');
  return (
    <header className="mb-3 flex items-start justify-between gap-3">
      <div className="min-w-0 flex-1">
        <p className="text-right font-bold sm:text-left">{formName}</p>
        <h1 className="text-lg font-bold">{heading}</h1>
        <p>{pt('application.print.to', { upazila: [upazila, form.district].filter(Boolean).join(', ') })}</p>
      </div>
      <div className="flex h-[38mm] w-[30mm] shrink-0 items-center justify-center border border-black text-center text-xs">
        {form.photoUrl ? (
          <img src={form.photoUrl} alt={pt('application.print.photo')} className="h-full w-full object-cover" />
        ) : (
          pt('application.print.photo')
        )}
      </div>
    </header>
  );
}

/** The application number and the day it was received, in Bangla digits. */
export function NumberLine({ form, children }: { form: FormKa; children?: ReactNode }) {
  const submitted = form.submittedAt ? formatDateBn(todayInDhaka(new Date(form.submittedAt))) : '—';
  return (
    <>
      <div className="mb-3 flex flex-wrap justify-between gap-2 border-y border-black py-1 font-semibold">
        <span>
          {pt('application.print.applicationNumber')}:{' '}
          <span data-testid="print-number">{toBanglaDigits(form.applicationNumber)}</span>
        </span>
        {children}
        <span>
          {pt('application.print.date')}: {submitted}
        </span>
      </div>
      {form.intakeStatus !== 'complete' && (
        <p className="mb-2 border border-black p-1 text-sm">{pt('application.print.filesPending')}</p>
      )}
    </>
  );
}

/** The kind's documents, each ticked when the office holds it. */
export function DocumentList({ form, slots }: { form: FormKa; slots: readonly string[] }) {
  return (
    <>
      <h2 className="mt-3 font-bold">{pt('application.print.documents')}</h2>
      <ol className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 print:grid-cols-2">
        {slots.map((slot, i) => {
          const present = form.filesPresent.includes(slot);
          return (
            <li key={slot} className="flex gap-2">
              <span aria-hidden>{present ? '☑' : '☐'}</span>
              <span>
                {toBanglaDigits(i + 1)}. {pt(`application.slot.${slot}` as MessageKey)} —{' '}
                {pt(present ? 'application.print.yes' : 'application.print.no')}
              </span>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** The declaration and the applicant's signature line. */
export function Signature({ declaration }: { declaration: string }) {
  return (
    <>
      <p className="mt-4">{declaration}</p>
      <div className="mt-12 flex justify-end">
        <p className="w-56 border-t border-black pt-1 text-center">{pt('application.print.signature')}</p>
      </div>
    </>
  );
}
